import type { Queryable } from '../db/db.ts';
import { createdBlockDrift, statusCountDrift } from '../modules/orders/order-counts-repository.ts';

/**
 * Throws when the order counters (order_status_counts, migration 012) differ from a fresh
 * `SELECT status, count(*) FROM orders GROUP BY status`, or when the blocks and spans of creation and
 * fill dates (migration 025) do not cover the orders: each is read in one statement, so
 * the check holds while other transactions change orders. Every integration test's open test servers
 * are checked after the test (integration-setup.ts) and each one again when it closes.
 */
export async function assertOrderCounts(q: Queryable, where = 'the database'): Promise<void> {
  const drift = await statusCountDrift(q);
  if (drift.length > 0) {
    const lines = drift.map((d) => `${d.status}: counted ${d.counted}, counters ${d.kept}`).join('; ');
    throw new Error(`order counters differ from count(*) in ${where}: ${lines}`);
  }
  // the blocks and spans of creation and fill dates (migration 025) the date filters read by
  const blocks = await createdBlockDrift(q);
  if (blocks.length > 0) throw new Error(`the creation and fill dates' summaries do not cover the orders of ${blocks.slice(0, 10).join(', ')} in ${where}`);
}
