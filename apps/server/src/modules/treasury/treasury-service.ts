import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { Decimal } from '@aurum/domain/money/decimal';
import { DEFAULT_OFFLINE_PRICE_BAND } from '@aurum/domain/orders/offline-price-band';
import { TREASURY_METALS, type TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import {
  bandCrossing,
  coverageDecision,
  coverageShortBy,
  markToMarket,
  mid,
  myrPerGramAt,
  outsideBand,
  positionLines,
  type CoverageMode,
  type MetalPrice,
  type PositionLines,
} from '@aurum/domain/treasury/treasury-books';
import type { PositionAnswer, PositionHistoryAnswer, PositionItem } from '@aurum/domain/treasury/position-schemas';
import type { TreasurySettingsAnswer, TreasurySettingsBody } from '@aurum/domain/treasury/treasury-settings-schemas';
import { isMetalPlace, metalAccount, type MetalPlace as LedgerPlace } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import type { Change } from '../../http/change.ts';
import { appError, auditedRefusal } from '../../http/app-error.ts';
import type { EventBus, Quotes } from '../../live/event-bus.ts';
import { postEntry } from '../ledger/ledger-service.ts';
import {
  availableBars,
  bookBalances,
  cover,
  hedgedTotals,
  historySince,
  lockSettings,
  offlinePriceBandOf,
  pricedPointAt,
  rateAt,
  sellReceivables,
  settingsRows,
  updateSettings,
  type BookRow,
} from './treasury-repository.ts';

/**
 * The treasury's service (decisions 0801 and 0832):
 * the metal books, the net position per metal and the coverage rule. Other modules (orders,
 * assets, vault, hedges) call `netPosition`, `assertCovered` (or `checkCoverage`), `postMetal` and
 * `positionMoved`, and nothing else of the treasury.
 */

/** A place metal can be (the metal books, decision 0831): outside the house, a vault, in transit, at a provider, borrowed. */
export type MetalPlace = LedgerPlace;

/** The books and order facts of every metal, read in a handful of statements. */
async function readFacts(q: Queryable, only?: TreasuryMetal): Promise<Map<TreasuryMetal, PositionLines>> {
  // one after another: a transaction's client runs one statement at a time
  const books = await bookBalances(q, only);
  const bars = await availableBars(q);
  const hedged = await hedgedTotals(q);
  const receivables = await sellReceivables(q);
  const byMetal = new Map<TreasuryMetal, BookRow[]>();
  for (const row of books) byMetal.set(row.metal, [...(byMetal.get(row.metal) ?? []), row]);
  const out = new Map<TreasuryMetal, PositionLines>();
  for (const metal of TREASURY_METALS) {
    if (only && metal !== only) continue;
    const rows = byMetal.get(metal) ?? [];
    const book = (name: string) => rows.find((r) => r.book === name)?.balance ?? '0';
    const places = new Map<LedgerPlace, string>();
    const prefix = `metal:${metal}:`;
    for (const r of rows) if (r.book.startsWith(prefix)) places.set(r.book.slice(prefix.length) as LedgerPlace, r.balance);
    out.set(
      metal,
      positionLines({
        metal,
        wallets: book('wallets'),
        heldForSells: book('heldForSells'),
        buyObligations: book('buyObligations'),
        sellReceivables: receivables.get(metal) ?? '0',
        places,
        hedged: hedged.get(metal) ?? '0',
        availableBars: bars.get(metal) ?? '0',
      }),
    );
  }
  return out;
}

/** The net house position of a metal in grams (4 decimals), as `GET treasury/position` answers it. */
export async function netPosition(q: Queryable, metal: TreasuryMetal): Promise<string> {
  return (await readFacts(q, metal)).get(metal)!.net;
}

/**
 * The coverage rule's figures of every metal, as the rule reads them (the reconciliation reports a
 * shortfall from these): customer metal, available bars' book weight, metal at providers.
 */
export async function coverageFigures(q: Queryable): Promise<Array<{ metal: TreasuryMetal; customerMetal: string; availableBars: string; atProviders: string }>> {
  const facts = await readFacts(q);
  return TREASURY_METALS.map((metal) => {
    const lines = facts.get(metal)!;
    return { metal, customerMetal: lines.customerMetal, availableBars: new Decimal(lines.coverageSupply).minus(lines.atProviders).toFixed(4), atProviders: lines.atProviders };
  });
}

/**
 * `GET treasury/history`: the net position of every metal at each history slot of the last `hours`
 * (a metal without a point at a slot keeps its previous value, or zero before its first).
 */
export async function positionHistory(q: Queryable, now: Date, hours: number, everyMinutes: number): Promise<PositionHistoryAnswer> {
  const rows = await historySince(q, new Date(now.getTime() - hours * 3_600_000));
  const points: PositionHistoryAnswer['points'] = [];
  const last = Object.fromEntries(TREASURY_METALS.map((m) => [m, '0.0000'])) as Record<TreasuryMetal, string>;
  for (const row of rows) {
    const at = row.at.toISOString();
    if (points.at(-1)?.at !== at) points.push({ at, net: { ...last } });
    points.at(-1)!.net[row.metal] = row.net;
    last[row.metal] = row.net;
  }
  return { everyMinutes, points };
}

/** The live price of a metal from the market's quotes (mid of bid and ask), or null. */
export function metalPrice(quotes: Quotes | null, metal: TreasuryMetal): MetalPrice | null {
  if (!quotes) return null;
  const m = quotes.metals[metal.toLowerCase() as 'xau' | 'xpt' | 'xag'];
  if (!m) return null;
  return { usdPerOunce: mid(m.bid, m.ask), usdMyr: mid(quotes.usdMyr.bid, quotes.usdMyr.ask) };
}

/**
 * A metal's closing price at a moment (decision 1043): MYR per gram from the latest point of the
 * treasury's history at or before it, with the moment it was valued; null when no point was valued.
 */
export async function closingPrice(q: Queryable, metal: TreasuryMetal, at: Date): Promise<{ myrPerGram: string; at: Date } | null> {
  const p = await pricedPointAt(q, metal, at);
  if (!p) return null;
  const myrPerGram = myrPerGramAt({ net: p.net, mtmMyr: p.mtm_myr, usdPerOunce: p.usd_per_ounce, usdMyr: p.usd_myr });
  return myrPerGram === null ? null : { myrPerGram, at: new Date(p.at) };
}

/** The USD/MYR closing mid at a moment: the latest the treasury's history was valued at, at or before it; null when none was. */
export async function closingRate(q: Queryable, at: Date): Promise<{ usdMyr: string; at: Date } | null> {
  const r = await rateAt(q, at);
  return r?.usd_myr ? { usdMyr: r.usd_myr, at: new Date(r.at) } : null;
}

/** `GET treasury/position`: one item per metal, marked to market at the live quotes (null without). */
export async function positionAnswer(q: Queryable, quotes: Quotes | null, now: Date): Promise<PositionAnswer> {
  const facts = await readFacts(q);
  const settings = await settingsRows(q);
  const items: PositionItem[] = [];
  for (const metal of TREASURY_METALS) {
    const lines = facts.get(metal)!;
    const s = settings.find((r) => r.metal === metal);
    const target = new Decimal(s?.target ?? '0').toFixed(4);
    const band = new Decimal(s?.band ?? '0').toFixed(4);
    items.push({
      metal,
      customerHoldings: lines.customerHoldings,
      buyObligations: lines.buyObligations,
      sellReceivables: lines.sellReceivables,
      vaultStock: lines.vaultStock,
      inTransit: lines.inTransit,
      atProviders: lines.atProviders,
      hedged: lines.hedged,
      houseMetal: lines.houseMetal,
      net: lines.net,
      ...markToMarket(lines.net, metalPrice(quotes, metal)),
      target,
      band,
      outsideBand: outsideBand(lines.net, target, band),
      coverageMode: s?.coverage_mode ?? 'refuse',
      offlinePriceBand: s ? new Decimal(s.offline_price_band).toFixed(2) : DEFAULT_OFFLINE_PRICE_BAND,
      coverageHeadroom: lines.coverageHeadroom,
    });
  }
  return { items, at: now.toISOString() };
}

/** What a coverage check found: covered, refused (thrown), or flagged (mode alert: accepted). */
export interface CoverageOutcome {
  decision: 'covered' | 'flagged';
  shortBy: string | null;
}

/**
 * Test and bench switch (never reachable by a client): the coverage rule is skipped in this process
 * (bench/coverage-check.ts measures order creation with and without it).
 */
let coverageSkipped = false;
export function skipCoverageForBench(skip: boolean): void {
  coverageSkipped = skip;
}

/** Quota slots per metal (migration 020's treasury_coverage_quota). */
const QUOTA_SLOTS = 16;

/**
 * The coverage rule, checked inside the transaction that could break it, after its own changes:
 * customer metal (wallets plus metal owed on filled buys) must not exceed the available bars'
 * book weight plus metal at providers. A buy passes `grams` (its quantity) and `slotKey` (its
 * user): it takes them from a quota slot of headroom handed out in advance when the slot has them
 * (no lock shared by all buys); otherwise, and for every other change (grams 0), the books are read
 * afresh with every slot of the metal locked (until commit) and the headroom handed out again
 * (decisions 0835 and 0836). Mode 'refuse': 422 2090 with
 * detail {rule:'coverage', metal, shortBy}, whose audit row (treasury.coverage) route() writes
 * after the rollback. Mode 'alert': accepted and answered 'flagged'; the caller records it.
 */
export async function checkCoverage(q: Queryable, metal: TreasuryMetal, what: string, grams = '0', slotKey = 0): Promise<CoverageOutcome> {
  if (coverageSkipped) return { decision: 'covered', shortBy: null };
  const step = await cover(q, metal, grams, slotKey % QUOTA_SLOTS);
  if (step.path === 'quota') return { decision: 'covered', shortBy: null };
  const shortBy = coverageShortBy(step.customer, step.supply);
  const decision = coverageDecision(step.mode, shortBy);
  if (decision === 'refused') {
    const detail = { rule: 'coverage', metal, shortBy: shortBy! };
    throw auditedRefusal(appError(ErrorCode.CustomersUncovered, `Customers' ${metal} would not be covered by bars (short by ${shortBy} g).`, { detail }), {
      action: 'treasury.coverage',
      detail: { decision: 'refused', what, metal, shortBy, customerMetal: step.customer, supply: step.supply, code: ErrorCode.CustomersUncovered },
    });
  }
  return { decision: decision === 'flagged' ? 'flagged' : 'covered', shortBy };
}

/**
 * The coverage rule for an admin's change (the vault's releases, deposits): refused with 2090, or
 * in mode alert accepted and flagged on the change's audit row (`coverage` note).
 */
export async function assertCovered(change: Change, metal: TreasuryMetal, what: string): Promise<void> {
  const outcome = await checkCoverage(change.q, metal, what);
  if (outcome.decision === 'flagged') change.audit.note('coverage', { decision: 'flagged', what, metal, shortBy: outcome.shortBy });
}

/** Publishes on the change's transaction that metal moved: the consoles ask for the position again (on commit). */
export async function positionMoved(q: Queryable, events: EventBus, metals: readonly TreasuryMetal[] = ['XAU']): Promise<void> {
  await events.publish(q, { kind: 'treasury', type: 'TreasuryPosition', data: { metals: [...metals] } });
}

/**
 * Posts a metal movement between places into the metal books (the ledger), inside the change's
 * transaction: e.g. an approved bar receive moves its book weight from 'outside' to 'vault:<code>'.
 * `kind` names the journal entry (e.g. 'vault.receive').
 */
export async function postMetal(
  change: Change,
  move: { metal: TreasuryMetal; from: MetalPlace; to: MetalPlace; grams: string; kind: string; note?: string; movementId?: number },
): Promise<void> {
  for (const place of [move.from, move.to]) if (!isMetalPlace(place)) throw new Error(`postMetal: not a metal place: ${place}`);
  await postEntry(change.q, {
    kind: move.kind,
    userId: null,
    note: move.note ?? null,
    createdBy: change.by,
    postings: [{ from: metalAccount(move.metal, move.from), to: metalAccount(move.metal, move.to), asset: move.metal, amount: new Decimal(move.grams).toFixed(4) }],
    ...(move.movementId === undefined ? {} : { source: { kind: 'movement', id: move.movementId } }),
  });
  await positionMoved(change.q, change.events, [move.metal]);
}

/** `GET treasury/settings`. */
export async function treasurySettings(q: Queryable): Promise<TreasurySettingsAnswer> {
  const rows = await settingsRows(q);
  return {
    items: rows.map((r) => ({
      metal: r.metal,
      coverageMode: r.coverage_mode,
      target: new Decimal(r.target).toFixed(4),
      band: new Decimal(r.band).toFixed(4),
      offlinePriceBand: new Decimal(r.offline_price_band).toFixed(2),
      outsideBand: r.outside_band,
      updatedAt: r.updated_at.toISOString(),
      updatedBy: r.updated_by,
    })),
  };
}

/** The band an offline order's prices are checked with (decision 0751): the metal's setting, percent. */
export async function offlinePriceBand(q: Queryable, metal: TreasuryMetal): Promise<string> {
  const band = await offlinePriceBandOf(q, metal);
  return band === undefined ? DEFAULT_OFFLINE_PRICE_BAND : new Decimal(band).toFixed(2);
}

/** `PUT treasury/settings`: one metal's mode, target, band and offline price band (fields left out are kept); audited before and after. */
export async function changeSettings(change: Change, body: TreasurySettingsBody): Promise<TreasurySettingsAnswer> {
  const row = await lockSettings(change.q, body.metal);
  if (!row) throw appError(ErrorCode.NotFound, 'metal');
  const before = {
    coverageMode: row.coverage_mode,
    target: new Decimal(row.target).toFixed(4),
    band: new Decimal(row.band).toFixed(4),
    offlinePriceBand: new Decimal(row.offline_price_band).toFixed(2),
  };
  const after = {
    coverageMode: body.coverageMode ?? before.coverageMode,
    target: body.target !== undefined ? new Decimal(body.target).toFixed(4) : before.target,
    band: body.band !== undefined ? new Decimal(body.band).toFixed(4) : before.band,
    offlinePriceBand: body.offlinePriceBand !== undefined ? new Decimal(body.offlinePriceBand).toFixed(2) : before.offlinePriceBand,
  } satisfies { coverageMode: CoverageMode; target: string; band: string; offlinePriceBand: string };
  change.audit.before({ metal: body.metal, ...before });
  change.audit.after({ metal: body.metal, ...after });
  await updateSettings(change.q, body.metal, after, change.by, change.now);
  await positionMoved(change.q, change.events, [body.metal]);
  return treasurySettings(change.q);
}

export { bandCrossing };
