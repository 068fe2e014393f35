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

/** The block of an order in order_created_blocks is id >> 10 (1,024 ids), its span in order_created_spans id >> 17 (128 blocks): migration 025. */
export const BLOCK_SHIFT = 10;
export const SPAN_SHIFT = 17;

/** The two summaries of creation and fill dates (migration 025). */
const CREATED_SUMMARIES = [
  { table: 'order_created_blocks', key: 'block', shift: BLOCK_SHIFT },
  { table: 'order_created_spans', key: 'span', shift: SPAN_SHIFT },
] as const;

/**
 * Folds the rows of order_created_blocks and order_created_spans (migration 025) into one per block
 * and span: the earliest and the latest creation and fill date over its rows, which is what a reader
 * takes of them anyway, so a fold never changes an answer. Only the blocks and spans with more than
 * one row are rewritten, and only the rows this statement sees. Answers how many rows it removed.
 */
export async function foldCreatedBlocks(q: Queryable): Promise<number> {
  let removed = 0;
  for (const { table, key } of CREATED_SUMMARIES) {
    // one statement for either table (the builder types one table at a time)
    const { rows } = await sql<{ gone: number; kept: number }>`
      WITH gone AS (
        DELETE FROM ${sql.table(table)}
         WHERE ${sql.ref(key)} IN (SELECT ${sql.ref(key)} FROM ${sql.table(table)} GROUP BY ${sql.ref(key)} HAVING count(*) > 1)
        RETURNING ${sql.ref(key)} AS k, min_created, max_created, min_filled, max_filled),
      kept AS (
        INSERT INTO ${sql.table(table)} (${sql.ref(key)}, min_created, max_created, min_filled, max_filled)
        SELECT k, min(min_created), max(max_created), min(min_filled), max(max_filled) FROM gone GROUP BY k
        RETURNING 1)
      SELECT (SELECT count(*) FROM gone)::int AS gone, (SELECT count(*) FROM kept)::int AS kept`.execute(kysely(q));
    removed += Number(rows[0]!.gone) - Number(rows[0]!.kept);
  }
  return removed;
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
 * The blocks and spans of migration 025 that do not cover their orders' creation and fill dates (one
 * missing, or an order created or filled earlier or later than its row says), each summary read in
 * one statement, as 'block N' / 'span N': none when the triggers kept up.
 */
export async function createdBlockDrift(q: Queryable): Promise<string[]> {
  const drift: string[] = [];
  for (const { table, key, shift } of CREATED_SUMMARIES) {
    const { rows } = await sql<{ k: string }>`
      WITH counted AS (SELECT id >> ${sql.lit(shift)} AS k, min(created_at) AS lo, max(created_at) AS hi, min(filled_at) AS flo, max(filled_at) AS fhi FROM orders GROUP BY 1),
           kept AS (SELECT ${sql.ref(key)} AS k, min(min_created) AS lo, max(max_created) AS hi, min(min_filled) AS flo, max(max_filled) AS fhi FROM ${sql.table(table)} GROUP BY 1)
      SELECT counted.k FROM counted LEFT JOIN kept ON kept.k = counted.k
       WHERE kept.k IS NULL OR kept.lo > counted.lo OR kept.hi < counted.hi
          OR (counted.flo IS NOT NULL AND (kept.flo IS NULL OR kept.flo > counted.flo OR kept.fhi < counted.fhi))
       ORDER BY counted.k`.execute(kysely(q));
    drift.push(...rows.map((r) => `${key} ${r.k}`));
  }
  return drift;
}

/** VACUUMs the tables the job orderCounts folds (after a fold that removed rows). */
export async function vacuumFoldedTables(db: Db): Promise<void> {
  // VACUUM is a maintenance command the builder has no verb for
  await sql`VACUUM order_status_counts, order_created_blocks, order_created_spans`.execute(kysely(db));
}
