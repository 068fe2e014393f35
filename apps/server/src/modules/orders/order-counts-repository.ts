import { sql } from 'kysely';
import type { Db, Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * How many orders have each of the statuses (absent: none), from the counters of migration 012
 * (order_status_counts: rows of (status, delta) its triggers add with every change of orders).
 */
export const statusCountsQuery = (q: Queryable, statuses: readonly string[]) =>
  kysely(q)
    .selectFrom('order_status_counts')
    .select((eb) => ['status', eb.cast<number>(eb.fn.sum('delta'), 'bigint').as('n')])
    .where('status', '=', (eb) => eb.fn.any(eb.val([...statuses])))
    .groupBy('status');

export async function countByStatus(q: Queryable, statuses: readonly string[]): Promise<Map<string, number>> {
  return new Map((await statusCountsQuery(q, statuses).execute()).map((r) => [r.status, r.n]));
}

/**
 * Folds the counters' rows into one per status (sum of its deltas; none when it is 0). Only rows
 * this statement sees are deleted and summed: what concurrent transactions add meanwhile stays
 * for the next fold, so the sums never change. Answers how many rows it folded.
 */
export async function foldStatusCounts(q: Queryable): Promise<number> {
  const db = kysely(q);
  const rows = await db
    .with('gone', (d) => d.deleteFrom('order_status_counts').returning(['status', 'delta']))
    .with('kept', (d) =>
      d
        .insertInto('order_status_counts')
        .columns(['status', 'delta'])
        .expression((eb) =>
          eb
            .selectFrom('gone')
            .select((s) => ['gone.status', s.cast<number>(s.fn.sum('gone.delta'), 'bigint').as('delta')])
            .groupBy('gone.status')
            .having((h) => h.fn.sum('gone.delta'), '<>', 0),
        )
        .returning('status'),
    )
    .selectNoFrom((eb) => [eb.selectFrom('gone').select((s) => s.fn.countAll<number>().as('n')).as('folded'), eb.selectFrom('kept').select((s) => s.fn.countAll<number>().as('n')).as('kept')])
    .executeTakeFirstOrThrow();
  return Number(rows.folded ?? 0);
}

/** The counters next to a fresh count(*) per status, in one statement (one snapshot): the statuses where they differ. */
export async function statusCountDrift(q: Queryable): Promise<Array<{ status: string; counted: number; kept: number }>> {
  const rows = await kysely(q)
    .with('counted', (d) => d.selectFrom('orders').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status'))
    .with('kept', (d) => d.selectFrom('order_status_counts').select((eb) => ['status', eb.cast<number>(eb.fn.sum('delta'), 'bigint').as('n')]).groupBy('status'))
    .selectFrom('counted')
    .fullJoin('kept', 'kept.status', 'counted.status')
    .select((eb) => [
      eb.fn.coalesce('counted.status', 'kept.status').as('status'),
      eb.fn.coalesce('counted.n', sql<number>`0`).as('counted'),
      eb.fn.coalesce('kept.n', sql<number>`0`).as('kept'),
    ])
    .where((eb) => eb(eb.fn.coalesce('counted.n', sql<number>`0`), 'is distinct from', eb.fn.coalesce('kept.n', sql<number>`0`)))
    .execute();
  return rows.map((r) => ({ status: r.status!, counted: Number(r.counted), kept: Number(r.kept) }));
}

/** VACUUMs the counters' table (orderCountsJob, after a fold that removed rows). */
export async function vacuumStatusCounts(db: Db): Promise<void> {
  // VACUUM is a maintenance command the builder has no verb for
  await sql`VACUUM order_status_counts`.execute(kysely(db));
}
