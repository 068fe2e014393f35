import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** What the wallet's lock order reads and locks, all SQL: the users of requests and orders, and their rows. */

/** The users (makers and receivers) of these payment requests. */
export async function requestUsers(q: Queryable, requestIds: readonly number[]): Promise<Array<{ user_id: number; receiver_user_id: number | null }>> {
  return kysely(q)
    .selectFrom('payment_requests')
    .select(['user_id', 'receiver_user_id'])
    .where('id', '=', (eb) => eb.fn.any(eb.val(requestIds)))
    .execute();
}

/** The users of these orders. */
export async function orderUsers(q: Queryable, orderIds: readonly number[]): Promise<Array<{ user_id: number }>> {
  return kysely(q)
    .selectFrom('orders')
    .select('user_id')
    .where('id', '=', (eb) => eb.fn.any(eb.val(orderIds)))
    .execute();
}

/** Locks these rows FOR UPDATE in ascending id (the rows are locked in the order they are returned). */
export async function lockRows(q: Queryable, table: 'users' | 'payment_requests' | 'orders', ids: readonly number[]): Promise<void> {
  await kysely(q)
    .selectFrom(table)
    .select('id')
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .orderBy('id')
    .forUpdate()
    .execute();
}
