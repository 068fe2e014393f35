import { CLOSE_ACCRUALS, debitBalanceOf, towardTarget, type AccrualPair } from '@aurum/domain/finance/close-postings';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { revaluationOfDay, type PositionPoint } from '@aurum/domain/finance/pnl';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE, businessDatesBetween, daysBetween, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { TREASURY_METALS, type TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { daySourceId, houseAccount, type Posting } from '@aurum/domain/wallet/ledger';
import type { Change } from '../../http/change.ts';
import { usdHedgesRevaluation } from '../hedges/hedge-service.ts';
import { postingsOfSource } from '../ledger/ledger-close-service.ts';
import { postEntry } from '../ledger/ledger-service.ts';
import { interestAccruedOn } from '../orders/order-read-service.ts';
import { closingRate } from '../treasury/treasury-service.ts';
import { positionAtBoundaries } from './pnl-repository.ts';

/**
 * What a day's close posts of its own (decision 1041), in the close's transaction before its figures
 * are read: the interest accrued on overdue orders, the revaluation of the metal position and of USD
 * balances, each dated at the day's last moment, and their reversal at the next day's first moment.
 * Each posting brings what the day's entries of that kind hold to its target, so a day closed again
 * after a reopening posts only the difference.
 */

const CLOSE_KIND = 'finance.close';
/** The most days a stretch can hold: the calendar's. */
const CALENDAR_DAYS = daysBetween(CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE) + 1;
const REVERSAL_KIND = 'finance.closeReversal';

/** One target of a close: a pair of books, the metal it is about (null for USD), and the amount it should hold at the day's end. */
interface Target {
  what: keyof typeof CLOSE_ACCRUALS;
  metal: TreasuryMetal | null;
  amount: Decimal;
}

export interface CloseEntriesReport {
  interest: { myr: string; xau: string };
  revaluation: Array<{ metal: TreasuryMetal; amount: string }>;
  usdRevaluation: string | null;
  /** Days and metals without a price at one end (their revaluation counts as zero), and whether the USD rate was missing. */
  unpriced: Array<{ date: string; metal: TreasuryMetal }>;
}

/** What the entries of a day's source hold in a pair's book, by kind and metal (debit-positive). */
function heldBy(postings: ReadonlyArray<{ kind: string; metal: string | null } & Posting>, kind: string, pair: AccrualPair, metal: TreasuryMetal | null): Decimal {
  return debitBalanceOf(
    postings.filter((p) => p.kind === kind && p.metal === metal),
    houseAccount(pair.held),
  );
}

/** Every business date after `previous` (the last close's date) up to `date`; the first close has only its own day. */
function stretchDays(previous: string | null, date: string): string[] {
  const first = previous === null ? date : dayAfter(previous);
  // a stretch is a few days (a weekend, holidays with the next business day); the calendar bounds it in any case
  return businessDatesBetween(first, date, CALENDAR_DAYS);
}

/**
 * The metal position's revaluation through `date`: the running total the previous close held, plus
 * each day of the stretch's revaluation (the net at the day's start times the price's move over it).
 */
async function metalTargets(c: Change, previous: string | null, date: string): Promise<{ targets: Target[]; unpriced: CloseEntriesReport['unpriced'] }> {
  const days = stretchDays(previous, date);
  const points = await positionAtBoundaries(c.q, startOfBusinessDay(days[0]!), startOfBusinessDay(date, 1), TREASURY_METALS);
  const before = previous === null ? [] : (await postingsOfSource(c.q, { kind: 'day', id: daySourceId(previous) })).map(toPosting);
  const unpriced: CloseEntriesReport['unpriced'] = [];
  const targets: Target[] = [];
  for (const metal of TREASURY_METALS) {
    const ofMetal = points.filter((p) => p.metal === metal);
    const point = (i: number): PositionPoint | null => {
      const p = ofMetal[i];
      return p && p.net !== null ? { net: p.net, mtmMyr: p.mtm_myr, usdPerOunce: p.usd_per_ounce, usdMyr: p.usd_myr } : null;
    };
    let total = heldBy(before, CLOSE_KIND, CLOSE_ACCRUALS.revaluationMetal, metal);
    days.forEach((day, i) => {
      const amount = revaluationOfDay(point(i), point(i + 1));
      if (amount === null) unpriced.push({ date: day, metal });
      else total = total.plus(amount);
    });
    targets.push({ what: 'revaluationMetal', metal, amount: total });
  }
  return { targets, unpriced };
}

const toPosting = (r: { kind: string; metal: string | null; from_account: string; to_account: string; asset: string; amount: string }) =>
  ({ kind: r.kind, metal: r.metal, from: r.from_account, to: r.to_account, asset: r.asset, amount: r.amount }) as { kind: string; metal: string | null } & Posting;

/** Posts the close's own entries for `date` (the stretch after `previous`) and their reversal at the next day's start. */
export async function postCloseEntries(c: Change, date: string, previous: string | null): Promise<CloseEntriesReport> {
  const end = startOfBusinessDay(date, 1);
  const interest = await interestAccruedOn(c.q, date);
  const metal = await metalTargets(c, previous, date);
  const rate = await closingRate(c.q, end);
  const usd = rate === null ? null : await usdHedgesRevaluation(c.q, end, rate.usdMyr);
  const targets: Target[] = [
    { what: 'interestMyr', metal: 'XAU', amount: new Decimal(interest.myr) },
    { what: 'interestXau', metal: 'XAU', amount: new Decimal(interest.xau) },
    ...metal.targets,
    ...(usd === null ? [] : [{ what: 'revaluationUsd' as const, metal: null, amount: usd }]),
  ];
  const source = { kind: 'day' as const, id: daySourceId(date) };
  const held = (await postingsOfSource(c.q, source)).map(toPosting);
  for (const t of targets) {
    const pair = CLOSE_ACCRUALS[t.what];
    const post = async (kind: string, at: Date, target: Decimal) => {
      const postings = towardTarget(pair, heldBy(held, kind, pair, t.metal), target);
      if (postings.length === 0) return;
      await postEntry(c.q, { kind, userId: null, note: `${t.what} ${date}`, createdBy: c.by, postings, at, source, ...(t.metal ? { metal: t.metal } : {}) });
    };
    await post(CLOSE_KIND, new Date(end.getTime() - 1), t.amount);
    await post(REVERSAL_KIND, end, t.amount.neg());
  }
  return {
    interest,
    revaluation: metal.targets.map((t) => ({ metal: t.metal!, amount: roundTo(t.amount, SCALE.MYR) })),
    usdRevaluation: usd === null ? null : roundTo(usd, SCALE.MYR),
    unpriced: metal.unpriced,
  };
}
