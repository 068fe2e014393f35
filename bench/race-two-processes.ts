/**
 * bench/race-two-processes: two real server processes (apps/server/src/server.ts) on one fresh
 * PostgreSQL database, 8 concurrent workers spread over both sending 1,000 mixed operations for
 * ONE demo user (aminah): deposit approvals (financeapprover approves what financemaker
 * submitted before the race), offline orders POST order/customize (superAdmin) and deposit
 * submissions (financemaker). Prints the operations, the answers by status, the answers of 500 or
 * more, the deadlocks PostgreSQL detected, and the user's fund (and gold) balance as the API
 * answers it, as the journal's postings sum it (queried directly) and as the answers imply. Exits
 * 1 on any answer >= 500 or any mismatch. The database is dropped at the end.
 *
 *   npx node bench/race-two-processes.ts [--operations 1000] [--workers 8] [--mix approve=4,buy=3,sell=1,submit=2]
 *   (--mix weights: approve = deposit approvals, buy / sell = offline orders of 1 g, submit = deposit
 *   submissions made during the race by financemaker. The default has submissions: with approvals
 *   and orders alone (--mix approve=4,buy=3,sell=1) no deadlock showed here before the fix; a
 *   submission's FOR UPDATE of the user's row queued between them is what closed the cycle.)
 *   (the PostgreSQL server: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 *
 * See decision 0530 (docs/decisions/0530-lock-order-of-money-moving-transactions.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { runMoneyRace, startServerProcess, type Op, type ServerProcess } from '../apps/server/src/testing/money-race.ts';
import { openPostgres } from '../apps/server/src/db/pg-db.ts';

const { values } = parseArgs({
  options: {
    operations: { type: 'string', default: '1000' },
    workers: { type: 'string', default: '8' },
    mix: { type: 'string', default: 'approve=4,buy=3,sell=1,submit=2' },
  },
});
const OPERATIONS = Number(values.operations);
const WORKERS = Number(values.workers);
if (!Number.isInteger(OPERATIONS) || OPERATIONS < 1) throw new Error('--operations must be a positive integer');
if (!Number.isInteger(WORKERS) || WORKERS < 1) throw new Error('--workers must be a positive integer');
const MIX: Partial<Record<Op, number>> = { approve: 0, buy: 0, sell: 0, submit: 0 };
for (const part of values.mix.split(',')) {
  const [op, weight] = part.split('=');
  if (!op || !(op in MIX) || !(Number(weight) >= 0)) throw new Error(`--mix: bad part '${part}' (approve, buy, sell, submit = a weight)`);
  MIX[op as Op] = Number(weight);
}
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// a few minutes at most, whatever happens
const deadline = setTimeout(() => {
  console.error('race-two-processes: gave up after 5 minutes');
  process.exit(2);
}, 5 * 60_000);
deadline.unref();

const pg = await freshPostgresDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'aurum-race-'));
const servers: ServerProcess[] = [];
let exitCode = 1;
try {
  // both processes share the database and the receipt folder; tokens live long enough for the run
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600' };
  servers.push(await startServerProcess(env));
  servers.push(await startServerProcess(env));
  console.log(`processes: ${servers.map((s) => `${s.url} (pid ${s.child.pid})`).join(', ')}; database ${new URL(pg.url).pathname.slice(1)}`);
  const db = await openPostgres(pg.url, { max: 2 });
  try {
    // deadlocks PostgreSQL detected in this database (retried ones included); the count is final once the processes' sessions ended
    const deadlocks = async () =>
      (await db.query<{ n: number }>('SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()'))[0]!.n;
    const deadlocksBefore = await deadlocks();
    const report = await runMoneyRace({
      urls: servers.map((s) => s.url),
      db,
      operations: OPERATIONS,
      workers: WORKERS,
      mix: MIX,
      onProgress: (done) => process.stdout.write(`  ${done}/${OPERATIONS}\r`),
    });
    await Promise.all(servers.map((s) => s.stop()));
    process.stdout.write('\n');
    const statuses = Object.entries(report.byStatus)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(`operations:         ${report.operations} (${values.mix}; ${WORKERS} workers over ${servers.length} processes, ${(report.durationMs / 1000).toFixed(1)} s)`);
    console.log(`answers by status:  ${statuses}`);
    console.log(`answers >= 500:     ${report.serverErrors}`);
    for (const s of report.serverErrorSamples) console.log(`  ${s.op}: ${s.status} ${JSON.stringify(s.body)}`);
    console.log(`user ${report.userId} fund (MYR): api ${report.fund.api}, journal postings ${report.fund.journal}, expected from answers ${report.fund.expected}`);
    console.log(`user ${report.userId} gold (g):   api ${report.gold.api}, journal postings ${report.gold.journal}, expected from answers ${report.gold.expected}`);
    console.log(`records match answers: ${report.recordsMatchAnswers ? 'yes' : 'NO'}`);
    console.log(`deadlocks detected by PostgreSQL: ${(await deadlocks()) - deadlocksBefore} (each one a transaction aborted, then retried or answered)`);
    const logged = servers.map((s) => s.output().split('\n').filter((l) => l.includes('deadlock detected')).length);
    console.log(`'deadlock detected' in the process logs (answered 500): ${logged.join(' + ')}`);
    const first = servers.map((s) => s.output().split('\n').find((l) => l.includes('deadlock detected'))).find(Boolean);
    if (first) console.log(`  first: ${first.slice(0, 1500)}`);
    console.log(report.ok ? 'OK' : 'FAILED');
    exitCode = report.ok ? 0 : 1;
  } finally {
    await db.close();
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await pg.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
