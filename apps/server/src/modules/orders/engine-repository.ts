import type { Queryable } from '../../db/db.ts';
import { asDate, kysely } from '../../db/query-builder.ts';
import type { OrderCondition } from './order-repository.ts';

/** Advisory lock class of the engine's jobs: pg_try_advisory_xact_lock(class, job). */
const ENGINE_LOCK_CLASS = 7_261_200;

/** Takes the engine job's advisory lock for the transaction; false when another process holds it. */
export async function tryEngineLock(q: Queryable, jobNo: number): Promise<boolean> {
  const [lock] = await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS ok', [ENGINE_LOCK_CLASS, jobNo]);
  return Boolean(lock?.ok);
}

/** The savepoint each order of a batch is handled under: one order's failure undoes only itself. */
export const orderSavepoint = {
  open: async (q: Queryable) => void (await q.query('SAVEPOINT engine_order')),
  release: async (q: Queryable) => void (await q.query('RELEASE SAVEPOINT engine_order')),
  rollBack: async (q: Queryable) => void (await q.query('ROLLBACK TO SAVEPOINT engine_order')),
};

/** Whether the engine audited a coverage refusal of this order within the last hour (audit_log_action index: recent rows of the action only). */
export async function coverageRefusedLately(q: Queryable, orderId: number): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM audit_log WHERE action = 'treasury.coverage' AND at > now() - interval '1 hour' AND detail->>'engine' = 'match' AND detail->>'orderId' = $1 LIMIT 1`,
    [String(orderId)],
  );
  return rows.length > 0;
}

/** The order engine's batches: the oldest 500 matching orders, handled in ascending user id. */
async function engineBatch(q: Queryable, cond: OrderCondition): Promise<number[]> {
  // handled in ascending user id: the wallet locks each order's savepoint keeps until the batch
  // commits are then taken in the lock order of money-moving transactions
  const rows = await kysely(q)
    .selectFrom((db) => db.selectFrom('orders').select(['orders.id', 'orders.user_id']).where(cond).orderBy('orders.id').limit(500).as('batch'))
    .select('batch.id')
    .orderBy('batch.user_id')
    .orderBy('batch.id')
    .execute();
  return rows.map((r) => r.id);
}

/** GTD orders still waiting once their good-till date (a business date) is before `today`. */
export const expiredGtdBatch = (q: Queryable, today: string) =>
  engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'CREATED'), eb('orders.good_till_date', '<', asDate(today))]));

/** Limit orders still waiting. */
export const waitingLimitBatch = (q: Queryable) => engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'CREATED'), eb('orders.order_type', '=', 'LIMIT')]));

/** XAU/USD orders filled and not yet settled. */
export const usdFilledBatch = (q: Queryable) => engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'FILLED'), eb('orders.symbol', '=', 'XAU/USD')]));

/** SETTLED orders whose interest has started by `now`. */
export const interestStartedBatch = (q: Queryable, now: Date) =>
  engineBatch(q, (eb) => eb.and([eb('orders.status', '=', 'SETTLED'), eb('orders.interest_start_at', '<=', now)]));
