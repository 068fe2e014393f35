import type { Queryable } from '../../db/db.ts';
import { lockWallets } from './ledger-repository.ts';

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
 * THE lock order of every transaction that moves money (docs/decisions.md "Lock order of
 * money-moving transactions"). Each such transaction calls this first, before it inserts or
 * updates anything, and takes no other lock of these kinds afterwards:
 *
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
    const rows = await q.query<{ user_id: number; receiver_user_id: number | null }>(
      'SELECT user_id, receiver_user_id FROM payment_requests WHERE id = ANY($1::bigint[])',
      [requestIds],
    );
    for (const r of rows) {
      users.add(r.user_id);
      if (r.receiver_user_id !== null) users.add(r.receiver_user_id);
    }
  }
  if (orderIds.length > 0) {
    const rows = await q.query<{ user_id: number }>('SELECT user_id FROM orders WHERE id = ANY($1::bigint[])', [orderIds]);
    for (const r of rows) users.add(r.user_id);
  }
  // 1. wallets, ascending user id
  await lockWallets(q, [...users]);
  // 2. rows: users, payment_requests, orders; each ascending id (the rows are locked in the order they are returned)
  if (userRows.length > 0) await q.query('SELECT id FROM users WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [userRows]);
  if (requestIds.length > 0) await q.query('SELECT id FROM payment_requests WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [requestIds]);
  if (orderIds.length > 0) await q.query('SELECT id FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [orderIds]);
}
