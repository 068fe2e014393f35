import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { closeDateRefusal, dayCloseChecks, firstOpenDay, type CloseDateRefusal, type DayCloseCheck } from '@aurum/domain/finance/day-close';
import type { DayCloseCheckAnswer, DayClosesAnswer, DayCloseView } from '@aurum/domain/finance/day-close-schemas';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { appError, auditedRefusal } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { holidayDates } from '../system/holiday-service.ts';
import { barsHeld } from '../vault/vault-service.ts';
import {
  closedCustomerBooksBelowZero,
  customerBooksBelowZero,
  foldClosed,
  latestCloses,
  lockJournal,
  metalHeldInBooks,
  recordClose,
  removeClose,
  type CloseRow,
} from '../ledger/ledger-close-service.ts';
import { trialBalanceBetween } from './finance-service.ts';

/**
 * The day close (decision 1001): a finance approver closes the next business day once it has
 * ended and its checks pass; the books are snapshotted at its end (decision 1002) and the journal
 * refuses any entry dated before that end. Only the latest close can be reopened, by a superAdmin.
 */

/** How many closes the list shows; a negative customer book list is cut at this many. */
const CLOSES_SHOWN = 60;
const NEGATIVE_SHOWN = 20;

const closeView = (c: CloseRow): DayCloseView => ({
  date: c.date,
  from: c.startsAt?.toISOString() ?? null,
  to: c.endsAt.toISOString(),
  closedBy: c.closedBy,
  closedAt: c.closedAt.toISOString(),
});

/** The closed days and where postings may be dated now. */
export async function closesAnswer(q: Queryable, now: Date): Promise<DayClosesAnswer> {
  const closes = await latestCloses(q, CLOSES_SHOWN);
  const today = businessDate(now);
  const lastClosed = closes[0]?.date ?? null;
  return { lastClosed, firstOpenDay: firstOpenDay(lastClosed, today), today, items: closes.map(closeView) };
}

/** The first open day and the moment an adjustment approved now is dated: now, or the last moment of an earlier open day. */
export async function adjustmentDate(q: Queryable, now: Date): Promise<Date> {
  const [latest] = await latestCloses(q, 1);
  const day = firstOpenDay(latest?.date ?? null, businessDate(now));
  const end = startOfBusinessDay(day, 1);
  return end.getTime() <= now.getTime() ? new Date(end.getTime() - 1) : now;
}

interface Stretch {
  date: string;
  startsAt: Date | null;
  endsAt: Date;
  refusal: CloseDateRefusal | null;
}

async function stretchOf(q: Queryable, date: string, now: Date): Promise<Stretch> {
  const [latest] = await latestCloses(q, 1);
  const refusal = closeDateRefusal(date, latest?.date ?? null, businessDate(now), await holidayDates(q));
  return { date, startsAt: latest?.endsAt ?? null, endsAt: startOfBusinessDay(date, 1), refusal };
}

/**
 * The checks of a stretch of the journal: its trial balance, the customer books at its end, the
 * metal books against the bars now. `folded`: the stretch is in the closed balances already (the
 * close, in its transaction), so they are read from there; else (a preview) from its postings.
 */
async function checksOf(q: Queryable, s: Stretch, folded: boolean): Promise<DayCloseCheck[]> {
  const units = await trialBalanceBetween(q, s.startsAt ?? new Date(0), s.endsAt);
  const negative = folded ? await closedCustomerBooksBelowZero(q, NEGATIVE_SHOWN) : await customerBooksBelowZero(q, s.startsAt, s.endsAt, NEGATIVE_SHOWN);
  const books = new Map((await metalHeldInBooks(q, folded ? s.endsAt : s.startsAt)).map((m) => [m.metal, m.grams]));
  const bars = await barsHeld(q);
  const metals = [...new Set([...books.keys(), ...bars.map((b) => b.metal)])].sort().map((metal) => ({
    metal,
    books: books.get(metal) ?? '0',
    bars: bars.find((b) => b.metal === metal)?.grams ?? '0',
  }));
  return dayCloseChecks({ units, negativeCustomerBooks: negative, metals });
}

const answerOf = (s: Stretch, checks: DayCloseCheck[]): DayCloseCheckAnswer => ({
  date: s.date,
  from: s.startsAt?.toISOString() ?? null,
  to: s.endsAt.toISOString(),
  refusal: s.refusal,
  checks,
  closable: s.refusal === null && checks.every((c) => c.ok),
});

/** What closing a day would find now; nothing is written. A refused date still shows the checks of the stretch it would close. */
export async function dayCloseCheck(q: Queryable, date: string, now: Date): Promise<DayCloseCheckAnswer> {
  const s = await stretchOf(q, date, now);
  if (s.refusal?.rule === 'alreadyClosed') return answerOf(s, []);
  return answerOf(s, await checksOf(q, s, false));
}

const REFUSAL_TEXT: { [R in CloseDateRefusal['rule']]: (r: Extract<CloseDateRefusal, { rule: R }>, date: string) => string } = {
  notEnded: (r, date) => `${date} has not ended yet (today is ${r.today}).`,
  alreadyClosed: (r, date) => `${date} is closed already (closed through ${r.lastClosed}).`,
  businessDayOpen: (r, date) => `The business day ${r.open} before ${date} is still open: close it first.`,
};

function refusalText(r: CloseDateRefusal, date: string): string {
  return (REFUSAL_TEXT[r.rule] as (r: CloseDateRefusal, date: string) => string)(r, date);
}

/** Closes a business day: the journal locked, the date and the checks verified, the balances folded and snapshotted. */
export async function closeDay(c: Change, date: string): Promise<DayCloseView> {
  await lockJournal(c.q);
  const s = await stretchOf(c.q, date, c.now);
  if (s.refusal) {
    const { rule, ...rest } = s.refusal;
    throw appError(ErrorCode.DayCloseRefused, refusalText(s.refusal, date), { detail: { rule, ...rest } });
  }
  // the stretch's postings are read once into the closed balances; a refusal rolls the fold back
  await foldClosed(c.q, s.startsAt, s.endsAt, 1);
  const checks = await checksOf(c.q, s, true);
  const failed = checks.filter((k) => !k.ok);
  if (failed.length > 0) {
    const names = failed.map((k) => k.check).join(',');
    throw auditedRefusal(appError(ErrorCode.DayCloseRefused, `${date} was not closed: its checks failed (${names}).`, { detail: { rule: 'checks', failed: names } }), {
      action: 'finance.dayClose',
      detail: { decision: 'refused', date, checks: failed },
    });
  }
  await recordClose(c.q, { date, startsAt: s.startsAt, endsAt: s.endsAt, by: c.by, at: c.now });
  const [closed] = await latestCloses(c.q, 1);
  c.audit.after({ date, from: s.startsAt?.toISOString() ?? null, to: s.endsAt.toISOString(), checks });
  return closeView(closed!);
}

/** Reopens the latest closed day: its postings leave the closed balances, its snapshot goes; the reason is on the audit row. */
export async function reopenDay(c: Change, date: string, reason: string): Promise<DayClosesAnswer> {
  await lockJournal(c.q);
  const [latest] = await latestCloses(c.q, 1);
  if (!latest || latest.date !== date) {
    const context = latest ? `Only the latest closed day (${latest.date}) can be reopened.` : 'No day is closed.';
    throw appError(ErrorCode.DayCloseRefused, context, { detail: { rule: 'notLatest', lastClosed: latest?.date ?? '' } });
  }
  await foldClosed(c.q, latest.startsAt, latest.endsAt, -1);
  await removeClose(c.q, date);
  c.audit.before(closeView(latest));
  c.audit.note('reason', reason);
  return closesAnswer(c.q, c.now);
}
