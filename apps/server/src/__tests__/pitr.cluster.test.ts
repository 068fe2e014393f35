import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedFolder, runAsPostgres } from '../cli/postgres-user.ts';
import { freePort } from '../testing/cluster/cluster.ts';
import { receiptForm, signIn } from '../testing/cluster/cluster-load.ts';
import { clusterRequired, onPath, postgresBin } from '../testing/cluster/cluster-tools.ts';
import { scratchRepository, type ScratchRepository } from '../testing/cluster/pgbackrest-repo.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../testing/cluster/private-postgres.ts';
import { runCli } from '../testing/cli-process.ts';
import { call } from '../testing/http-call.ts';
import { spawnServer, type SpawnedServer } from '../testing/server-process.ts';
import { until } from '../testing/until.ts';

/**
 * Point-in-time recovery as an operator runs it: PostgreSQL archiving its WAL into a pgBackRest
 * repository (deploy/pgbackrest/pgbackrest.conf, paths replaced), a full backup, Aurum moving money
 * through its API, a bad operation at a known moment, more writes; `npm run restore:pitr` to one
 * second before it: the invariants hold, the bad operation is absent, everything before it present.
 * And the refusals, each changing nothing. Prints `PITR <name>: ...` lines with its figures.
 */
const SECURE = '/v0/web/secure';
const DATABASE = 'aurum_pitr';
const pgBin = postgresBin();
const hasTools = !!pgBin && !!onPath('pgbackrest');
const required = clusterRequired();
if (!hasTools && !required) console.log('(PITR test skipped: pgbackrest or initdb/pg_ctl missing) apt-get install -y pgbackrest postgresql (.ci/run installs them).');

const summary = (name: string, figures: Record<string, unknown>) => console.log(`PITR ${name}: ${Object.entries(figures).map(([k, v]) => `${k}=${String(v)}`).join(' ')}`);
const iso = (ms: number) => new Date(ms).toISOString();
function folderBytes(path: string): number {
  let n = 0;
  for (const name of readdirSync(path)) {
    const p = join(path, name);
    const s = statSync(p);
    n += s.isDirectory() ? folderBytes(p) : s.size;
  }
  return n;
}

(hasTools || required ? describe : describe.skip)('point-in-time recovery from a pgBackRest repository', () => {
  let folder: string;
  let pgsql: PrivatePostgres;
  let repo: ScratchRepository;
  let server: SpawnedServer;
  let db: pg.Pool;
  let url: string;
  let maker: string;
  let approver: string;
  let userId: number;
  let backupStartedAt: number;
  /** When pgbackrest returned: its recorded stop time (whole seconds) is at or before it. */
  let backupEndedAt: number;
  /** The WAL position when the full backup ended: the WAL written since is what the archive holds beyond it. */
  let backupLsn: string;

  async function deposit(amount: string): Promise<number> {
    const created = await call(url, `${SECURE}/asset/deposit/create`, { token: maker, form: receiptForm({ userId: String(userId), type: 'MYR', amount, note: 'pitr' }, 'slip.png') });
    expect(created.status, created.text).toBe(200);
    const id = created.body!.id as number;
    const approved = await call(url, `${SECURE}/asset/deposit/${id}/approve`, { token: approver, form: receiptForm({}, 'verified.png') });
    expect(approved.status, approved.text).toBe(200);
    return id;
  }

  const restorePitr = (to: string, into: string, extra: string[] = [], env: Record<string, string> = {}) =>
    runCli('restore-pitr.ts', { DATABASE_URL: pgsql.url(DATABASE), NODE_ENV: 'development', ...env }, ['--to', to, '--into', into, '--config', repo.config, ...extra]);

  beforeAll(async () => {
    expect(hasTools, 'pgbackrest and PostgreSQL (initdb, pg_ctl) are needed: apt-get install -y pgbackrest postgresql').toBe(true);
    folder = ownedFolder(mkdtempSync(join(tmpdir(), 'aurum-pitr-')));
    const port = await freePort();
    const pgFolder = join(folder, 'pg');
    repo = scratchRepository(ownedFolder(join(folder, 'backrest')), { data: join(pgFolder, 'data'), port, sockets: join(pgFolder, 'sockets') });
    pgsql = startPrivatePostgres(pgBin!, pgFolder, port, ['archive_mode=on', `archive_command='${repo.archiveCommand}'`, 'full_page_writes=on', 'fsync=on']);
    await pgsql.createDatabase(DATABASE);
    server = spawnServer({ DATABASE_URL: pgsql.url(DATABASE), PRICE_SOURCE: 'simulated', HOST: '127.0.0.1' });
    url = await server.url(90_000);
    repo.run('stanza-create');
    backupStartedAt = Date.now();
    repo.run('backup', ['--type=full']);
    backupEndedAt = Date.now();
    summary('backup', { fullBackupMs: backupEndedAt - backupStartedAt });
    db = new pg.Pool({ connectionString: pgsql.url(DATABASE), max: 2 });
    backupLsn = (await db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
    maker = await signIn(url, 'financemaker');
    approver = await signIn(url, 'financeapprover');
    userId = Number((await db.query<{ id: string }>("SELECT id FROM users WHERE username = 'aminah'")).rows[0]!.id);
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    await db?.end().catch(() => undefined);
    pgsql?.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('restored to one second before a bad operation: the invariants hold, the operation absent, everything before it present', async () => {
    const before = [await deposit('1000.00'), await deposit('2500.00'), await deposit('120.50')];
    const ackedAt = Date.now();
    // the restore target (one second before the bad operation) must come after the last good write,
    // and in a later whole second than the backup's stop (pgbackrest compares whole seconds)
    const targetFrom = Math.max(ackedAt + 100, (Math.floor(backupEndedAt / 1000) + 1) * 1000);
    await until('the restore target past the last good write and the backup', () => Date.now() >= targetFrom + 1_000, 5_000);
    const badAt = Date.now();
    const bad = await deposit('900000.00');
    const after = [await deposit('10.00'), await deposit('20.00')];
    const walWritten = (await db.query<{ n: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint::text AS n', [backupLsn])).rows[0]!.n;
    const segment = (await db.query<{ name: string }>('SELECT pg_walfile_name(pg_switch_wal()) AS name')).rows[0]!.name;
    await until(
      `WAL segment ${segment} archived`,
      async () => ((await db.query<{ last: string | null }>('SELECT last_archived_wal AS last FROM pg_stat_archiver')).rows[0]!.last ?? '') >= segment,
      30_000,
      100,
    );
    const archivedBytes = folderBytes(join(repo.folder, 'archive'));

    const into = join(folder, 'restored');
    const startedAt = Date.now();
    const restored = await restorePitr(iso(badAt - 1_000), into, ['--keep-running']);
    const restoreMs = Date.now() - startedAt;
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/^OK: /m);
    expect(restored.output).toContain('audit chain:');
    expect(restored.output).toContain('ledger:');
    const port = Number(/running on port (\d+)/.exec(restored.output)?.[1]);
    const copy = new pg.Client({ connectionString: `postgres://postgres@/${DATABASE}?host=${encodeURIComponent(join(into, 'sockets'))}&port=${port}` });
    await copy.connect();
    try {
      const rows = (await copy.query<{ id: string; status: string }>('SELECT id, status FROM payment_requests WHERE id = ANY($1::bigint[])', [[...before, bad, ...after]])).rows;
      const status = Object.fromEntries(rows.map((r) => [Number(r.id), r.status]));
      expect(before.map((id) => status[id])).toEqual(['approved', 'approved', 'approved']);
      expect(status[bad]).toBeUndefined();
      expect(after.map((id) => status[id])).toEqual([undefined, undefined]);
      // the wallet there equals the journal's sums up to the target: the bad 900,000 MYR is not in it
      const fund = async (c: pg.Client | pg.Pool, until: number) =>
        (
          await c.query<{ fund: string }>(
            `SELECT (coalesce((SELECT sum(amount) FROM ledger_postings WHERE to_account = $1 AND id <= $2), 0)
                   - coalesce((SELECT sum(amount) FROM ledger_postings WHERE from_account = $1 AND id <= $2), 0))::numeric(20,2)::text AS fund`,
            [`user:${userId}:fund`, until],
          )
        ).rows[0]!.fund;
      const lastPosting = Number((await copy.query<{ n: string }>('SELECT coalesce(max(id), 0)::text AS n FROM ledger_postings')).rows[0]!.n);
      expect(await fund(copy, Number.MAX_SAFE_INTEGER)).toBe(await fund(db, lastPosting));
    } finally {
      await copy.end();
      runAsPostgres(join(pgBin!, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', join(into, 'data')]);
    }
    summary('restore', {
      restoreMs,
      recoveredInS: /restored into \S+ in ([\d.]+) s/.exec(restored.output)?.[1],
      walWrittenSinceBackupBytes: walWritten,
      archiveBytes: archivedBytes,
      target: 'bad operation - 1 s',
      approvedBefore: before.length,
      badAbsent: true,
    });
    console.log(restored.output.trim());

    // without --keep-running the verified copy is left stopped, with the command that starts it
    const stoppedInto = join(folder, 'restored-stopped');
    const again = await restorePitr(iso(badAt - 1_000), stoppedInto);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/^OK: .*, stopped \(start: /m);
    expect(existsSync(join(stoppedInto, 'data', 'postmaster.pid'))).toBe(false);
  }, 150_000);

  it('a moment before the first backup, or after the last archived WAL: refused naming the range, nothing touched', async () => {
    for (const to of [iso(backupStartedAt - 60_000), iso(Date.now() + 3_600_000)]) {
      const into = join(folder, `refused-${to.replace(/[:.]/g, '-')}`);
      const r = await restorePitr(to, into);
      expect(r.code, r.output).toBe(2);
      expect(r.output).toMatch(/cannot be restored: the repository can restore from \S+ \(the second after the first backup ended\) to \S+ \(the last transaction in the archived WAL\)/);
      expect(existsSync(into)).toBe(false);
    }
    summary('refused-range', { refusals: 2 });
  }, 60_000);

  it('arguments outside their bounds: refused at parse with what to give, nothing touched', async () => {
    const into = join(folder, 'refused-args');
    const cases: Array<[string[], RegExp]> = [
      [['--into', into], /^usage: npm run restore:pitr/m],
      [['--to', '2026-11-28 09:41', '--into', into], /give an ISO 8601 time with its zone/],
      [['--to', '2026-11-28T09:41:00', '--into', into], /give an ISO 8601 time with its zone/],
      [['--to', iso(Date.now()), '--into', into, '--port', '80'], /--port 80: a port from 1024 to 65535/],
      [['--to', iso(Date.now()), '--into', into, '--stanza', '../aurum'], /--stanza \.\.\/aurum: letters, digits/],
      [['--to', iso(Date.now()), '--into', into, '--system-id', 'abc'], /--system-id abc: the cluster's system identifier/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli('restore-pitr.ts', { DATABASE_URL: pgsql.url(DATABASE), NODE_ENV: 'development' }, args);
      expect(r.code, r.output).toBe(2);
      expect(r.output).toMatch(message);
    }
    expect(existsSync(into)).toBe(false);
  }, 60_000);

  it('another cluster\'s repository, or a folder that holds anything: refused, nothing touched', async () => {
    // another cluster with its own stanza: the repository does not match DATABASE_URL's cluster
    const otherPort = await freePort();
    const otherFolder = join(folder, 'other-pg');
    const other = scratchRepository(ownedFolder(join(folder, 'other-backrest')), { data: join(otherFolder, 'data'), port: otherPort, sockets: join(otherFolder, 'sockets') });
    const otherPg = startPrivatePostgres(pgBin!, otherFolder, otherPort);
    try {
      other.run('stanza-create');
    } finally {
      otherPg.destroy();
    }
    const into = join(folder, 'refused-other');
    const mismatched = await runCli('restore-pitr.ts', { DATABASE_URL: pgsql.url(DATABASE), NODE_ENV: 'development' }, ['--to', iso(Date.now() - 5_000), '--into', into, '--config', other.config]);
    expect(mismatched.code, mismatched.output).toBe(2);
    expect(mismatched.output).toMatch(/archives the cluster \d+, not \d+ \(DATABASE_URL's server .*\): it is another cluster's repository/);
    expect(existsSync(into)).toBe(false);

    const held = join(folder, 'held');
    mkdirSync(held);
    writeFileSync(join(held, 'PG_VERSION'), '15\n');
    const nonEmpty = await restorePitr(iso(Date.now() - 5_000), held);
    expect(nonEmpty.code, nonEmpty.output).toBe(2);
    expect(nonEmpty.output).toContain(`${held} is not empty (PG_VERSION)`);
    expect(readdirSync(held)).toEqual(['PG_VERSION']);
    expect(readFileSync(join(held, 'PG_VERSION'), 'utf8')).toBe('15\n');
    summary('refused-repository-and-folder', { refusals: 2 });
  }, 60_000);
});
