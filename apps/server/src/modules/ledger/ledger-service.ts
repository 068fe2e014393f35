import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { entryNoteText, type EntryNote } from '@aurum/domain/wallet/entry-notes';
import { applyEntry, metalOfPostings, parseAccount, type AccountId, type EntrySource, type LedgerMetal, type Posting } from '@aurum/domain/wallet/ledger';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { accountBalances, advisoryXactLock, allPostings, entriesWithoutPostings, entryDates, insertEntry, latestPostingsOf, postingsNoting, postingsOfEntries } from './ledger-repository.ts';

/**
 * The journal (decision 0510) and its one owner: every other module writes an entry through
 * `postEntry` and reads the journal through this module's services (this file, the sums in
 * ledger-read-service.ts, the closes in ledger-close-service.ts). Only this module's repositories
 * name its tables; the lint refuses them anywhere else.
 */

/** Advisory lock class of a user's books (pg_advisory_xact_lock(class, userId)). */
const USER_BOOKS_LOCK_CLASS = 7_261_100;

/**
 * The int4 key of a user's lock: the id itself below 2^31, folded above (ids are int8; two users may
 * then share a lock, which only serialises more). Locks are taken in key order.
 */
function userLockKey(userId: number): number {
  return userId % 2_147_483_648;
}

/**
 * Serialises every change of these users' books until the transaction ends: one advisory lock per
 * user, taken in ascending key order so that two entries touching the same users cannot deadlock.
 * Must run inside a transaction (the lock is released at its end). Money-moving transactions take it
 * first, through the wallet's lockForMoney: that is the lock order (decision 0530).
 */
export async function lockUserBooks(q: Queryable, userIds: readonly number[]): Promise<void> {
  for (const key of [...new Set(userIds.map(userLockKey))].sort((a, b) => a - b)) {
    await advisoryXactLock(q, USER_BOOKS_LOCK_CLASS, key);
  }
}

/** Balances of journal accounts (credits minus debits of the journal's sign; accounts without postings are absent). */
export async function balancesOf(q: Queryable, accounts: readonly string[]): Promise<Map<AccountId, string>> {
  return accountBalances(q, accounts);
}

export interface NewEntry {
  /** What caused it: 'deposit', 'withdrawal', 'order.fill', ... */
  kind: string;
  /** The user the entry is about (its statement), or null for house-only entries. */
  userId: number | null;
  note?: string | null;
  /** What a customer's entry is about, said in the reader's language (decision 0753); its English text is the note unless one is given. */
  noteCode?: EntryNote;
  createdBy: number | null;
  postings: readonly Posting[];
  /** The moment it is dated (its value time), when not the transaction's own: an adjustment's value date, a payment's date, a hedge's trade time. */
  at?: Date;
  /** What it is the journal's side of: an order, a request, an adjustment... (decision 1006). */
  source?: EntrySource;
  /** The metal it is about, when its postings move none (an order's payment in MYR); else the one they move. */
  metal?: LedgerMetal;
}

export const insufficientAssets = () => appError(ErrorCode.GreaterThanAvailableAssets, 'Greater than available assets.');

/**
 * Appends one journal entry with its postings, in the caller's transaction: locks the books of
 * every user involved (ascending ids; already held when the transaction began with lockForMoney, as
 * every money-moving transaction does), derives their balances from the journal, and lets the
 * domain's applyEntry refuse it when a user account would go below zero (422, 2080). A malformed
 * posting is a programming error (thrown as is, answered 500).
 */
export async function postEntry(q: Queryable, entry: NewEntry): Promise<number> {
  if (entry.postings.length === 0) throw new Error('a journal entry needs at least one posting');
  const userIds: number[] = [];
  const accounts = new Set<string>();
  for (const p of entry.postings) {
    for (const id of [p.from, p.to]) {
      const parsed = parseAccount(id);
      if (parsed?.kind === 'user') {
        userIds.push(parsed.userId);
        accounts.add(id);
      }
    }
  }
  await lockUserBooks(q, userIds);
  const result = applyEntry(await accountBalances(q, [...accounts]), entry.postings);
  if (!result.ok) {
    if (result.reason === 'insufficient') throw insufficientAssets();
    throw new Error(`malformed posting (${result.problem}): ${JSON.stringify(result.posting)}`);
  }
  return insertEntry(q, {
    ...entry,
    note: entry.note ?? (entry.noteCode ? entryNoteText(entry.noteCode) : null),
    noteCode: entry.noteCode ?? null,
    source: entry.source ?? null,
    metal: entry.metal ?? metalOfPostings(entry.postings),
  });
}

/** Every posting of these entries, in posting order. */
export async function entryPostings(q: Queryable, entryIds: readonly number[]): Promise<Posting[]> {
  return postingsOfEntries(q, entryIds);
}

/** The moment each of these entries is dated (absent: no such entry). */
export async function datesOfEntries(q: Queryable, entryIds: readonly number[]): Promise<Map<number, Date>> {
  return entryDates(q, entryIds);
}

/** Every posting of the journal in order, for a restored backup's invariants. */
export async function everyPosting(q: Queryable) {
  return allPostings(q);
}

/** How many entries have no posting (a restored backup's invariant: none). */
export async function entriesLackingPostings(q: Queryable): Promise<number> {
  return entriesWithoutPostings(q);
}

/** The postings whose entry's note contains one of these texts (any case), newest first (the vault's entries name their bars). */
export async function postingsWithNotes(q: Queryable, texts: readonly string[]) {
  return postingsNoting(q, texts);
}

/** The newest `limit` postings of one asset, with their entries. */
export async function latestPostings(q: Queryable, asset: string, limit: number) {
  return latestPostingsOf(q, asset, limit);
}
