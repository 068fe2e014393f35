import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { asDate, kysely } from '../../db/query-builder.ts';
import type { OrderCondition } from './order-repository.ts';

/** Advisory lock class of the engine's jobs: pg_try_advisory_xact_lock(class, job). */
const ENGINE_LOCK_CLASS = 7_261_200;

/** Takes the engine job's advisory lock for the transaction; false when another process holds it. */
export async function tryEngineLock(q: Queryable, jobNo: number): Promise<boolean> {
  // advisory locks are functions the builder has no verb for
  const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(${ENGINE_LOCK_CLASS}::int, ${jobNo}::int) AS ok`.execute(kysely(q));
  return Boolean(rows[0]?.ok);
}

/** The savepoint each order of a batch is handled under: one order's failure undoes only itself. */
// savepoints inside the caller's transaction: statements the builder has no verb for
export const orderSavepoint = {
  open: async (q: Queryable) => void (await sql`SAVEPOINT engine_order`.execute(kysely(q))),
  release: async (q: Queryable) => void (await sql`RELEASE SAVEPOINT engine_order`.execute(kysely(q))),
  rollBack: async (q: Queryable) => void (await sql`ROLLBACK TO SAVEPOINT engine_order`.execute(kysely(q))),
};

/** Whether the engine audited a coverage refusal of this order within the last hour (audit_log_action index: recent rows of the action only). */
export async function coverageRefusedLately(q: Queryable, orderId: number): Promise<boolean> {
  const rows = await kysely(q)
    .selectFrom('audit_log')
    .select(sql<number>`1`.as('one'))
    .where('action', '=', sql.lit('treasury.coverage'))
    // interval arithmetic and JSON fields, which the builder cannot spell
    .where('at', '>', sql<Date>`now() - interval '1 hour'`)
    .where(sql<string>`detail->>'engine'`, '=', 'match')
    .where(sql<string>`detail->>'orderId'`, '=', String(orderId))
    .limit(1)
    .execute();
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
