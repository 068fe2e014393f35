import type { Db } from '../../db/db.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import { foldCreatedBlocks, foldStatusCounts, vacuumFoldedTables } from './order-counts-repository.ts';

/** How often the status counters are folded (decision 0420). */
export const ORDER_COUNTS_FOLD_MS = 10_000;

/**
 * The job `orderCounts`: folds the rows of order_status_counts into one per status (migration 012,
 * order-counts-repository.ts foldStatusCounts), so reading a count sums a handful of rows whatever the
 * traffic was, and the rows of order_created_blocks into one per block (migration 025,
 * foldCreatedBlocks). After a fold that removed rows it VACUUMs the two small tables: PGlite runs no
 * autovacuum, and the deleted rows would otherwise stay in every scan. runOnce answers how many
 * rows it folded.
 */
export function orderCountsJob(db: Db, everyMs: number = ORDER_COUNTS_FOLD_MS): Job {
  return intervalJob('orderCounts', {
    everyMs,
    run: async () => {
      const folded = await db.transaction(async (tx) => (await foldStatusCounts(tx)) + (await foldCreatedBlocks(tx)));
      if (folded > 0) await vacuumFoldedTables(db);
      return folded;
    },
  });
}
