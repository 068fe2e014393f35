import type { Queryable } from '../../db/db.ts';
import { bookMovements, bookSides, bookSums, journalPostings } from './ledger-sums-repository.ts';
import { balancesBefore, historyLineCount, historyLines, statementRows, type StatementRow } from './ledger-user-repository.ts';

/**
 * The journal's read API for the finance desk, statements and wallets: sums by kind of book at
 * moments, postings between moments in journal order, users' sides. The reads start from the latest
 * close's snapshot (decision 1002), so their cost follows the days since it, not the journal's age.
 */

/** Per pair of kinds of book, the sums before `from` and in [from, before), plus the snapshot of the latest close ended by `from`. */
export async function sumsByBook(q: Queryable, from: Date, before: Date) {
  return bookSums(q, from, before);
}

/** Per pair of kinds of book, what moved in [from, before) alone (no opening, no close needed): a day's movements for the daily summarised journal. */
export async function movementsByBook(q: Queryable, from: Date, before: Date) {
  return bookMovements(q, from, before);
}

/** A batch of the postings dated in [from, before) in journal order: up to `entries` entries after the cursor (value time, id). */
export async function postingsBetween(q: Queryable, from: Date, before: Date, after: { at: Date; id: number } | null, entries: number) {
  return journalPostings(q, from, before, after, entries);
}

/**
 * The sides of postings on these journal accounts dated in [from, before), credit-positive on the
 * account, with the entry and its order: a relation for the caller's query to select from and join.
 */
export function sidesOnBooks(q: Queryable, range: { from: Date; before: Date }, books: readonly string[]) {
  return bookSides(q, range, books);
}

/** Each user's balance per book from the entries dated before `before`. */
export async function userBalancesBefore(q: Queryable, userIds: readonly number[], before: Date) {
  return balancesBefore(q, userIds, before);
}

export type { StatementRow };

/** The users' lines of the entries dated in [from, before): by user, then in journal order. */
export async function userLinesBetween(q: Queryable, userIds: readonly number[], from: Date, before: Date): Promise<StatementRow[]> {
  return statementRows(q, userIds, from, before);
}

/** How many history lines a user has (one per posting side that is one of its books). */
export async function userLineCount(q: Queryable, userId: number): Promise<number> {
  return historyLineCount(q, userId);
}

/** A page of a user's history lines, newest first. */
export async function userLinesPage(q: Queryable, userId: number, limit: number, offset: number) {
  return historyLines(q, userId, limit, offset);
}
