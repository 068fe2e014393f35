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

/**
 * Folds the rows of order_created_blocks (migration 025) into one per block: the earliest and the
 * latest creation date over its rows, which is what a reader takes of them anyway, so a fold never
 * changes an answer. Only blocks with more than one row are rewritten, and only the rows this
 * statement sees. Answers how many rows it removed.
 */
export async function foldCreatedBlocks(q: Queryable): Promise<number> {
  const row = await kysely(q)
    .with('gone', (d) =>
      d
        .deleteFrom('order_created_blocks')
        .where('block', 'in', (eb) => eb.selectFrom('order_created_blocks').select('block').groupBy('block').having((h) => h.fn.countAll(), '>', 1))
        .returning(['block', 'min_created', 'max_created']),
    )
    .with('kept', (d) =>
      d
        .insertInto('order_created_blocks')
        .columns(['block', 'min_created', 'max_created'])
        .expression((eb) => eb.selectFrom('gone').select((s) => ['gone.block', s.fn.min('gone.min_created').as('min_created'), s.fn.max('gone.max_created').as('max_created')]).groupBy('gone.block'))
        .returning('block'),
    )
    .selectNoFrom((eb) => [eb.selectFrom('gone').select((s) => s.fn.countAll<number>().as('n')).as('gone'), eb.selectFrom('kept').select((s) => s.fn.countAll<number>().as('n')).as('kept')])
    .executeTakeFirstOrThrow();
  return Number(row.gone ?? 0) - Number(row.kept ?? 0);
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

/**
 * The blocks of order_created_blocks (migration 025) that do not cover their orders' creation dates
 * (a block missing, or an order created earlier or later than its block says), in one statement:
 * none when the triggers kept up.
 */
export async function createdBlockDrift(q: Queryable): Promise<number[]> {
  const rows = await kysely(q)
    .with('counted', (d) => d.selectFrom('orders').select((eb) => [eb('id', '>>', eb.lit(10)).as('block'), eb.fn.min('created_at').as('lo'), eb.fn.max('created_at').as('hi')]).groupBy((eb) => eb('id', '>>', eb.lit(10))))
    .with('kept', (d) => d.selectFrom('order_created_blocks').select((eb) => ['block', eb.fn.min('min_created').as('lo'), eb.fn.max('max_created').as('hi')]).groupBy('block'))
    .selectFrom('counted')
    .leftJoin('kept', 'kept.block', 'counted.block')
    .select('counted.block')
    .where((eb) => eb.or([eb('kept.block', 'is', null), eb('kept.lo', '>', eb.ref('counted.lo')), eb('kept.hi', '<', eb.ref('counted.hi'))]))
    .orderBy('counted.block')
    .execute();
  return rows.map((r) => Number(r.block));
}

/** VACUUMs the tables the job orderCounts folds (after a fold that removed rows). */
export async function vacuumFoldedTables(db: Db): Promise<void> {
  // VACUUM is a maintenance command the builder has no verb for
  await sql`VACUUM order_status_counts, order_created_blocks`.execute(kysely(db));
}
