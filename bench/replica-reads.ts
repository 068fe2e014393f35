/**
 * bench/replica-reads: the orders connection read from a streaming replica while the leader takes
 * the money load, against the same read on an idle leader (decision 0010).
 *
 * A private leader and a streaming replica of Debian's PostgreSQL (startPrivatePostgres /
 * startPrivateReplica: fsync off, as the cluster suite runs them), the leader seeded with the demo
 * data and `--rows` orders before the replica is copied from it (pg_basebackup). Three Aurum server
 * processes (apps/server/src/server.ts, as `npm start` runs them, topology and all), each as an
 * operator would run it:
 *   - reads: DATABASE_URL at the leader, READ_DATABASE_URL at the replica;
 *   - plain: DATABASE_URL at the leader, no replica (every read is the leader's);
 *   - load: DATABASE_URL at the leader, taking the money load: `--clients` concurrent clients through
 *     the API (apps/server/src/testing/cluster/cluster-load.ts: deposits created by the finance maker
 *     and approved by the finance approver, offline orders in XAU/MYR and XAU/USD, a user's wallet and
 *     the modes read, now and then a notification), each client one call after the other.
 * The console's own GraphQL query (apps/web/.../orders-connection-query.ts) over HTTP, for the newest
 * page, a page `rows / 2` deep (by cursor) and the PAID status tab, p50/p99 of:
 *   (a) the reads process (the replica) while the load runs;
 *   (b) the plain process (the leader) with the load stopped and the replica caught up: the baseline;
 *   (c) the plain process (the leader) while the load runs: what the replica takes off it;
 *   and, for the record, the reads process with the load stopped (the replica idle);
 *   (d) an admin who has just written: the desk enters an order through the reads process, its answer
 *       sets the `aurum_wal` cookie, and the newest page is read at once with it (the read waits for
 *       the replica to replay the write, up to READ_YOUR_WRITES_WAIT_MS, or goes to the leader); the
 *       order must be on the page; how many such reads went to the leader, from /metrics
 *       (`aurum_replica_reads_total`, read before and after each).
 * The windows alternate, `--rounds` times: load on, (a) and (c) sampled in turn, then (d); load off,
 * the replica caught up, (b) and the idle replica sampled in turn. So what else the machine does
 * weighs on every figure alike. All of it shares one machine: the replica's replay and the load's
 * processes take the same cores as the reads, which a replica on its own machine would not.
 *
 * The leader commits with synchronous_commit on by default (as a dealer's leader must: an
 * acknowledged trade is on disk); the helpers' scratch setting, off, leaves commits in the WAL buffer
 * for the WAL writer (up to wal_writer_delay, 200 ms), and a replica only receives what the leader
 * has flushed, so the admin who just wrote waits for that: `--synchronous-commit off` shows it.
 * fsync stays off on both, as the helpers set it.
 *
 *   node bench/replica-reads.ts [--rows 100000] [--rounds 5] [--iterations 40] [--clients 4] [--page 10] [--synchronous-commit on|off]
 *   (needs Debian's PostgreSQL: initdb, pg_ctl, pg_basebackup; apt-get install -y postgresql)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ORDERS_CONNECTION_QUERY } from '../apps/web/src/features/orders/api/orders-connection-query.ts';
import { Decimal, roundTo } from '../packages/domain/src/money/decimal.ts';
import { metalAccount } from '../packages/domain/src/wallet/ledger.ts';
import { openDatabase } from '../apps/server/src/bootstrap.ts';
import { ownedFolder } from '../apps/server/src/cli/postgres-user.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { postEntry } from '../apps/server/src/modules/ledger/ledger-service.ts';
import { coverageFigures } from '../apps/server/src/modules/treasury/treasury-service.ts';
import { DEMO_VAULT } from '../apps/server/src/seed/demo-vault.ts';
import { encodeCursor, type ConnectionArgs } from '../apps/server/src/modules/orders/order-graphql.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { freePort } from '../apps/server/src/testing/cluster/cluster.ts';
import { ClusterLoad, customize, signIn, signInAll, tally, type Outcome } from '../apps/server/src/testing/cluster/cluster-load.ts';
import { postgresBin } from '../apps/server/src/testing/cluster/cluster-tools.ts';
import { startPrivatePostgres, startPrivateReplica, type PrivatePostgres } from '../apps/server/src/testing/cluster/private-postgres.ts';
import { call } from '../apps/server/src/testing/http-call.ts';
import { spawnServer, type SpawnedServer } from '../apps/server/src/testing/server-process.ts';
import { fmt, getText, percentile, postJson, reportBench, waitFor } from './support/bench-kit.ts';
import { seedOrdersWithTimeline } from './support/order-seed.ts';
import { noSamples, sampleInTurn, timingOf, type Samples, type Timing } from './support/timed-runs.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '5' },
    iterations: { type: 'string', default: '40' },
    clients: { type: 'string', default: '4' },
    page: { type: 'string', default: '10' },
    'synchronous-commit': { type: 'string', default: 'on' },
  },
});
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const ITERATIONS = Number(values.iterations);
const CLIENTS = Number(values.clients);
const PAGE = Number(values.page);
const SYNCHRONOUS_COMMIT = values['synchronous-commit']!;
if (!['on', 'off'].includes(SYNCHRONOUS_COMMIT)) throw new Error('--synchronous-commit is on or off');
if (!Number.isInteger(ROWS) || ROWS < 1000) throw new Error('--rows must be an integer of at least 1000');
for (const [name, v] of [['--rounds', ROUNDS], ['--iterations', ITERATIONS], ['--clients', CLIENTS], ['--page', PAGE]] as const) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
}

const DATABASE = 'aurum_bench_replica';
const METRICS_TOKEN = 'bench-replica-metrics-token';
/** The server's defaults, named here so the figures say what they were measured with. */
const MAX_LAG_SECONDS = 5;
const WAIT_MS = 200;
const SECURE = '/v0/web/secure';

const pgBin = postgresBin();
if (!pgBin) throw new Error('PostgreSQL (initdb, pg_ctl, pg_basebackup) is needed: apt-get install -y postgresql');

const folder = ownedFolder(mkdtempSync(join(tmpdir(), 'aurum-bench-replica-')));
let leader: PrivatePostgres | undefined;
let replica: PrivatePostgres | undefined;
const servers: SpawnedServer[] = [];
let leaderPool: pg.Pool | undefined;
let replicaPool: pg.Pool | undefined;
let load: ClusterLoad | undefined;
// an interrupted run leaves no PostgreSQL behind (destroy is synchronous)
process.once('exit', () => {
  replica?.destroy();
  leader?.destroy();
});

/** A bar as the demo's: about 400 oz, 999.9 fine. */
const BAR_GROSS = new Decimal('12441.0000');
const BAR_FINE = new Decimal(roundTo(BAR_GROSS.times('999.9').div(1000), 4));
/** Room for the load's buys beyond the seeded customers' metal (grams). */
const HEADROOM_G = 100_000;

/**
 * Bars received into the demo vault until they cover the seeded orders' customer metal with room
 * for the load: a dealer whose buys pass the coverage rule, as a healthy one's do (without them every
 * buy is refused, decision 0835). Their receive is posted into the metal books, as the demo seed's.
 */
async function coverCustomers(db: Db): Promise<void> {
  const xau = (await coverageFigures(db)).find((f) => f.metal === 'XAU')!;
  const short = new Decimal(xau.customerMetal).minus(xau.availableBars).plus(HEADROOM_G);
  if (short.lte(0)) return;
  const bars = Number(short.div(BAR_FINE).ceil().toFixed(0));
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO vault_bars (serial, refiner, metal, form, year, gross_weight, fineness, fine_weight, book_weight, custodian, vault_id, status)
       SELECT 'BENCH' || g, 'Bench Refinery', 'XAU', 'bar', 2024, $2, 999.9, $3, $3, v.custodian, v.id, 'available'
         FROM generate_series(1, $1::int) AS g CROSS JOIN vaults v WHERE v.code = $4`,
      [bars, BAR_GROSS.toFixed(4), BAR_FINE.toFixed(4), DEMO_VAULT.code],
    );
    await postEntry(tx, {
      kind: 'vault.receive',
      userId: null,
      note: `Bench bars received at ${DEMO_VAULT.code}`,
      createdBy: null,
      postings: [{ from: metalAccount('XAU', 'outside'), to: metalAccount('XAU', `vault:${DEMO_VAULT.code}`), asset: 'XAU', amount: roundTo(BAR_FINE.times(bars), 4) }],
    });
  });
  console.log(`coverage: ${bars} bars (${BAR_FINE.times(bars).toFixed(0)} g) received to cover ${new Decimal(xau.customerMetal).toFixed(0)} g of customer metal and the load's buys`);
}

async function main(): Promise<void> {
  const [leaderPort, replicaPort] = [await freePort(), await freePort()];
  leader = startPrivatePostgres(pgBin!, join(folder, 'leader'), leaderPort, [`synchronous_commit=${SYNCHRONOUS_COMMIT}`]);
  await leader.createDatabase(DATABASE);
  const dataDir = ownedFolder(join(folder, 'data'));

  // the demo data and the orders on the leader, then the replica copied from it
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: leader.url(DATABASE) });
  const opened = await openDatabase(config);
  try {
    await seedDemo(opened.db, config);
    await seedOrdersWithTimeline(opened.db, ROWS);
    await coverCustomers(opened.db);
  } finally {
    await opened.close();
  }
  let t0 = performance.now();
  replica = startPrivateReplica(pgBin!, join(folder, 'replica'), replicaPort, leader);
  console.log(`replica: pg_basebackup and start in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  leaderPool = new pg.Pool({ connectionString: leader.url(DATABASE), max: 2 });
  replicaPool = new pg.Pool({ connectionString: replica.url(DATABASE), max: 2 });
  const [version] = (await leaderPool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows;

  // tokens that outlive the run (the console refreshes its own; the bench signs in once)
  const common = { PRICE_SOURCE: 'simulated', ACCESS_TOKEN_TTL_SECONDS: '3600', HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_TOKEN, DATABASE_URL: leader.url(DATABASE) };
  t0 = performance.now();
  // the load's process first: it takes the jobs' leases (price feed, order engine, counters), so the
  // two measured processes are alike, neither running the jobs
  const loader = spawnServer(common);
  servers.push(loader);
  const loadUrl = await loader.url(120_000);
  const reads = spawnServer({ ...common, READ_DATABASE_URL: replica.url(DATABASE), REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS), READ_YOUR_WRITES_WAIT_MS: String(WAIT_MS) });
  const plain = spawnServer(common);
  servers.push(reads, plain);
  const [readsUrl, plainUrl] = await Promise.all([reads.url(120_000), plain.url(120_000)]);
  console.log(`three server processes ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const viewer = { reads: await signIn(readsUrl, 'viewer'), plain: await signIn(plainUrl, 'viewer') };
  const desk = await signIn(readsUrl, 'admin');
  const userId = Number((await leaderPool.query<{ id: string }>("SELECT id FROM users WHERE username = 'aminah'")).rows[0]!.id);
  const [deep] = (await leaderPool.query<{ id: string }>('SELECT id FROM orders ORDER BY id OFFSET $1 LIMIT 1', [Math.floor(ROWS / 2) - 1])).rows;

  type Connection = { edges: Array<{ node: { id: number } }>; totalCount: number };
  const graphql = async (base: string, token: string, vars: ConnectionArgs, cookie?: string): Promise<Connection> => {
    const r = await postJson(`${base}${SECURE}/graphql`, { query: ORDERS_CONNECTION_QUERY, operationName: 'OrdersConnection', variables: vars }, { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) });
    const body = JSON.parse(r.text) as { errors?: unknown; data?: { adminOrdersConnection: Connection } };
    if (r.status !== 200 || body.errors) throw new Error(`graphql at ${base}: ${r.status} ${r.text.slice(0, 500)}`);
    return body.data!.adminOrdersConnection;
  };
  const cases: Array<{ name: string; vars: ConnectionArgs }> = [
    { name: 'newest page', vars: { last: PAGE } },
    { name: `${Math.floor(ROWS / 2).toLocaleString('en-US')} rows deep`, vars: { first: PAGE, after: encodeCursor(Number(deep!.id)) } },
    { name: 'status PAID', vars: { last: PAGE, status: ['Paid'] } },
  ];

  /** The reads process's replica-read statements by where they ran (its /metrics). */
  const readCounts = async () => {
    const r = await getText(`${readsUrl}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
    const count = (target: string, reason: string) => Number(new RegExp(`^aurum_replica_reads_total\\{target="${target}",reason="${reason}"\\} (\\S+)$`, 'm').exec(r.text)?.[1] ?? 0);
    const lag = Number(/^aurum_replica_lag_seconds\{member="[^"]+"\} (\S+)$/m.exec(r.text)?.[1] ?? NaN);
    return { replica: count('replica', ''), ownWrite: count('leader', 'ownWrite'), lag: count('leader', 'lag'), otherLeader: ['noReplica', 'replicaDown', 'recoveryConflict'].reduce((n, reason) => n + count('leader', reason), 0), lagSeconds: lag };
  };
  /** Waits until the replica has replayed everything the leader had written when called (the jobs keep writing meanwhile). */
  const caughtUp = async (what: string) => {
    const lsn = (await leaderPool!.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn;
    await waitFor(async () => (await replicaPool!.query<{ ok: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn])).rows[0]!.ok, 60_000, what, 20);
  };
  await caughtUp('the replica caught up with the seeded leader');

  // the replica serves the same orders as the leader (once it has replayed what the jobs wrote since)
  const ids = (x: Connection) => `${x.edges.map((e) => e.node.id).join(',')} of ${x.totalCount}`;
  for (const c of cases) {
    let seen = '';
    try {
      await waitFor(
        async () => {
          await caughtUp('the replica caught up');
          const [a, b] = [await graphql(readsUrl, viewer.reads, c.vars), await graphql(plainUrl, viewer.plain, c.vars)];
          seen = `the replica answered ${ids(a)}, the leader ${ids(b)}`;
          return ids(a) === ids(b);
        },
        10_000,
        'the same orders',
        100,
      );
    } catch {
      throw new Error(`${c.name}: ${seen}`);
    }
  }

  const onReplicaLoaded = cases.map(noSamples);
  const onLeaderLoaded = cases.map(noSamples);
  const onLeaderIdle = cases.map(noSamples);
  const onReplicaIdle = cases.map(noSamples);
  const ownWrite: Samples = noSamples();
  const writes: number[] = [];
  let ownFellBack = 0;
  let ownLagFellBack = 0;
  let ownMissing = 0;
  const loadWindows: Array<{ from: number; to: number }> = [];
  const lagsUnderLoad: number[] = [];

  load = new ClusterLoad(loadUrl, await signInAll(loadUrl), userId);
  const warmup = 5;
  const before = await readCounts();
  console.log(`\nreplica reads bench: ${ROWS.toLocaleString('en-US')} orders on PostgreSQL ${version!.v} (leader and streaming replica, fsync off, the leader's synchronous_commit ${SYNCHRONOUS_COMMIT}), node ${process.version}; ${ROUNDS} rounds of ${ITERATIONS} runs per case and window, ${CLIENTS} load clients, page ${PAGE}, REPLICA_MAX_LAG_SECONDS ${MAX_LAG_SECONDS}, READ_YOUR_WRITES_WAIT_MS ${WAIT_MS}`);
  for (let round = 0; round < ROUNDS; round++) {
    // the load on: (a) and (c) in turn, then the admin who just wrote (d)
    load.start(CLIENTS);
    await load.flowing(20, 60_000);
    const from = Date.now();
    await sampleInTurn(
      cases.flatMap((c) => [() => graphql(readsUrl, viewer.reads, c.vars), () => graphql(plainUrl, viewer.plain, c.vars)]),
      ITERATIONS,
      round === 0 ? warmup : 0,
      cases.flatMap((_, k) => [onReplicaLoaded[k]!, onLeaderLoaded[k]!]),
    );
    for (let i = 0; i < ITERATIONS; i++) {
      const w0 = performance.now();
      const placed = await call(readsUrl, `${SECURE}/order/customize`, { token: desk, json: customize(userId, false), timeoutMs: 60_000 });
      if (placed.status !== 200 || !placed.setCookie) throw new Error(`the desk's order: ${placed.status} ${placed.text.slice(0, 300)} (cookie ${placed.setCookie})`);
      writes.push(performance.now() - w0);
      const m0 = await readCounts();
      let page: Connection | undefined;
      await sampleInTurn([async () => (page = await graphql(readsUrl, desk, cases[0]!.vars, placed.setCookie!))], 1, 0, [ownWrite]);
      const m1 = await readCounts();
      if (m1.ownWrite > m0.ownWrite) ownFellBack += 1;
      if (m1.lag > m0.lag) ownLagFellBack += 1;
      if (!page!.edges.some((e) => Number(e.node.id) === Number(placed.body!.id))) ownMissing += 1;
    }
    lagsUnderLoad.push((await readCounts()).lagSeconds);
    loadWindows.push({ from, to: Date.now() });
    await load.stop();

    // the load off, the replica caught up: (b) and the idle replica in turn
    await caughtUp('the replica caught up after the load');
    await sampleInTurn(
      cases.flatMap((c) => [() => graphql(plainUrl, viewer.plain, c.vars), () => graphql(readsUrl, viewer.reads, c.vars)]),
      ITERATIONS,
      round === 0 ? warmup : 0,
      cases.flatMap((_, k) => [onLeaderIdle[k]!, onReplicaIdle[k]!]),
    );
    console.log(`round ${round + 1} of ${ROUNDS} done`);
  }
  const after = await readCounts();

  // the load as it ran while the reads were sampled
  const during: Outcome[] = loadWindows.flatMap((w) => load!.since(w.from, w.to));
  const loadSeconds = loadWindows.reduce((s, w) => s + (w.to - w.from) / 1000, 0);
  const ok = during.filter((o) => o.status === 200);
  const byKind = (kinds: readonly string[]) => ok.filter((o) => kinds.includes(o.kind)).length;
  const moneyCalls = byKind(['submit', 'approve', 'buyMyr', 'buyUsd']);

  const ms = (v: number) => v.toFixed(2).padStart(8);
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`.padStart(7);
  const rows = cases.map((c, k) => ({ name: c.name, a: timingOf(onReplicaLoaded[k]!), b: timingOf(onLeaderIdle[k]!), c: timingOf(onLeaderLoaded[k]!), idle: timingOf(onReplicaIdle[k]!) }));
  console.log('');
  console.log(
    `${'case'.padEnd(22)} | ${'(a) replica, load p50'.padStart(21)} ${'p99'.padStart(8)} | ${'(b) idle leader p50'.padStart(19)} ${'p99'.padStart(8)} | ${'a/b p50'.padStart(7)} ${'p99'.padStart(7)} | ${'(c) leader, load p50'.padStart(20)} ${'p99'.padStart(8)} | ${'c/b p50'.padStart(7)} ${'p99'.padStart(7)} | ${'idle replica p50'.padStart(16)} ${'p99'.padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(22)} | ${ms(r.a.p50).padStart(21)} ${ms(r.a.p99)} | ${ms(r.b.p50).padStart(19)} ${ms(r.b.p99)} | ${x(r.a.p50, r.b.p50)} ${x(r.a.p99, r.b.p99)} | ${ms(r.c.p50).padStart(20)} ${ms(r.c.p99)} | ${x(r.c.p50, r.b.p50)} ${x(r.c.p99, r.b.p99)} | ${ms(r.idle.p50).padStart(16)} ${ms(r.idle.p99)}`,
    );
  }
  const own: Timing = timingOf(ownWrite);
  const sortedWrites = [...writes].sort((p, q) => p - q);
  const n = ownWrite.spans.length;
  console.log(
    `\n(d) the desk reads the newest page right after its own order (cookie aurum_wal), under the load: p50 ${fmt(own.p50, 2)} ms, p99 ${fmt(own.p99, 2)} ms (${n} reads; the order before it p50 ${fmt(percentile(sortedWrites, 50), 2)} ms); ` +
      `${ownFellBack} of ${n} went to the leader because the replica had not replayed the write within ${WAIT_MS} ms, ${ownLagFellBack} for lag; the order was on the page in ${n - ownMissing} of ${n}`,
  );
  console.log(
    `the reads process's replica-read statements over the run: ${after.replica - before.replica} on the replica, to the leader ${after.ownWrite - before.ownWrite} (own write not replayed), ${after.lag - before.lag} (lag), ${after.otherLeader - before.otherLeader} (replica down, recovery conflict); replica lag at the end of each load window (s): ${lagsUnderLoad.map((l) => fmt(l, 2)).join(', ')}`,
  );
  console.log(
    `the load (${CLIENTS} clients through a third process, ${loadSeconds.toFixed(1)} s while sampled): ${during.length} calls, ${(during.length / loadSeconds).toFixed(1)}/s, of them ${(moneyCalls / loadSeconds).toFixed(1)}/s moving money ` +
      `(${byKind(['submit'])} deposits created, ${byKind(['approve'])} approved, ${byKind(['buyMyr', 'buyUsd'])} orders placed), answers ${JSON.stringify(tally(during))}`,
  );
  console.log('(milliseconds; each figure is the HTTP POST of the console\'s query to a server process of its own; (a) and (c) sampled in turn under the load, (b) and the idle replica in turn without it, the windows alternating)');

  const size = `${ROWS.toLocaleString('en-US')} orders`;
  for (const r of rows) {
    reportBench({ bench: 'replica-reads', what: `orders connection p50 on the replica under the money load vs an idle leader, ${r.name}, ${size}`, figure: r.a.p50, baseline: r.b.p50, unit: 'ms', goal: '<= 1.3x', met: r.a.p50 <= 1.3 * r.b.p50 });
    reportBench({ bench: 'replica-reads', what: `orders connection p99 on the replica under the money load vs an idle leader, ${r.name}, ${size}`, figure: r.a.p99, baseline: r.b.p99, unit: 'ms', goal: 'report', met: true });
    reportBench({ bench: 'replica-reads', what: `orders connection p50 on the leader under the money load (no replica) vs idle, ${r.name}, ${size}`, figure: r.c.p50, baseline: r.b.p50, unit: 'ms', goal: 'report', met: true });
  }
  reportBench({ bench: 'replica-reads', what: `newest page read right after one's own order (read-your-writes) p50 vs an idle leader, ${size}`, figure: own.p50, baseline: rows[0]!.b.p50, unit: 'ms', goal: 'report', met: true });
  reportBench({ bench: 'replica-reads', what: `newest page read right after one's own order (read-your-writes) p99, ${size}`, figure: own.p99, baseline: null, unit: 'ms', goal: 'report', met: true });
  reportBench({ bench: 'replica-reads', what: `reads right after one's own write that went to the leader, of ${n}`, figure: ownFellBack, baseline: null, unit: '', goal: 'report', met: true });
  reportBench({ bench: 'replica-reads', what: `one's own order missing from the newest page right after it, of ${n}`, figure: ownMissing, baseline: null, unit: '', goal: '0', met: ownMissing === 0 });
}

try {
  await main();
} finally {
  await load?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await leaderPool?.end().catch(() => undefined);
  await replicaPool?.end().catch(() => undefined);
  replica?.destroy();
  leader?.destroy();
  rmSync(folder, { recursive: true, force: true });
}
