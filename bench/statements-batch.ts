/**
 * bench/statements-batch: every user's statements of a month, streamed through the real server
 * (GET /v0/web/secure/statements/batch; decision 1012), on a journal of two cohorts:
 *   - `--small` users (1,000) created in January, each with an opening deposit in February and seven
 *     entries in March (deposit, fill, settle, complete, hold, withdrawal, a sale of the gold left): March's batch covers them;
 *   - `--users` minus those (9,000 more, 10,000 in all) created in April: May's batch covers all,
 *     every one with seven entries in May; both cohorts are deleted in June, before the PDF months.
 * For each month and format (CSV; the ZIP of PDFs for `--pdf-small` (20) and `--pdf-users` (200) users, its own
 * months) it prints the time, statements/s, the server's CPU time and its RSS growth (the peak while
 * streaming less the RSS just before). Flat memory: the growth of the big batch stays near the small
 * one's. Beside it, measured in the same run:
 *   - baseline: the same users and their month's postings straight from SQL to a sink, as text
 *     (keyset batches of 1,000 users), in this process, before the server starts;
 *   - batch vs per-user reads: everyStatement (two queries per 200 users) against userStatement per
 *     user over the small cohort, in this process.
 * Every batch runs twice, in order, small then big, CSV then PDF: the second round is the figure.
 *
 *   node bench/statements-batch.ts [--users 10000] [--small 1000] [--pdf-users 200] [--pdf-small 20] [--db postgres|pglite]
 *   (postgres: a fresh database on the server of BENCH_DATABASE_URL or TEST_DATABASE_URL, named
 *   BENCH_DB_PREFIX_..., dropped at the end)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Db } from '../apps/server/src/db/db.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPglite, PGLITE_NODE_FLAGS } from '../apps/server/src/db/pglite-db.ts';
import { openPostgres } from '../apps/server/src/db/pg-db.ts';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { everyStatement } from '../apps/server/src/modules/statements/statement-batch-service.ts';
import { statementFrame, userStatement } from '../apps/server/src/modules/statements/statement-service.ts';
import { monthRange } from '../packages/domain/src/statements/statement-schemas.ts';
import { startOfBusinessDay } from '../packages/domain/src/system/business-time.ts';
import { csvClosingCounter, zipFileCounter, type BatchCounter } from '../apps/web/src/features/statements/model/batch-progress.ts';
import { benchPostgresUrl, cpuMs, fmt, reportBench, rssMb, startProcess, stopProcess } from './support/bench-kit.ts';
import { measure, sink } from './support/export-measure.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    small: { type: 'string', default: '1000' },
    'pdf-users': { type: 'string', default: '200' },
    'pdf-small': { type: 'string', default: '20' },
    db: { type: 'string', default: 'postgres' },
  },
});
const USERS = Number(values.users);
const SMALL = Number(values.small);
const PDF_USERS = Number(values['pdf-users']);
const PDF_SMALL = Number(values['pdf-small']);
process.env.TEST_DATABASE_URL = benchPostgresUrl();

/** Each cohort: its users, when they were created, the months they move in. The batch of a month covers the users created before its end. */
const COHORTS = [
  { users: SMALL, created: '2025-01-01', deleted: '2025-06-01', months: ['2025-03', '2025-05'] },
  { users: USERS - SMALL, created: '2025-04-01', deleted: '2025-06-01', months: ['2025-05'] },
  { users: PDF_SMALL, created: '2025-06-01', deleted: null, months: ['2025-07', '2025-09'] },
  { users: PDF_USERS - PDF_SMALL, created: '2025-08-01', deleted: null, months: ['2025-09'] },
];
const RUNS = [
  { month: '2025-03', format: 'csv', users: SMALL },
  { month: '2025-05', format: 'csv', users: USERS },
  { month: '2025-07', format: 'pdf', users: PDF_SMALL },
  { month: '2025-09', format: 'pdf', users: PDF_USERS },
] as const;

/**
 * Seven entries a month per user, over every book a statement shows; the gold bought is sold back, so
 * that customers hold no metal the server's start-up coverage check would want bars for.
 */
const MONTH_ENTRIES = `(VALUES
  (0, 'deposit', 'house:bank', 'fund', 'MYR', 5000.00),
  (1, 'order.fill', 'fund', 'fundHeld', 'MYR', 3000.00),
  (2, 'order.settle', 'fundHeld', 'house:tradingMyr', 'MYR', 3000.00),
  (3, 'order.complete', 'house:tradingXau', 'gold', 'XAU', 10.0000),
  (4, 'request.hold', 'gold', 'goldHeld', 'XAU', 1.5000),
  (5, 'request.withdrawal', 'goldHeld', 'house:vault', 'XAU', 1.5000),
  (6, 'order.settle', 'gold', 'house:tradingXau', 'XAU', 8.5000)
) AS k(n, kind, from_book, to_book, asset, amount)`;

/** A book of the user, or a house account as it is. */
const account = (book: string) => `CASE WHEN ${book} LIKE 'house:%' THEN ${book} ELSE 'user:' || u.id || ':' || ${book} END`;

async function seed(db: Db): Promise<void> {
  let first = 1;
  for (const [c, cohort] of COHORTS.entries()) {
    if (cohort.users <= 0) continue;
    await db.query(
      `INSERT INTO users (username, email, first_name, last_name, created_at)
       SELECT 'bstmt' || g, 'bstmt' || g || '@example.com', 'Bench', '王' || g, $3::timestamptz FROM generate_series($1::int, $2::int) AS g`,
      [first, first + cohort.users - 1, `${cohort.created}T00:00:00+08:00`],
    );
    const cohortUsers = `SELECT id FROM users WHERE username LIKE 'bstmt%' AND created_at = '${cohort.created}T00:00:00+08:00'::timestamptz`;
    // the opening: a deposit the month before the first
    await db.query(
      `WITH e AS (
         INSERT INTO ledger_entries (kind, user_id, created_at)
         SELECT 'deposit', id, $1::timestamptz FROM (${cohortUsers}) u RETURNING id, user_id)
       INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount)
       SELECT e.id, 'house:bank', 'user:' || e.user_id || ':fund', 'MYR', 1000.00 FROM e`,
      [`${cohort.created.slice(0, 8)}15T10:00:00+08:00`],
    );
    for (const month of cohort.months) {
      await db.query(
        `WITH e AS (
           INSERT INTO ledger_entries (kind, user_id, note, created_at)
           SELECT k.kind, u.id, 'bench ' || k.n, $1::timestamptz + k.n * interval '4 days' + (u.id % 3600) * interval '1 second'
             FROM (${cohortUsers}) u CROSS JOIN ${MONTH_ENTRIES}
           RETURNING id, user_id, note)
         INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount)
         SELECT e.id, ${account('k.from_book')}, ${account('k.to_book')}, k.asset, k.amount
           FROM e JOIN (SELECT id FROM users) u ON u.id = e.user_id CROSS JOIN ${MONTH_ENTRIES} WHERE e.note = 'bench ' || k.n`,
        [`${month}-01T09:00:00+08:00`],
      );
    }
    if (cohort.deleted) await db.query(`UPDATE users SET deleted_at = $1::timestamptz WHERE id IN (${cohortUsers})`, [`${cohort.deleted}T00:00:00+08:00`]);
    console.log(`seeded cohort ${c + 1}: ${cohort.users.toLocaleString('en-US')} users, moving in ${cohort.months.join(', ')}`);
    first += cohort.users;
  }
  await db.query('VACUUM ANALYZE');
}

/** The month's users and their postings straight from SQL to a sink as text, keyset batches of 1,000 users. */
async function plainRows(db: Db, month: string): Promise<number> {
  const range = monthRange(month);
  const from = startOfBusinessDay(range.from);
  const before = startOfBusinessDay(range.to, 1);
  const out = sink();
  let users = 0;
  async function* text(): AsyncGenerator<string> {
    for (let after = 0; ; ) {
      const batch = await db.query<{ id: number }>(
        `SELECT id, username, first_name, last_name FROM users WHERE id > $1 AND created_at < $2 AND (deleted_at IS NULL OR deleted_at >= $3) ORDER BY id LIMIT 1000`,
        [after, before, from],
      );
      if (batch.length === 0) return;
      const last = Number(batch.at(-1)!.id);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT s.user_id, s.entry_id, e.kind, e.created_at, s.account, s.delta FROM (
           SELECT from_user_id AS user_id, entry_id, from_account AS account, -amount AS delta FROM ledger_postings WHERE from_user_id > $1 AND from_user_id <= $2
           UNION ALL
           SELECT to_user_id, entry_id, to_account, amount FROM ledger_postings WHERE to_user_id > $1 AND to_user_id <= $2) s
         JOIN ledger_entries e ON e.id = s.entry_id
         WHERE e.created_at >= $3 AND e.created_at < $4 ORDER BY s.user_id, e.created_at, s.entry_id`,
        [after, last, from, before],
      );
      users += batch.length;
      yield batch.map((u) => `${Object.values(u).join('\t')}\n`).join('') + rows.map((r) => `${Object.values(r).join('\t')}\n`).join('');
      after = last;
    }
  }
  await pipeline(Readable.from(text(), { objectMode: false }), out);
  return users;
}

/** The small cohort's statements in this process: batch reads against one user at a time. */
async function readsCompared(db: Db, month: string): Promise<{ batch: number; perUser: number; users: number }> {
  const range = monthRange(month);
  // the month as the bench made it: ended by its last day's end
  const frame = await statementFrame(db, range, new Date(Date.parse(`${range.to}T23:00:00Z`)), { name: 'Bench Dealer', address: 'Kuala Lumpur', registration: '000000-X' });
  const ids: number[] = [];
  const batch = await measure(async () => {
    const every = await everyStatement(db, frame);
    for await (const statements of every.batches) ids.push(...statements.map((s) => s.user.id));
  });
  const perUser = await measure(async () => {
    for (const id of ids) await userStatement(db, id, frame);
  });
  return { batch: batch.seconds, perUser: perUser.seconds, users: ids.length };
}

interface Streamed {
  statements: number;
  announced: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  rssBeforeMb: number;
  rssGrowthMb: number;
}

/** One batch through the server, read as fast as it comes; the server's RSS sampled every 20 ms. */
async function stream(base: string, token: string, pid: number, month: string, format: 'csv' | 'pdf'): Promise<Streamed> {
  const rssBeforeMb = rssMb(pid).rss;
  let peak = rssBeforeMb;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid).rss)), 20);
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  try {
    const r = await fetch(`${base}/v0/web/secure/statements/batch?month=${month}&format=${format}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`batch ${month} ${format}: ${r.status} ${await r.text()}`);
    const counter: BatchCounter = format === 'pdf' ? zipFileCounter() : csvClosingCounter(3);
    let statements = 0;
    let bytes = 0;
    for await (const chunk of r.body!) {
      bytes += chunk.byteLength;
      statements = counter.feed(chunk);
    }
    peak = Math.max(peak, rssMb(pid).rss);
    return { statements, announced: Number(r.headers.get('x-statement-count')), bytes, seconds: (performance.now() - t0) / 1000, cpuSeconds: (cpuMs(pid) - cpu0) / 1000, rssBeforeMb, rssGrowthMb: peak - rssBeforeMb };
  } finally {
    clearInterval(timer);
  }
}

const driver = values.db === 'pglite' ? 'pglite' : 'postgres';
const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-statements-'));
const pgdb = driver === 'postgres' ? await freshPostgresDatabase(process.env.BENCH_DB_PREFIX ?? 'aurum_bench_statements') : null;
let server: Awaited<ReturnType<typeof startProcess>> | null = null;
try {
  console.log(`statements batch bench on ${driver} (node ${process.version}): CSV of ${SMALL.toLocaleString('en-US')} and ${USERS.toLocaleString('en-US')} users, PDF ZIP of ${PDF_SMALL} and ${PDF_USERS}`);
  const db: Db = pgdb ? await openPostgres(pgdb.url, { max: 2 }) : await openPglite(join(dataDir, 'pg'));
  const baselines = new Map<string, { seconds: number; users: number }>();
  let reads: Awaited<ReturnType<typeof readsCompared>>;
  try {
    await migrate(db);
    const fill = await measure(() => seed(db));
    console.log(`seed: ${fill.seconds.toFixed(1)} s`);
    await plainRows(db, RUNS[0].month); // warms the tables up
    for (const run of RUNS.filter((r) => r.format === 'csv')) {
      const m = await measure(() => plainRows(db, run.month));
      baselines.set(run.month, { seconds: m.seconds, users: m.result });
      console.log(`baseline ${run.month}: ${m.result.toLocaleString('en-US')} users' rows straight from SQL in ${m.seconds.toFixed(2)} s`);
    }
    reads = await readsCompared(db, RUNS[0].month);
    console.log(`in process, ${reads.users.toLocaleString('en-US')} statements: batch reads ${reads.batch.toFixed(2)} s, one user at a time ${reads.perUser.toFixed(2)} s (${(reads.perUser / reads.batch).toFixed(1)}x)`);
  } finally {
    await db.close();
  }

  server = await startProcess(
    [...PGLITE_NODE_FLAGS, 'apps/server/src/server.ts'], // as `npm start` runs it
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...(pgdb ? { DATABASE_URL: pgdb.url } : {}), PRICE_SOURCE: 'none', ORDER_ENGINE_INTERVAL_MS: '0', ACCESS_TOKEN_TTL_SECONDS: '3600', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    /Aurum console: (http:\/\/127\.0\.0\.1:\d+)\//,
  );
  const base = server.match[1]!;
  const login = await fetch(`${base}/v0/web/auth/admin/login`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('financeapprover:Finance#Approve1').toString('base64')}` } });
  if (login.status !== 200) throw new Error(`login refused: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { jwt: string }).jwt;
  const pid = server.child.pid!;

  // two rounds: the first grows the server's heap to what such work needs (V8 sizes it by the
  // allocation rate, and keeps it); the second shows whether a bigger batch needs more (the figures)
  const results = new Map<string, Streamed>();
  for (const round of [1, 2]) for (const run of RUNS) {
    const r = await stream(base, token, pid, run.month, run.format);
    results.set(run.month, r);
    console.log(
      `round ${round}: ${run.format.toUpperCase()} ${run.month}: ${r.statements.toLocaleString('en-US').padStart(6)} statements (${r.announced} announced)  ${(r.bytes / 1024 / 1024).toFixed(1).padStart(6)} MB  ` +
        `${r.seconds.toFixed(2).padStart(7)} s  ${fmt(r.statements / r.seconds, 0).padStart(6)} statements/s  server CPU ${r.cpuSeconds.toFixed(1)} s  RSS ${r.rssBeforeMb.toFixed(0)} MB +${r.rssGrowthMb.toFixed(1)} MB`,
    );
    if (r.statements !== run.users || r.announced !== run.users) {
      console.error(`${run.month}: expected ${run.users} statements, got ${r.statements} (announced ${r.announced})`);
      process.exitCode = 1;
    }
  }

  const [csvSmall, csvBig, pdfSmall, pdfBig] = RUNS.map((run) => results.get(run.month)!) as [Streamed, Streamed, Streamed, Streamed];
  const label = (n: number) => `${n.toLocaleString('en-US')} users, ${driver}`;
  const baseBig = baselines.get(RUNS[1].month)!;
  reportBench({ bench: 'statements-batch', what: `statements batch CSV time, ${label(USERS)}`, figure: csvBig.seconds, baseline: baseBig.seconds, unit: 's', goal: 'report', met: true });
  reportBench({ bench: 'statements-batch', what: `statements batch CSV statements/s, ${label(USERS)}`, figure: csvBig.statements / csvBig.seconds, baseline: null, unit: '/s', goal: 'report', met: true });
  // flat memory: the big batch grows the server's RSS about as much as the small one (within 20 MB)
  reportBench({ bench: 'statements-batch', what: `statements batch CSV server RSS growth, ${label(USERS)} (baseline: ${SMALL.toLocaleString('en-US')} users)`, figure: csvBig.rssGrowthMb, baseline: csvSmall.rssGrowthMb, unit: 'MB', goal: '<= small + 20 MB', met: csvBig.rssGrowthMb <= csvSmall.rssGrowthMb + 20 });
  reportBench({ bench: 'statements-batch', what: `statements batch PDF ZIP statements/s, ${label(PDF_USERS)}`, figure: pdfBig.statements / pdfBig.seconds, baseline: null, unit: '/s', goal: 'report', met: true });
  reportBench({ bench: 'statements-batch', what: `statements batch PDF ZIP server RSS growth, ${label(PDF_USERS)} (baseline: ${PDF_SMALL.toLocaleString('en-US')} users)`, figure: pdfBig.rssGrowthMb, baseline: pdfSmall.rssGrowthMb, unit: 'MB', goal: '<= small + 20 MB', met: pdfBig.rssGrowthMb <= pdfSmall.rssGrowthMb + 20 });
  reportBench({ bench: 'statements-batch', what: `statements read one user at a time vs batch reads, ${label(reads.users)}`, figure: reads.perUser, baseline: reads.batch, unit: 's', goal: 'report', met: true });
} finally {
  if (server) await stopProcess(server.child);
  await pgdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
