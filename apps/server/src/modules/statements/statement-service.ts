import type { StatementAnswer, StatementDealer, StatementLanguage } from '@aurum/domain/statements/statement-schemas';
import { metalValue, periodState, statementNumber, totalMyr } from '@aurum/domain/statements/statement-document';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { STATEMENT_FIGURES, statementRun, type BookAmounts, type StatementEntry } from '@aurum/domain/statements/statement';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { parseAccount } from '@aurum/domain/wallet/ledger';
import { appError, notFound } from '../../http/app-error.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/db.ts';
import { userIdentity } from '../users/user-service.ts';
import { userBalancesBefore, userLinesBetween, type StatementRow } from '../ledger/ledger-read-service.ts';
import { closingPrice } from '../treasury/treasury-service.ts';

/**
 * The CSV's columns (decisions 1010, 1015): a row for the opening, one per line, one for the closing,
 * one per metal valued and the valuation's total; the statement's header fields repeat on every row,
 * so the file stays one table (the batch's too). Figures are plain decimals, no separators.
 */
export const STATEMENT_CSV_COLUMNS = [
  'kind',
  'entryId',
  'at',
  'orderId',
  'requestId',
  'note',
  ...STATEMENT_FIGURES.flatMap((f) => [`movement.${f}`, `balance.${f}`]),
  'metal',
  'unitPriceMyr',
  'valueMyr',
  'number',
  'interim',
  'cutOffAt',
  'language',
  'dealer.name',
  'dealer.address',
  'dealer.registration',
];

/** The user's book of a journal account the repository read as the user's (user:<id>:<book>). */
function bookOf(account: string): keyof BookAmounts {
  const parsed = parseAccount(account);
  // the repository reads only postings whose side is a user's book
  if (parsed?.kind !== 'user') throw new Error(`not a user's book: ${account}`);
  return parsed.book;
}

/** The rows of one entry (one per book) folded into the entry. */
function entriesOf(rows: readonly StatementRow[]): StatementEntry[] {
  const entries: StatementEntry[] = [];
  for (const r of rows) {
    let last = entries.at(-1);
    if (last?.entryId !== Number(r.entry_id)) {
      last = {
        entryId: Number(r.entry_id),
        kind: r.kind,
        at: r.created_at.toISOString(),
        note: r.note,
        orderId: r.order_id === null ? null : Number(r.order_id),
        requestId: r.request_id === null ? null : Number(r.request_id),
        books: {},
      };
      entries.push(last);
    }
    last.books[bookOf(r.account)] = r.delta;
  }
  return entries;
}

/** The first moment of a range of business dates and the moment after its last day. */
export function rangeMoments(range: { from: string; to: string }): { fromAt: Date; toAt: Date } {
  return { fromAt: startOfBusinessDay(range.from), toAt: startOfBusinessDay(range.to, 1) };
}

/**
 * What every statement of one period shares (decisions 1014, 1015): its moments, whether it is
 * interim and where its figures stop, the dealer's letterhead, and the gold mid at the cut-off.
 */
export interface StatementFrame {
  range: { from: string; to: string };
  fromAt: Date;
  toAt: Date;
  interim: boolean;
  /** toAt for an ended period, the moment the statement is made for an interim one. */
  cutOff: Date;
  dealer: StatementDealer;
  /** The gold closing mid at the cut-off (decision 1043), or null when none was valued by then. */
  gold: { myrPerGram: string; at: Date } | null;
}

/** The dealer's letterhead from the configuration. */
export const dealerOf = (config: Pick<Config, 'dealerName' | 'dealerAddress' | 'dealerRegistration'>): StatementDealer => ({
  name: config.dealerName,
  address: config.dealerAddress,
  registration: config.dealerRegistration,
});

/**
 * The frame of a period's statements at `now`; 422 (3236) before anything is read when the period
 * starts after today (Kuala Lumpur), so a refused statement changes nothing and sends nothing.
 */
export async function statementFrame(q: Queryable, range: { from: string; to: string }, now: Date, dealer: StatementDealer): Promise<StatementFrame> {
  const today = businessDate(now);
  const state = periodState(range, today);
  if (state === 'future') {
    throw appError(ErrorCode.StatementPeriodNotStarted, `The statement's period starts on ${range.from}, after today (${today})`, {
      detail: { rule: 'periodNotStarted', from: range.from, today },
    });
  }
  const { fromAt, toAt } = rangeMoments(range);
  const cutOff = state === 'interim' && now < toAt ? now : toAt;
  return { range, fromAt, toAt, interim: state === 'interim', cutOff, dealer, gold: await closingPrice(q, 'XAU', cutOff) };
}

/** The metal a statement closes on, valued at the frame's mid. */
function valuationOf(closing: StatementAnswer['closing'], gold: StatementFrame['gold']): StatementAnswer['valuation'] {
  const value = gold ? metalValue(closing.grams, gold.myrPerGram) : null;
  const metals = [{ metal: 'XAU' as const, grams: closing.grams, unitPriceMyr: value?.unitPriceMyr ?? null, valueMyr: value?.valueMyr ?? null, pricedAt: gold?.at.toISOString() ?? null }];
  return { metals, totalMyr: metals.every((m) => m.valueMyr !== null) ? totalMyr(metals.map((m) => m.valueMyr!)) : null };
}

/** A user's statement from its balances before the range and its rows up to the cut-off (journal order). */
export function statementOf(
  user: { id: number; username: string; first_name: string; last_name: string; preferred_language: string },
  frame: StatementFrame,
  balances: ReadonlyArray<{ account: string; balance: string }>,
  rows: readonly StatementRow[],
): StatementAnswer {
  const opening: BookAmounts = {};
  for (const b of balances) opening[bookOf(b.account)] = b.balance;
  const run = statementRun(opening, entriesOf(rows));
  return {
    number: statementNumber(Number(user.id), frame.range),
    dealer: frame.dealer,
    // the column's CHECK holds the languages
    language: user.preferred_language as StatementLanguage,
    interim: frame.interim,
    cutOffAt: frame.cutOff.toISOString(),
    user: { id: Number(user.id), username: user.username, name: `${user.first_name} ${user.last_name}`.trim() },
    from: frame.range.from,
    to: frame.range.to,
    fromAt: frame.fromAt.toISOString(),
    toAt: frame.toAt.toISOString(),
    ...run,
    valuation: valuationOf(run.closing, frame.gold),
  };
}

/**
 * A user's statement of a period (business dates, both included, Asia/Kuala_Lumpur): the balances
 * before its first moment, every journal entry that touched the user's books up to the cut-off, in
 * journal order, with running balances (decision 1010). 404 for a user that never existed; a deleted user's reads.
 */
export async function userStatement(q: Queryable, userId: number, frame: StatementFrame): Promise<StatementAnswer> {
  const user = await userIdentity(q, userId);
  if (!user) throw notFound('user');
  return statementOf(user, frame, await userBalancesBefore(q, [userId], frame.fromAt), await userLinesBetween(q, [userId], frame.fromAt, frame.cutOff));
}

/** The CSV rows of a statement: the opening (its balances), each line, the closing (the movements' sum and the balances), the valuation. */
export function statementCsvRows(s: StatementAnswer) {
  const header = { number: s.number, interim: s.interim, cutOffAt: s.cutOffAt, language: s.language, dealer: s.dealer };
  const none = { entryId: null, orderId: null, requestId: null, note: null, movement: null, balance: null, metal: null, unitPriceMyr: null, valueMyr: null };
  const row = (kind: string, at: string, movement: StatementAnswer['movements'] | null, balance: StatementAnswer['closing']) => ({ ...none, kind, at, movement, balance, ...header });
  return [
    row('opening', s.fromAt, null, s.opening),
    ...s.lines.map((l) => ({ ...none, ...l, ...header })),
    row('closing', s.cutOffAt, s.movements, s.closing),
    ...s.valuation.metals.map((m) => ({ ...none, kind: 'valuation', at: m.pricedAt, metal: m.metal, unitPriceMyr: m.unitPriceMyr, valueMyr: m.valueMyr, ...header })),
    { ...none, kind: 'valuationTotal', at: s.cutOffAt, valueMyr: s.valuation.totalMyr, ...header },
  ];
}

/** A download's name: statement-<user>-<from>-<to>.<ext>, a PDF's with its language (statement-<user>-<from>-<to>-<lang>.pdf). */
export const statementFileName = (userId: number, range: { from: string; to: string }, ext: string, lang?: StatementLanguage) =>
  `statement-${userId}-${range.from}-${range.to}${lang ? `-${lang}` : ''}.${ext}`;
