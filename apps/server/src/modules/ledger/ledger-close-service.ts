import type { LedgerMetal } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import {
  deleteClose,
  foldClosedBalances,
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

export type { CloseRow };

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
