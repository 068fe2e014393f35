/**
 * bench/orders-connection: the orders list at a year of trading, on PostgreSQL and on PGlite.
 * Seeds a fresh database with the demo data and `--rows` orders (one `INSERT ... SELECT
 * generate_series`, one ORDER timeline entry each; the status counters of migration 012 follow
 * through their triggers and are folded once, as the job orderCounts does every 10 s), builds the
 * real application in this process and measures p50/p99 of:
 *   - the GraphQL `adminOrdersConnection` over HTTP (node:http, one kept-alive connection) with the console's own query (every field of
 *     the order, pageInfo, totalCount and totalIsLowerBound: apps/web/.../orders-connection-query.ts)
 *     for the newest page (last: page), a page `rows / 2` deep (first: page, after: a cursor), a
 *     status + date filter, a username filter, the creation date bounded at the middle of the
 *     two years (half the orders match: the newest before it, the oldest after it), the page before
 *     the deep one, the user id, symbol, quantity and fill date filters each alone, and a good-till
 *     date range of a month and of the first year,
 *   - next to the baseline: the plainest SQL of the page (its filters and cursor, ORDER BY id, LIMIT,
 *     planned by the database; the bench checks it answers the same orders) plus their timeline rows,
 *     through the same database's query (pg or PGlite) in the same run, alone and with the total's
 *     query beside it (the plainest SQL of the whole answer: the ratio's baseline);
 *   - the floor of any HTTP answer doing the same work: a bare Fastify route in this process running
 *     the same baseline SQL plus the total the console asks for (the status counters' sum for a
 *     status-only filter, else the bounded count up to 10,001: the server's own count queries) and
 *     answering its rows and total as JSON (no auth, no GraphQL, no mapping to the API's fields):
 *     printed beside, "vs floor" (goal when 2x the SQL is out of reach: within 1.2x of it), with the
 *     CPU time per request;
 *   - the three sampled in turn (one of each per iteration), so load weighs on them alike;
 *   - order/list_count's SQL (the status counters) next to a primary-key lookup of one order, and
 *     for the record the GROUP BY count(*) it replaced and order/list_count over HTTP.
 * Prints the figures and their ratios; the BENCH lines go to bench/run-all.ts's summary.
 *
 *   node bench/orders-connection.ts [--db postgres|pglite|both] [--rows 100000 | --full] [--iterations 50] [--page 10] [--explain] [--profile FILE]
 *   (--explain: prints EXPLAIN ANALYZE of each case's page query and bounded count;
 *   --profile FILE: writes a CPU profile of the GraphQL requests alone, before the timed runs)
 *   (--full: 10,000,000 orders on PostgreSQL and 1,000,000 on PGlite, 200 runs. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 *   else postgres://postgres@127.0.0.1:5432/postgres; a fresh database, dropped at the end.
 *   PGlite: a data folder in $TMPDIR, removed at the end.)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type { CompiledQuery } from 'kysely';
import { ORDER_STATUSES } from '../packages/domain/src/orders/order-status.ts';
import { ORDERS_CONNECTION_QUERY } from '../apps/web/src/features/orders/api/orders-connection-query.ts';
import { kysely } from '../apps/server/src/db/query-builder.ts';
import { connectionFilter, connectionPage, encodeCursor, type ConnectionArgs } from '../apps/server/src/modules/orders/order-graphql.ts';
import { COUNT_BOUND } from '../apps/server/src/modules/orders/order-read-service.ts';
import { selectOrders, timelineQuery } from '../apps/server/src/modules/orders/order-repository.ts';
import { boundedCountQuery, matches, onlyStatuses, pageQuery } from '../apps/server/src/modules/orders/order-connection-repository.ts';
import { statusCountsQuery } from '../apps/server/src/modules/orders/order-counts-repository.ts';
import { postJson, reportBench } from './support/bench-kit.ts';
import { openInProcessApp } from './support/in-process-app.ts';
import { timed as timedRuns, timedTogether as timedRunsTogether, type Timing } from './support/timed-runs.ts';
import { seedOrdersWithTimeline } from './support/order-seed.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DB ?? 'both' },
    rows: { type: 'string', default: process.env.BENCH_ROWS },
    iterations: { type: 'string', default: process.env.BENCH_ITERATIONS },
    page: { type: 'string', default: '10' },
    full: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
/** The orders seeded on each database: `--rows`, else with --full ten years of a busy dealer on PostgreSQL and one on PGlite (the embedded default serves smaller dealers). */
const rowsOf = (driver: 'postgres' | 'pglite') => Number(values.rows ?? (values.full ? (driver === 'postgres' ? 10_000_000 : 1_000_000) : 100_000));
const ITERATIONS = Number(values.iterations ?? (values.full ? 200 : 50));
const PAGE = Number(values.page);
const WARMUP = Math.max(5, Math.floor(ITERATIONS / 10));
if (!(['postgres', 'pglite'] as const).every((d) => Number.isInteger(rowsOf(d)) && rowsOf(d) >= 1000)) throw new Error('--rows must be an integer of at least 1000');
const DRIVERS: ReadonlyArray<'postgres' | 'pglite'> | null = values.db === 'both' ? ['postgres', 'pglite'] : values.db === 'postgres' || values.db === 'pglite' ? [values.db] : null;
if (!DRIVERS) throw new Error('--db is postgres, pglite or both');
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs compared with each other, sampled in turn after a warm-up (bench/support/timed-runs.ts), at this bench's counts. */
const timedTogether = (runs: ReadonlyArray<() => Promise<unknown>>, iterations = ITERATIONS, warmup = WARMUP) => timedRunsTogether(runs, iterations, warmup);
const timed = (run: () => Promise<unknown>, iterations = ITERATIONS) => timedRuns(run, iterations, WARMUP);

/** The middle of the two years the seed's orders are created in (bench/support/order-seed.ts). */
const MIDDLE = '2025-01-01';

/** The GROUP BY that order/list_count ran before the counters (for the record). */
const COUNT_BY_STATUS = 'SELECT status, count(*)::int AS n FROM orders WHERE status = ANY($1::text[]) GROUP BY status';

interface Row {
  name: string;
  rows: number;
  total: string;
  gql: Timing;
  base: Timing;
  /** The baseline and the total's query beside it (the answer's whole SQL). */
  sqlTotal: Timing;
  /** The same baseline SQL and the same answer through a bare Fastify route. */
  floor: Timing;
}

async function benchOne(driver: 'postgres' | 'pglite'): Promise<void> {
  const ROWS = rowsOf(driver);
  const o = await openInProcessApp(driver, 'aurum_bench_orders');
  try {
    const db = o.db;
    console.log(`\norders connection bench: ${ROWS.toLocaleString('en-US')} orders on ${o.label} (node ${process.version}), ${ITERATIONS} runs per case after ${WARMUP} warm-up, page ${PAGE}`);
    await seedOrdersWithTimeline(db, ROWS);

    const login = await fetch(`${o.base}/v0/web/auth/admin/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('viewer:Viewer#Read1').toString('base64')}` },
    });
    if (login.status !== 200) throw new Error(`login refused: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { jwt: string }).jwt;
    const post = async (path: string, body: unknown) => {
      const r = await postJson(`${o.base}/v0/web/secure/${path}`, body, { authorization: `Bearer ${token}` });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 500)}`);
      return JSON.parse(r.text) as unknown;
    };
    type Connection = { edges: Array<{ node: { id: number } }>; totalCount: number; totalIsLowerBound: boolean };
    const graphql = async (vars: ConnectionArgs) => {
      const body = (await post('graphql', { query: ORDERS_CONNECTION_QUERY, operationName: 'OrdersConnection', variables: vars })) as { errors?: unknown; data?: { adminOrdersConnection: Connection } };
      if (body.errors) throw new Error(`graphql: ${JSON.stringify(body.errors)}`);
      return body.data!.adminOrdersConnection;
    };

    const deepRow = Math.floor(ROWS / 2);
    const [deep] = await db.query<{ id: number }>('SELECT id FROM orders ORDER BY id OFFSET $1 LIMIT 1', [deepRow - 1]);
    const [someone] = await db.query<{ username: string; id: number }>("SELECT u.username, u.id FROM users u JOIN orders o ON o.user_id = u.id WHERE o.execution_id = 'bench-1'");
    const cases: Array<{ name: string; vars: ConnectionArgs }> = [
      { name: 'newest page', vars: { last: PAGE } },
      { name: `${deepRow.toLocaleString('en-US')} rows deep`, vars: { first: PAGE, after: encodeCursor(Number(deep!.id)) } },
      { name: 'status + date filter', vars: { last: PAGE, status: ['Paid'], createdAfter: '2025-03-01', createdBefore: '2025-03-31' } },
      { name: 'username filter', vars: { last: PAGE, userCondition: 'UserName', userInput: someone!.username } },
      // half the orders on either side: the newest before the middle, the oldest after it
      { name: 'created before the middle', vars: { last: PAGE, createdBefore: MIDDLE } },
      { name: 'created after the middle', vars: { first: PAGE, createdAfter: MIDDLE } },
      // the previous page of a deep one, and the other filters of the console, each alone
      { name: 'previous page, deep', vars: { last: PAGE, before: encodeCursor(Number(deep!.id)) } },
      { name: 'user id', vars: { last: PAGE, userCondition: 'UserId', userInput: String(someone!.id) } },
      { name: 'symbol XAU/USD', vars: { last: PAGE, symbol: 'XAU/USD' } },
      { name: 'quantity 10.1 g', vars: { last: PAGE, quantity: '10.1' } },
      { name: 'filled in a month', vars: { last: PAGE, filledAt: ['2025-03-01', '2025-03-31'] } },
      // good-till dates: a month, and the first year (the older half)
      { name: 'good till in a month', vars: { last: PAGE, goodTillDate: ['2025-03-01', '2025-03-31'] } },
      { name: 'good till, first year', vars: { last: PAGE, goodTillDate: ['2024-01-01', '2024-12-31'] } },
    ];

    /** The plainest SQL of the same answer: the page and its timeline rows (baseline), and the total beside them. */
    const withTotal = (page: CompiledQuery, total: CompiledQuery) => Promise.all([baseline(page), db.query(total.sql, total.parameters)]);

    /** A page query's rows and their timeline rows, through this database's own query. */
    const baseline = async (page: CompiledQuery) => {
      const rows = (await db.query<{ id: number }>(page.sql, page.parameters)).slice(0, PAGE);
      if (rows.length === 0) return { rows, lines: [] };
      const lines = timelineQuery(db, rows.map((r) => Number(r.id))).compile();
      return { rows, lines: await db.query<{ order_id: number }>(lines.sql, lines.parameters) };
    };

    // The floor of any answer over HTTP doing the same work: a bare Fastify route in this process
    // that runs the same baseline SQL and the total the console asks for (a bench measures what the
    // user meets: the console shows "1-10 of N"), each query as plain compiled SQL, and answers the
    // rows, each with its timeline rows, and the total as JSON (no auth, no GraphQL, no mapping to
    // the API's fields).
    const bare = Fastify();
    let served: { page: CompiledQuery; total: CompiledQuery } | null = null;
    bare.post('/', async () => {
      const [{ rows, lines }, counted] = await Promise.all([baseline(served!.page), db.query<{ n: number | string }>(served!.total.sql, served!.total.parameters)]);
      const totalCount = counted.reduce((sum, r) => sum + Number(r.n), 0);
      return { data: { adminOrdersConnection: { totalCount, edges: rows.map((node) => ({ node: { ...node, timeline: lines.filter((l) => l.order_id === node.id) } })) } } };
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareAddress = bare.server.address();
    const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/`;
    const floorCall = async (vars: ConnectionArgs) => {
      const r = await postJson(bareUrl, { query: ORDERS_CONNECTION_QUERY, operationName: 'OrdersConnection', variables: vars }, { authorization: `Bearer ${token}` });
      return JSON.parse(r.text) as unknown;
    };

    if (values.profile) {
      // a CPU profile of this process (server and client) over the GraphQL requests alone
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      for (let i = 0; i < ITERATIONS; i++) for (const c of cases) await graphql(c.vars);
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(values.profile, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of ${ITERATIONS} x ${cases.length} GraphQL requests: ${values.profile}`);
    }

    const table: Row[] = [];
    for (const c of cases) {
      const p = connectionPage(c.vars);
      const page = pageQuery(db, connectionFilter(c.vars), p.size, p.backward, p.after, p.before).compile();
      const sample = await graphql(c.vars);
      // the plainest SQL of the page: the filters and the cursor, ORDER BY id, LIMIT; PostgreSQL plans it
      const plain = selectOrders(db)
        .where((eb) => eb.and([matches(connectionFilter(c.vars))(eb), ...(p.after === null ? [] : [eb('orders.id', '>', p.after)]), ...(p.before === null ? [] : [eb('orders.id', '<', p.before)])]))
        .orderBy('orders.id', p.backward ? 'desc' : 'asc')
        .limit(p.size + 1)
        .compile();
      const direct = await baseline(plain);
      // (a connection's edges are in id order whichever way it pages; the SQL has one row more when there are more)
      const inOrder = (ids: number[]) => ids.sort((a, b) => a - b).join(',');
      const gave = inOrder(sample.edges.map((e) => Number(e.node.id)));
      const plainIds = inOrder(direct.rows.slice(0, p.size).map((r) => Number(r.id)));
      if (plainIds !== gave) throw new Error(`${c.name}: GraphQL gave orders ${gave}, the plain SQL ${plainIds}`);
      if (values.explain) {
        const filter = connectionFilter(c.vars);
        const plans: Array<[string, CompiledQuery]> = [['page', page]];
        if (!onlyStatuses(filter)) plans.push(['bounded count', boundedCountQuery(db, filter, COUNT_BOUND + 1).compile()]);
        for (const [what, q] of plans) {
          const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.parameters);
          console.log(`\nEXPLAIN ANALYZE, ${c.name}, ${what}:\n${plan.map((l) => `  ${l['QUERY PLAN']}`).join('\n')}`);
        }
      }
      // the total as the server counts it: the counters for a status-only filter, else a bounded count
      const filter = connectionFilter(c.vars);
      const total = onlyStatuses(filter) ? statusCountsQuery(db, filter.statuses ?? [...ORDER_STATUSES]).compile() : boundedCountQuery(db, filter, COUNT_BOUND + 1).compile();
      served = { page, total };
      // a plain SQL that walks far (over 50 ms: a date range read through the primary key) is timed
      // apart over a few runs; its figure is a baseline far above the page's, and 200 runs of it at
      // ten million orders would take most of an hour
      const t0 = performance.now();
      await withTotal(plain, total);
      let gql: Timing, base: Timing, sqlTotal: Timing, floor: Timing;
      if (performance.now() - t0 > 50) {
        [gql, floor] = (await timedTogether([() => graphql(c.vars), () => floorCall(c.vars)])) as [Timing, Timing];
        [base, sqlTotal] = (await timedTogether([() => baseline(plain), () => withTotal(plain, total)], 10, 1)) as [Timing, Timing];
      } else {
        [gql, base, sqlTotal, floor] = (await timedTogether([() => graphql(c.vars), () => baseline(plain), () => withTotal(plain, total), () => floorCall(c.vars)])) as [Timing, Timing, Timing, Timing];
      }
      table.push({ name: c.name, rows: sample.edges.length, total: `${sample.totalCount.toLocaleString('en-US')}${sample.totalIsLowerBound ? '+' : ''}`, gql, base, sqlTotal, floor });
    }
    await bare.close();

    // order/list_count: the counters' query against a primary-key lookup, both through this database's query
    const statuses = [...ORDER_STATUSES];
    const counters = statusCountsQuery(db, statuses).compile();
    const ids = (await db.query<{ id: number }>('SELECT id FROM orders ORDER BY random() LIMIT 100')).map((r) => Number(r.id));
    let next = 0;
    const pkSql = kysely(db).selectFrom('orders').selectAll().where('id', '=', 0).compile();
    const [listCount, pk] = (await timedTogether([() => db.query(counters.sql, counters.parameters), () => db.query(pkSql.sql, [ids[next++ % ids.length]])])) as [Timing, Timing];
    const groupBy = await timed(() => db.query(COUNT_BY_STATUS, [statuses]), Math.min(ITERATIONS, 20));
    const listCountHttp = await timed(() => post('order/list_count', { status: [] }));

    // the checker's inbox beside these orders (it reads requests and bank accounts, not orders): its
    // RSS over 300 pages of 200 items and their counts, as a finance approver sees them
    const checker = await fetch(`${o.base}/v0/web/auth/admin/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('financeapprover:Finance#Approve1').toString('base64')}` },
    });
    const checkerToken = ((await checker.json()) as { jwt: string }).jwt;
    const rss0 = process.memoryUsage.rss();
    let rssPeak = rss0;
    for (let i = 0; i < 300; i++) {
      for (const path of ['inbox?limit=200', 'inbox/count']) {
        const r = await fetch(`${o.base}/v0/web/secure/${path}`, { headers: { authorization: `Bearer ${checkerToken}` } });
        if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      }
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }
    const inboxGrowthMb = (rssPeak - rss0) / 2 ** 20;

    const ms = (v: number) => v.toFixed(2).padStart(8);
    const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`.padStart(7);
    console.log('');
    console.log(
      `${'case'.padEnd(26)} ${'rows'.padStart(4)} ${'total'.padStart(10)} | ${'GraphQL p50'.padStart(11)} ${'p99'.padStart(8)} | ${'plain page SQL p50'.padStart(21)} ${'p99'.padStart(8)} | ${'ratio p50'.padStart(9)} ${'p99'.padStart(7)} | ${'SQL with total p50'.padStart(18)} ${'p99'.padStart(8)} | ${'ratio p50'.padStart(9)} ${'p99'.padStart(7)} | ${'bare HTTP floor p50'.padStart(19)} ${'p99'.padStart(8)} | ${'vs floor p50'.padStart(12)} | ${'CPU us/req GraphQL'.padStart(18)} ${'floor'.padStart(6)}`,
    );
    for (const r of table) {
      console.log(
        `${r.name.padEnd(26)} ${String(r.rows).padStart(4)} ${r.total.padStart(10)} | ${ms(r.gql.p50).padStart(11)} ${ms(r.gql.p99)} | ${ms(r.base.p50).padStart(21)} ${ms(r.base.p99)} | ${x(r.gql.p50, r.base.p50).padStart(9)} ${x(r.gql.p99, r.base.p99)} | ${ms(r.sqlTotal.p50).padStart(18)} ${ms(r.sqlTotal.p99)} | ${x(r.gql.p50, r.sqlTotal.p50).padStart(9)} ${x(r.gql.p99, r.sqlTotal.p99)} | ${ms(r.floor.p50).padStart(19)} ${ms(r.floor.p99)} | ${x(r.gql.p50, r.floor.p50).padStart(12)} | ${r.gql.cpuUs.toFixed(0).padStart(18)} ${r.floor.cpuUs.toFixed(0).padStart(6)}`,
      );
    }
    console.log('\nthe tail: runs slower than 3x their median, and the garbage collections of this process (server and client) inside them');
    for (const r of table) {
      const tail = (t: Timing) => `${String(t.slow.n).padStart(3)} slow, ${String(t.slow.withGc).padStart(3)} with GC (${t.slow.gcMs.toFixed(1)} ms, major ${t.slow.majorMs.toFixed(1)})`;
      console.log(`${r.name.padEnd(26)} | GraphQL ${tail(r.gql)} | SQL with total ${tail(r.sqlTotal)} | floor ${tail(r.floor)}`);
    }
    console.log(`${'list_count SQL (counters)'.padEnd(40)} | ${ms(listCount.p50).padStart(11)} ${ms(listCount.p99)} | primary-key lookup ${ms(pk.p50)} ${ms(pk.p99)} | ${x(listCount.p50, pk.p50).padStart(9)} ${x(listCount.p99, pk.p99)}`);
    console.log(`${'(before: GROUP BY count(*))'.padEnd(40)} | ${ms(groupBy.p50).padStart(11)} ${ms(groupBy.p99)} |`);
    console.log(`${'(order/list_count over HTTP)'.padEnd(40)} | ${ms(listCountHttp.p50).padStart(11)} ${ms(listCountHttp.p99)} |`);
    console.log(`the inbox, 300 pages of 200 and their counts: RSS growth ${inboxGrowthMb.toFixed(1)} MB`);
    console.log('(milliseconds; GraphQL = HTTP POST of the console\'s query to the application in this process; SQL through the same database\'s query)');

    const size = `${ROWS.toLocaleString('en-US')} orders, ${driver}`;
    for (const r of table) {
      reportBench({ bench: 'orders-connection', what: `orders connection p50, ${r.name}, ${size}`, figure: r.gql.p50, baseline: r.sqlTotal.p50, unit: 'ms', goal: '<= 2x page + total SQL', met: r.gql.p50 <= 2 * r.sqlTotal.p50 });
      reportBench({ bench: 'orders-connection', what: `orders connection p99, ${r.name}, ${size}`, figure: r.gql.p99, baseline: r.sqlTotal.p99, unit: 'ms', goal: '<= 3x page + total SQL', met: r.gql.p99 <= 3 * r.sqlTotal.p99 });
      reportBench({ bench: 'orders-connection', what: `orders connection p50 vs bare Fastify + same SQL, ${r.name}, ${size}`, figure: r.gql.p50, baseline: r.floor.p50, unit: 'ms', goal: '<= 1.2x floor', met: r.gql.p50 <= 1.2 * r.floor.p50 });
    }
    reportBench({ bench: 'orders-connection', what: `the inbox's RSS growth over 300 pages, ${size}`, figure: inboxGrowthMb, baseline: null, unit: 'MB', goal: '< 50 MB', met: inboxGrowthMb < 50 });
    reportBench({ bench: 'orders-connection', what: `order/list_count SQL p50 vs primary-key lookup, ${size}`, figure: listCount.p50, baseline: pk.p50, unit: 'ms', goal: '<= 2x', met: listCount.p50 <= 2 * pk.p50 });
  } finally {
    await o.close();
  }
}

for (const driver of DRIVERS) await benchOne(driver);
