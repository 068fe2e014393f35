import { SCALE, roundTo } from '@aurum/domain/money/decimal';
import { USER_BOOKS, parseAccount, userAccount, walletOf, type AccountId, type Posting, type UserBook, type Wallet } from '@aurum/domain/wallet/ledger';
import { storedEntryNote } from '@aurum/domain/wallet/entry-notes';
import { userLines, type WalletHistoryItem } from '@aurum/domain/wallet/wallet-view';
import type { Page } from '@aurum/domain/list/paging';
import { notFound } from '../../http/app-error.ts';
import { userEverExisted } from '../users/user-service.ts';
import type { Queryable } from '../../db/db.ts';
import { balancesOf, lockUserBooks } from '../ledger/ledger-service.ts';
import { userLineCount, userLinesPage } from '../ledger/ledger-read-service.ts';
import { lockRows, orderUsers, requestUsers } from './wallet-repository.ts';

const ALL_BOOKS = Object.keys(USER_BOOKS) as UserBook[];

/** A user's wallet (fund, gold, credit, fundHeld, goldHeld), derived from the journal. */
export async function walletBalances(q: Queryable, userId: number): Promise<Wallet> {
  const balances = await balancesOf(q, ALL_BOOKS.map((b) => userAccount(userId, b)));
  return walletOf(balances, userId);
}

/**
 * A page of a user's statement, newest first: one line per posting side that is one of the user's
 * books (a move between two of its books gives two lines). Paged by posting; total counts lines.
 */
export async function walletHistory(q: Queryable, userId: number, page: number, limit: number): Promise<Page<WalletHistoryItem>> {
  const total = await userLineCount(q, userId);
  const rows = await userLinesPage(q, userId, limit, (page - 1) * limit);
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
      noteCode: storedEntryNote(r.note_code, r.note_params),
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
  await lockUserBooks(q, [...users]);
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
