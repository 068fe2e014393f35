import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import { USER_BOOKS, applyEntry, parseAccount, userAccount, walletOf, type AccountId, type Posting, type UserBook, type Wallet } from '@aurum/domain/wallet/ledger';
import { userLines, type WalletHistoryItem } from '@aurum/domain/wallet/wallet-view';
import type { Page } from '@aurum/domain/list/paging';
import { appError, notFound } from '../../http/app-error.ts';
import { userEverExisted } from '../users/user-service.ts';
import type { Queryable } from '../../db/db.ts';
import { accountBalances, advisoryXactLock, historyLineCount, historyLines, insertEntry, lockRows, orderUsers, requestUsers } from './ledger-repository.ts';

/** Advisory lock class of a user's wallet (pg_advisory_xact_lock(class, userId)). */
const WALLET_LOCK_CLASS = 7_261_100;

/**
 * Serialises every change of these users' wallets until the transaction ends: one advisory lock per
 * user, taken in ascending id order so that two entries touching the same users cannot deadlock.
 * Must run inside a transaction (the lock is released at its end). Transactions call it through
 * lockForMoney, first, before any insert or row lock: that is the lock order.
 */
export async function lockWallets(q: Queryable, userIds: readonly number[]): Promise<void> {
  for (const key of [...new Set(userIds.map(walletLockKey))].sort((a, b) => a - b)) {
    await advisoryXactLock(q, WALLET_LOCK_CLASS, key);
  }
}

/**
 * The int4 key of a user's wallet lock: the id itself below 2^31, folded above (ids are int8; two
 * users may then share a lock, which only serialises more). Locks are taken in key order.
 */
function walletLockKey(userId: number): number {
  return userId % 2_147_483_648;
}

const ALL_BOOKS = Object.keys(USER_BOOKS) as UserBook[];

/** A user's wallet (fund, gold, credit, fundHeld, goldHeld), derived from the journal. */
export async function walletBalances(q: Queryable, userId: number): Promise<Wallet> {
  const balances = await accountBalances(q, ALL_BOOKS.map((b) => userAccount(userId, b)));
  return walletOf(balances, userId);
}

export interface NewEntry {
  /** What caused it: 'deposit', 'withdrawal', 'order.fill', ... */
  kind: string;
  /** The user the entry is about (its statement), or null for house-only entries. */
  userId: number | null;
  note?: string | null;
  createdBy: number | null;
  postings: readonly Posting[];
  /** The moment it is dated, when not the transaction's own (a ledger adjustment dated in an earlier open day). */
  at?: Date;
}

export const insufficientAssets = () => appError(ErrorCode.GreaterThanAvailableAssets, 'Greater than available assets.');

/**
 * Appends one journal entry with its postings, in the caller's transaction: locks the wallets of
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
  await lockWallets(q, userIds);
  const result = applyEntry(await accountBalances(q, [...accounts]), entry.postings);
  if (!result.ok) {
    if (result.reason === 'insufficient') throw insufficientAssets();
    throw new Error(`malformed posting (${result.problem}): ${JSON.stringify(result.posting)}`);
  }
  return insertEntry(q, { ...entry, note: entry.note ?? null });
}

/**
 * A page of a user's statement, newest first: one line per posting side that is one of the user's
 * books (a move between two of its books gives two lines). Paged by posting; total counts lines.
 */
export async function walletHistory(q: Queryable, userId: number, page: number, limit: number): Promise<Page<WalletHistoryItem>> {
  const total = await historyLineCount(q, userId);
  const rows = await historyLines(q, userId, limit, (page - 1) * limit);
  const items: WalletHistoryItem[] = [];
  for (const r of rows) {
    const asset = r.asset as Posting['asset']; // a CHECK list in the schema
    // one side of the posting: the user's line for that side
    const posting: Posting = { from: r.from_account as AccountId, to: r.to_account as AccountId, asset, amount: roundTo(r.amount, SCALE[asset]) };
    const sideAccount = parseAccount(r.side === 'from' ? r.from_account : r.to_account);
    const line = userLines(posting, userId).find((l) => sideAccount?.kind === 'user' && l.book === sideAccount.book);
    if (!line) continue;
    items.push({
      entryId: r.entry_id,
      kind: r.kind,
      asset,
      book: line.book,
      amount: line.amount,
      note: r.note,
      createdAt: r.created_at.toISOString(),
      createdBy: r.created_by,
    });
  }
  return { items, page, limit, total };
}


/** What a money-moving transaction is about: the users, requests and orders it may read or change. */
export interface MoneyScope {
  /** Users whose wallets it reads or posts to (the users of `requestIds` and `orderIds` are added). */
  userIds?: readonly number[];
  /** Users whose rows it must keep as they are until it ends (no deletion or edit between a check and an insert). */
  userRows?: readonly number[];
  /** Payment requests it decides (their user and receiver are added to the wallets). */
  requestIds?: readonly number[];
  /** Orders it changes (their users are added to the wallets). */
  orderIds?: readonly number[];
}

const ascending = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * THE lock order of every transaction that moves money (decision 0530).
 * Each such transaction calls this first, before it inserts or
 * updates anything, and takes no other lock of these kinds afterwards:
 *
 *   0. when it acts on the market (orders, the engine's fills and settlements): the settings lock,
 *      shared, and the modes read under it (`modesForMoney`, docs/decisions/0041-money-paths-read-settings-under-lock.md);
 *   1. the wallet advisory lock of every user involved (pg_advisory_xact_lock(7261100, userId)),
 *      ascending user id;
 *   2. row locks, FOR UPDATE, ascending id within each table, tables in this order:
 *      users (only `userRows`), payment_requests, orders;
 *   3. then its reads, inserts and updates: the FOR KEY SHARE that foreign keys take on users,
 *      admins, orders and payment_requests comes after the wallet locks, so a transaction never
 *      waits for a wallet while holding a row lock another wallet holder needs;
 *   4. last, in route(), the audit chain's advisory lock (writeAudit), held only until commit.
 *
 * Which users a request or an order is about never changes (no statement updates user_id or
 * receiver_user_id), so they are read without a lock before the wallets are locked. A second call
 * in the same transaction, or postEntry's own lockWallets, re-takes locks already held (advisory
 * and row locks are re-entrant) and waits for nothing new as long as it names no new user.
 */
export async function lockForMoney(q: Queryable, scope: MoneyScope): Promise<void> {
  const requestIds = ascending(scope.requestIds ?? []);
  const orderIds = ascending(scope.orderIds ?? []);
  const userRows = ascending(scope.userRows ?? []);
  const users = new Set<number>([...(scope.userIds ?? []), ...userRows]);
  if (requestIds.length > 0) {
    for (const r of await requestUsers(q, requestIds)) {
      users.add(r.user_id);
      if (r.receiver_user_id !== null) users.add(r.receiver_user_id);
    }
  }
  if (orderIds.length > 0) for (const r of await orderUsers(q, orderIds)) users.add(r.user_id);
  // 1. wallets, ascending user id
  await lockWallets(q, [...users]);
  // 2. rows: users, payment_requests, orders; each ascending id (the rows are locked in the order they are returned)
  if (userRows.length > 0) await lockRows(q, 'users', userRows);
  if (requestIds.length > 0) await lockRows(q, 'payment_requests', requestIds);
  if (orderIds.length > 0) await lockRows(q, 'orders', orderIds);
}

/** A user's wallet and a page of its history; a deleted user's wallet stays readable (it was empty when deleted, its history is kept). */
export async function userWallet(q: Queryable, userId: number, page: number, limit: number): Promise<{ balances: Wallet; history: Page<WalletHistoryItem> }> {
  if (!(await userEverExisted(q, userId))) throw notFound('user');
  return { balances: await walletBalances(q, userId), history: await walletHistory(q, userId, page, limit) };
}
