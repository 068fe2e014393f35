/**
 * bench/orders-connection: seeds a fresh PostgreSQL database with 1,000,000 orders (one
 * `INSERT ... SELECT generate_series`, plus one ORDER timeline entry each), starts the real server
 * process on it, and measures p50/p99 of the GraphQL `adminOrdersConnection` over HTTP for
 *   - the first page (first: 10);
 *   - a page 500,000 rows deep, reached by a cursor (first: 10, after: <cursor of row 500,000>);
 *   - a status + date filter (status [Paid], createdAfter/createdBefore a month);
 * next to the same keyset SQL run directly through `pg` in the same run: the page query alone,
 * and every statement the resolver issues (page, has-previous probe, count, user names,
 * timelines). Prints the figures and their ratios. The database is dropped at the end.
 *
 *   node bench/orders-connection.ts [--rows 1000000] [--iterations 200] [--page 10]
 *   BENCH_ROWS=100000 node bench/orders-connection.ts
 *   (the PostgreSQL server: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { reportBench } from './support/bench-kit.ts';
import { connectionFilter, encodeCursor, type ConnectionArgs } from '../apps/server/src/modules/orders/order-graphql.ts';
import { beyondQuery, countQuery, pageQuery } from '../apps/server/src/modules/orders/order-repository.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: process.env.BENCH_ROWS ?? '1000000' },
    iterations: { type: 'string', default: process.env.BENCH_ITERATIONS ?? '200' },
    page: { type: 'string', default: '10' },
  },
});
const ROWS = Number(values.rows);
const ITERATIONS = Number(values.iterations);
const PAGE = Number(values.page);
const WARMUP = Math.max(5, Math.floor(ITERATIONS / 10));
if (!Number.isInteger(ROWS) || ROWS < 1000) throw new Error('--rows must be an integer of at least 1000');
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const QUERY = /* GraphQL */ `
  query OrdersConnection($first: Int, $last: Int, $after: String, $before: String, $status: [OrderStatus!], $createdAfter: String, $createdBefore: String) {
    adminOrdersConnection(first: $first, last: $last, after: $after, before: $before, status: $status, createdAfter: $createdAfter, createdBefore: $createdBefore) {
      edges {
        cursor
        node {
          id executionId orderType status action symbol userId username currency quantityGram quantityOz
          costPrice quotePrice myrPrice usdPrice exchangeRate limitPrice amount createdAt filledAt settledAt
          interestStartAt completedAt goodTillDate creditDeducted balanceDeducted goldReserved userFee globalFee
          source note comment isCustom timeline { id action date secondaryDate }
        }
      }
      pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
      totalCount
    }
  }
`;

/**
 * One million orders in one statement: ids in creation order, created_at one every ~63 s over
 * two years from 2024-01-01 (so a month holds ~1/24 of them), statuses spread over the eight, the
 * demo users round-robin, a limit price exactly on LIMIT orders, fill columns on filled ones.
 */
const SEED_ORDERS = `
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
       CASE WHEN t.order_type = 'LIMIT' AND g % 3 = 0 THEN DATE '2024-01-01' + (g / 1370)::int + 7 END,
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
 CROSS JOIN LATERAL (SELECT TIMESTAMPTZ '2024-01-01 00:00:00+08' + (g * (63072000.0 / $1::int)) * interval '1 second' AS at) AS c
 CROSS JOIN LATERAL (SELECT (ARRAY['CREATED', 'FILLED', 'SETTLED', 'OVERDUE', 'PAID', 'PAID', 'PAID', 'CANCELED', 'REVERTED', 'REFUNDED'])[1 + (g * 7) % 10] AS status) AS s0
 CROSS JOIN LATERAL (SELECT s0.status, s0.status NOT IN ('CREATED', 'CANCELED') AS filled) AS s
 CROSS JOIN LATERAL (SELECT CASE WHEN s.status = 'CREATED' THEN 'LIMIT'
                                 WHEN g % 11 = 0 THEN 'OFF_LINE' WHEN g % 4 = 0 THEN 'LIMIT' ELSE 'MARKET' END AS order_type) AS t`;

const SEED_TIMELINE = `
INSERT INTO order_timeline (order_id, action, date)
SELECT id, 'ORDER', created_at FROM orders WHERE execution_id LIKE 'bench-%'`;

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/src/server.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(/Aurum console: (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) resolve({ child, base: m[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out.slice(-2000)}`)));
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(n: number, run: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

interface Case {
  name: string;
  vars: ConnectionArgs;
}

const pgdb = await freshPostgresDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-orders-'));
let server: ChildProcess | null = null;
const pool = new pg.Pool({ connectionString: pgdb.url, max: 2 });
try {
  // the server migrates and seeds the demo data (admins, users) on the empty database
  const started = await startServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: pgdb.url,
    PRICE_SOURCE: 'none',
    ORDER_ENGINE_INTERVAL_MS: '0',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  });
  server = started.child;
  const base = started.base;
  const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  console.log(`orders connection bench: ${ROWS.toLocaleString('en-US')} orders on PostgreSQL ${version} (node ${process.version}), ${ITERATIONS} runs per case after ${WARMUP} warm-up, page ${PAGE}`);

  let t0 = performance.now();
  await pool.query('SET synchronous_commit = off');
  const inserted = await pool.query(SEED_ORDERS, [ROWS]);
  const seedOrders = (performance.now() - t0) / 1000;
  t0 = performance.now();
  await pool.query(SEED_TIMELINE);
  await pool.query('VACUUM ANALYZE orders');
  await pool.query('VACUUM ANALYZE order_timeline');
  console.log(
    `seed: ${inserted.rowCount?.toLocaleString('en-US')} orders in ${seedOrders.toFixed(1)} s (one INSERT ... SELECT generate_series), ` +
      `timeline + VACUUM ANALYZE ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const login = await fetch(`${base}/v0/web/auth/admin/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('viewer:Viewer#Read1').toString('base64')}` },
  });
  if (login.status !== 200) throw new Error(`login refused: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { jwt: string }).jwt;

  const deepRow = Math.floor(ROWS / 2);
  const [deep] = (await pool.query<{ id: string }>('SELECT id FROM orders ORDER BY id OFFSET $1 LIMIT 1', [deepRow - 1])).rows;
  const deepId = Number(deep!.id);
  const cases: Case[] = [
    { name: 'first page', vars: { first: PAGE } },
    { name: `${deepRow.toLocaleString('en-US')} rows deep (cursor)`, vars: { first: PAGE, after: encodeCursor(deepId) } },
    { name: 'status + date filter', vars: { first: PAGE, status: ['Paid'], createdAfter: '2025-03-01', createdBefore: '2025-03-31' } },
  ];

  const graphql = async (vars: ConnectionArgs) => {
    const r = await fetch(`${base}/v0/web/secure/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: vars }),
    });
    const body = (await r.json()) as { errors?: unknown; data?: { adminOrdersConnection: { edges: unknown[]; totalCount: number } } };
    if (r.status !== 200 || body.errors) throw new Error(`graphql failed: ${r.status} ${JSON.stringify(body.errors)}`);
    return body.data!.adminOrdersConnection;
  };

  /** The page query of ordersConnection (forward, keyset on id), built by the server's own function. */
  const pageSql = (vars: ConnectionArgs) => pageQuery(connectionFilter(vars), PAGE, false, vars.after ? deepId : null, null);
  /** Every statement the resolver runs for a forward page: page, has-previous probe, count, names, timelines. */
  const allSql = async (vars: ConnectionArgs) => {
    const q = pageSql(vars);
    const rows = (await pool.query<{ id: string; user_id: string }>(q.text, q.values)).rows.slice(0, PAGE);
    if (vars.after) {
      const probe = beyondQuery(connectionFilter(vars), '<=', deepId);
      await pool.query(probe.text, probe.values);
    }
    const count = countQuery(connectionFilter(vars));
    await pool.query(count.text, count.values);
    if (rows.length > 0) {
      await pool.query('SELECT id, username FROM users WHERE id = ANY($1::bigint[])', [[...new Set(rows.map((r) => r.user_id))]]);
      await pool.query('SELECT id, order_id, action, date, secondary_date FROM order_timeline WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, id', [
        rows.map((r) => r.id),
      ]);
    }
  };

  const table: Array<{ name: string; rows: number; total: number; gql: { p50: number; p99: number }; page: { p50: number; p99: number }; all: { p50: number; p99: number } }> = [];
  for (const c of cases) {
    const sample = await graphql(c.vars);
    const check = pageSql(c.vars);
    const direct = (await pool.query(check.text, check.values)).rows.length;
    if (Math.min(direct, PAGE) !== sample.edges.length) throw new Error(`${c.name}: graphql gave ${sample.edges.length} rows, SQL ${direct}`);
    const gql = await timed(ITERATIONS, async () => void (await graphql(c.vars)));
    const page = await timed(ITERATIONS, async () => void (await pool.query(check.text, check.values)));
    const all = await timed(ITERATIONS, () => allSql(c.vars));
    table.push({ name: c.name, rows: sample.edges.length, total: sample.totalCount, gql, page, all });
  }

  const ms = (v: number) => v.toFixed(2).padStart(8);
  const x = (a: number, b: number) => `${(a / b).toFixed(1)}x`.padStart(7);
  console.log('');
  console.log(
    `${'case'.padEnd(28)} ${'rows'.padStart(4)} ${'matches'.padStart(9)} | ${'GraphQL p50'.padStart(11)} ${'p99'.padStart(8)} | ` +
      `${'page SQL p50'.padStart(12)} ${'p99'.padStart(8)} | ${'all SQL p50'.padStart(11)} ${'p99'.padStart(8)} | ${'GQL/page p50'.padStart(12)} ${'p99'.padStart(7)} | ${'GQL/all p50'.padStart(11)} ${'p99'.padStart(7)}`,
  );
  for (const r of table) {
    console.log(
      `${r.name.padEnd(28)} ${String(r.rows).padStart(4)} ${r.total.toLocaleString('en-US').padStart(9)} | ${ms(r.gql.p50).padStart(11)} ${ms(r.gql.p99)} | ` +
        `${ms(r.page.p50).padStart(12)} ${ms(r.page.p99)} | ${ms(r.all.p50).padStart(11)} ${ms(r.all.p99)} | ` +
        `${x(r.gql.p50, r.page.p50).padStart(12)} ${x(r.gql.p99, r.page.p99)} | ${x(r.gql.p50, r.all.p50).padStart(11)} ${x(r.gql.p99, r.all.p99)}`,
    );
  }
  console.log('(milliseconds; GraphQL = HTTP POST to the real server process, all SQL = every statement its resolver runs, through pg from this process)');
  for (const r of table) {
    reportBench({
      bench: 'orders-connection',
      what: `orders connection p50, ${r.name}, ${ROWS.toLocaleString('en-US')} orders, postgres`,
      figure: r.gql.p50,
      baseline: r.page.p50,
      unit: 'ms',
      goal: '<= 2x page SQL',
      met: r.gql.p50 <= 2 * r.page.p50,
    });
  }
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server!.once('exit', r));
  await pool.end();
  await pgdb.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
