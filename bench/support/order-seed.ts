/** The orders the benches seed (bench/orders-connection.ts, bench/orders-export.ts, bench/replica-reads.ts). */
import type { Db } from '../../apps/server/src/db/db.ts';
import { foldStatusCounts } from '../../apps/server/src/modules/orders/order-counts-repository.ts';

/**
 * `$1` orders in one statement: ids in creation order, created_at one every ~63 s over two years
 * from 2024-01-01 (so a month holds ~1/24 of them) give or take 4 s (processes' clocks and
 * transactions: the creation dates are not quite in id order), statuses spread over the eight, the demo users
 * round-robin, a limit price exactly on LIMIT orders (a third of them good till one to four weeks
 * after their creation day), fill columns on filled ones.
 */
export const SEED_ORDERS = `
INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, limit_price,
                    cost_price, quote_price, myr_price, usd_price, exchange_rate, amount, balance_deducted, credit_deducted,
                    gold_reserved, user_fee, global_fee, is_custom, good_till_date, created_at, filled_at, settled_at,
                    interest_start_at, completed_at, canceled_at, reverted_at, updated_at)
SELECT 'bench-' || g,
       u.ids[1 + (g % array_length(u.ids, 1))],
       CASE WHEN g % 2 = 0 THEN 'BUY' ELSE 'SELL' END,
       t.order_type,
       s.status,
       CASE WHEN g % 5 = 0 THEN 'XAU/USD' ELSE 'XAU/MYR' END,
       CASE WHEN g % 5 = 0 THEN 'USD' ELSE 'MYR' END,
       (1 + (g % 997))::numeric(24, 4) / 10,
       CASE WHEN t.order_type = 'LIMIT' THEN 400 + (g % 50) END,
       CASE WHEN s.filled THEN 2650 END, CASE WHEN s.filled THEN 2652.5 END,
       CASE WHEN s.filled THEN 410.125 END, CASE WHEN s.filled THEN 2652.5 END, CASE WHEN s.filled THEN 4.4123 END,
       CASE WHEN s.filled THEN round(410.125 * (1 + (g % 997))::numeric / 10, 2) END,
       0, 0, 0,
       CASE WHEN s.filled THEN 0 END, CASE WHEN s.filled THEN 0.5 END,
       t.order_type = 'OFF_LINE',
       CASE WHEN t.order_type = 'LIMIT' AND g % 3 = 0 THEN (c.at AT TIME ZONE 'Asia/Kuala_Lumpur')::date + 7 + (g % 4) * 7 END,
       c.at,
       CASE WHEN s.filled THEN c.at + interval '1 second' END,
       CASE WHEN s.status IN ('SETTLED', 'OVERDUE', 'PAID') THEN c.at + interval '1 day' END,
       CASE WHEN s.status IN ('SETTLED', 'OVERDUE', 'PAID') THEN c.at + interval '4 days' END,
       CASE WHEN s.status = 'PAID' THEN c.at + interval '5 days' END,
       CASE WHEN s.status = 'CANCELED' THEN c.at + interval '1 hour' END,
       CASE WHEN s.status = 'REVERTED' THEN c.at + interval '2 days' END,
       c.at
  FROM generate_series(1, $1::int) AS g
 CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM users) AS u
 CROSS JOIN LATERAL (SELECT TIMESTAMPTZ '2024-01-01 00:00:00+08' + (g * (63072000.0 / $1::int) + (g::bigint * 7919) % 9 - 4) * interval '1 second' AS at) AS c
 CROSS JOIN LATERAL (SELECT (ARRAY['CREATED', 'FILLED', 'SETTLED', 'OVERDUE', 'PAID', 'PAID', 'PAID', 'CANCELED', 'REVERTED', 'REFUNDED'])[1 + (g * 7) % 10] AS status) AS s0
 CROSS JOIN LATERAL (SELECT s0.status, s0.status NOT IN ('CREATED', 'CANCELED') AS filled) AS s
 CROSS JOIN LATERAL (SELECT CASE WHEN s.status = 'CREATED' THEN 'LIMIT'
                                 WHEN g % 11 = 0 THEN 'OFF_LINE' WHEN g % 4 = 0 THEN 'LIMIT' ELSE 'MARKET' END AS order_type) AS t`;

/** One ORDER timeline entry for each seeded order, at its creation. */
export const SEED_TIMELINE = `INSERT INTO order_timeline (order_id, action, date) SELECT id, 'ORDER', created_at FROM orders WHERE execution_id LIKE 'bench-%'`;

/**
 * `rows` orders (SEED_ORDERS) and their timeline entries on `db`, the status counters folded once
 * (as the job orderCounts does every 10 s) and the tables analysed: the orders list as a year of
 * trading leaves it. Prints what it took.
 */
export async function seedOrdersWithTimeline(db: Db, rows: number): Promise<void> {
  let t0 = performance.now();
  if (db.driver === 'postgres') await db.query('SET synchronous_commit = off');
  await db.query(SEED_ORDERS, [rows]);
  const seedOrders = (performance.now() - t0) / 1000;
  t0 = performance.now();
  await db.query(SEED_TIMELINE);
  await db.transaction((tx) => foldStatusCounts(tx));
  for (const table of ['orders', 'order_timeline', 'order_status_counts']) await db.query(`VACUUM ANALYZE ${table}`);
  console.log(`seed: ${rows.toLocaleString('en-US')} orders in ${seedOrders.toFixed(1)} s (one INSERT ... SELECT generate_series), timeline, fold + VACUUM ANALYZE ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
