import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { LedgerMetal } from '@aurum/domain/wallet/ledger';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { businessDate } from '@aurum/domain/system/business-time';
import type { ClosedThrough } from '@aurum/domain/finance/periods';
import {
  closedMonthsFrom,
  closedThroughRow,
  closesEndingAfter,
  deleteClose,
  deleteCloses,
  deletePeriodCloses,
  firstEntryAt,
  foldClosedBalances,
  insertPeriodClose,
  listPeriodCloses,
  sourceKindPostings,
  sourcePostings,
  type PeriodCloseRow,
  insertClose,
  listCloses,
  lockJournalForClose,
  metalBooksHeld,
  negativeClosedBooks,
  negativeCustomerBooks,
  snapshotBooks,
  type CloseRow,
} from './ledger-close-repository.ts';

/**
 * The journal's closes (decisions 1001 and 1002) as the ledger keeps them: the closed days, the
 * balances folded at the latest close's end, the books' snapshot per close. Which day may close and
 * what it checks are the finance desk's rules (modules/finance/day-close-service.ts).
 */

export type { CloseRow, PeriodCloseRow };

/** Serialises closes and reopens, and waits for every transaction that has written a journal entry. */
export async function lockJournal(q: Queryable): Promise<void> {
  await lockJournalForClose(q);
}

/** The latest closes, newest first. */
export async function latestCloses(q: Queryable, limit: number): Promise<CloseRow[]> {
  return listCloses(q, limit);
}

/** Folds the postings of [since, before) into the closed balances (sign 1), or takes them back (-1). */
export async function foldClosed(q: Queryable, since: Date | null, before: Date, sign: 1 | -1): Promise<void> {
  await foldClosedBalances(q, since, before, sign);
}

/** Records a close and snapshots the books at its end (the closed balances, folded first). */
export async function recordClose(q: Queryable, c: { date: string; startsAt: Date | null; endsAt: Date; by: number; at: Date }): Promise<void> {
  await insertClose(q, c);
  await snapshotBooks(q, c.date);
}

/** Removes a close and its snapshot. */
export async function removeClose(q: Queryable, date: string): Promise<void> {
  await deleteClose(q, date);
}

/** Customer accounts below zero at the end of [since, before) (the closed balances plus the stretch), the first `limit`. */
export async function customerBooksBelowZero(q: Queryable, since: Date | null, before: Date, limit: number) {
  return negativeCustomerBooks(q, since, before, limit);
}

/** Customer accounts below zero in the closed balances (after a fold: at its end), the first `limit`. */
export async function closedCustomerBooksBelowZero(q: Queryable, limit: number) {
  return negativeClosedBooks(q, limit);
}

/** Per metal, the books of metal in vaults and in transit: the closed balances plus every posting since `since`. */
export async function metalHeldInBooks(q: Queryable, since: Date | null): Promise<Array<{ metal: LedgerMetal; grams: string }>> {
  return metalBooksHeld(q, since);
}

/** The last closed day, month and year, and the first closed day. */
export async function closedThrough(q: Queryable): Promise<ClosedThrough> {
  return closedThroughRow(q);
}

/** The business date of the journal's first entry, or null for an empty journal. */
export async function firstEntryDay(q: Queryable): Promise<string | null> {
  const at = await firstEntryAt(q);
  return at === null ? null : businessDate(at);
}

/** The closes a reopening of the day starting at `moment` takes with it, oldest first. */
export async function closesFrom(q: Queryable, moment: Date): Promise<CloseRow[]> {
  return closesEndingAfter(q, moment);
}

/** Removes these closes and their snapshots. */
export async function removeCloses(q: Queryable, dates: readonly string[]): Promise<void> {
  await deleteCloses(q, dates);
}

/** The closed months and years, newest first. */
export async function periodCloses(q: Queryable, limit: number): Promise<PeriodCloseRow[]> {
  return listPeriodCloses(q, limit);
}

/** The closed months from `month` on. */
export async function closedMonthsSince(q: Queryable, month: string): Promise<string[]> {
  return closedMonthsFrom(q, month);
}

/** Records a closed month or year (a year with its closing entry). */
export async function recordPeriodClose(q: Queryable, p: { period: string; kind: 'month' | 'year'; proposedBy: number; approvedBy: number; at: Date; entryId: number | null }): Promise<void> {
  await insertPeriodClose(q, p);
}

/** Removes closed months (a reopened day takes its month and the later ones with it). */
export async function removePeriodCloses(q: Queryable, periods: readonly string[]): Promise<void> {
  await deletePeriodCloses(q, periods);
}

/** The postings of the entries of one source, with their entry's kind and metal. */
export async function postingsOfSource(q: Queryable, source: { kind: string; id: number }) {
  return sourcePostings(q, source);
}

/**
 * Refuses (409, 3230) a moment in a closed business day before anything is written: what an input
 * dates (a payment's date, a hedge's trade time, an adjustment's value date) says which day it is in
 * and through which day the books are closed. The journal's trigger refuses the entry itself too
 * (decision 1001); this says why in words.
 */
export async function refuseClosedMoment(q: Queryable, at: Date, what: string): Promise<void> {
  const [latest] = await listCloses(q, 1);
  if (!latest || at.getTime() >= latest.endsAt.getTime()) return;
  throw appError(ErrorCode.BusinessDayClosed, `${what} is dated ${businessDate(at)}, a closed business day (the books are closed through ${latest.date}).`, {
    detail: { rule: 'dayClosed', date: businessDate(at), lastClosed: latest.date },
  });
}

/** The postings of the years' closing entries dated in [from, before). */
export async function yearClosingPostings(q: Queryable, from: Date, before: Date) {
  return sourceKindPostings(q, 'year', from, before);
}
