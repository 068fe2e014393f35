import { until } from '../testing/until.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, DATABASE, type Cluster } from '../testing/cluster/cluster.ts';
import { ClusterLoad, failed, signInAll, tally, type Outcome, type Tokens } from '../testing/cluster/cluster-load.ts';
import { call } from '../testing/http-call.ts';
import { ConsoleSocket } from '../testing/cluster/console-socket.ts';
import { clusterRequired, CLUSTER_TOOLS_MISSING, findClusterTools, missingClusterTools } from '../testing/cluster/cluster-tools.ts';

/**
 * The production topology (compose.yaml) without containers, under a steady mixed load through
 * HAProxy with one console socket: what an operator does to it (roll the processes, restart the
 * database, kill the job leader, put PgBouncer in between, take a backup) and what they check
 * (no failed call, only the error contract while the database is away, nothing acknowledged lost,
 * jobs resumed once, the backup restorable). One PostgreSQL and one set of processes serve every
 * scenario, in order. Each scenario prints one `CLUSTER <name>: ...` line with its figures.
 */
const SECURE = '/v0/web/secure';
const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const tools = findClusterTools();
const required = clusterRequired();
if (!tools && !required) console.log(`(cluster test skipped: ${missingClusterTools().join(', ')} missing) ${CLUSTER_TOOLS_MISSING}`);

const alive = (c: Cluster, i: number) => c.servers[i]!.child.exitCode === null && c.servers[i]!.child.signalCode === null;
const summary = (name: string, figures: Record<string, unknown>) =>
  console.log(`CLUSTER ${name}: ${Object.entries(figures).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(' ')}`);
const describeFailures = (outcomes: readonly Outcome[]) => JSON.stringify(outcomes.filter(failed).slice(0, 5));

(tools || required ? describe : describe.skip)('a cluster of three processes behind HAProxy on one PostgreSQL', () => {
  let cluster: Cluster;
  let db: pg.Pool;
  let tokens: Tokens;
  let load: ClusterLoad;
  let socket: ConsoleSocket;

  beforeAll(async () => {
    expect(tools, CLUSTER_TOOLS_MISSING).not.toBeNull();
    cluster = await startCluster(tools!);
    db = new pg.Pool({ connectionString: cluster.pg.url(DATABASE), max: 2 });
    db.on('error', () => undefined); // the database is stopped on purpose
    tokens = await signInAll(cluster.url);
    const [user] = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'")).rows;
    load = new ClusterLoad(cluster.url, tokens, Number(user!.id));
    socket = await ConsoleSocket.open(cluster.url, tokens.desk);
    load.start(3);
    await load.flowing();
  }, 150_000);

  afterAll(async () => {
    socket?.close();
    await load?.stop();
    await db?.end().catch(() => undefined);
    await cluster?.close();
  }, 60_000);

  /** A scenario starts from three running, ready processes, whatever an earlier one left behind. */
  async function allRunning() {
    for (let i = 0; i < 3; i++) if (!alive(cluster, i)) await cluster.startServer(i);
    await cluster.waitUp('all');
  }

  /** SIGTERM each process in turn, wait for its exit, start it again, wait until HAProxy has it up. */
  async function rollingRestart(name: string) {
    await allRunning();
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) {
      const s = cluster.servers[i]!;
      s.child.kill('SIGTERM');
      await s.exited;
      await cluster.startServer(i);
      await cluster.waitUp(i);
    }
    await load.flowing(10);
    const t1 = Date.now();
    const outcomes = load.since(t0, t1);
    const figures = { calls: outcomes.length, failed: outcomes.filter(failed).length, maxSocketGapMs: socket.maxGap(t0), socketCloses: socket.gaps.filter((g) => g.closedAt >= t0).length, durationMs: t1 - t0 };
    summary(name, figures);
    expect(outcomes.filter(failed), describeFailures(outcomes)).toEqual([]);
    expect(figures.maxSocketGapMs).toBeLessThanOrEqual(2_000);
  }

  /** Stops PostgreSQL (fast: sessions terminated) for 5 s, starts it, and checks what the processes did. */
  async function databaseOutage(name: string) {
    await allRunning();
    await load.flowing(10);
    const stoppedAt = Date.now();
    cluster.pg.stop();
    // the outage lasts 5 s whatever happens meanwhile (the fault's length, not a wait for a condition)
    await new Promise((r) => setTimeout(r, Math.max(0, 5_000 - (Date.now() - stoppedAt))));
    cluster.pg.start();
    const backAt = Date.now();
    const servingAt = await Promise.all(
      cluster.directUrls.map((u) => until(`${u} serving again`, async () => (await call(u, `${SECURE}/mode`, { method: 'GET', token: tokens.desk, timeoutMs: 2_000 })).status === 200, 15_000)),
    );
    const recoveryMs = Math.max(...servingAt) - backAt;
    await cluster.waitUp('all', 15_000);
    const readyAt = Date.now();
    await load.flowing(20);
    const duringOutage = load.since(stoppedAt, readyAt);
    const after = load.since(readyAt);
    // a mode switched through one process is served by another within a second
    const switchedAt = Date.now();
    expect((await call(cluster.directUrls[0]!, `${SECURE}/mode/set_auto_settle`, { token: tokens.operations, json: { enabled: true } })).status).toBe(200);
    const seenAt = await until(
      'auto-settle mode seen on another process',
      async () => ((await call(cluster.directUrls[1]!, `${SECURE}/mode`, { method: 'GET', token: tokens.desk })).body?.autoSettleConfig as { enabled: boolean }).enabled,
      3_000,
      10,
    );
    expect((await call(cluster.directUrls[0]!, `${SECURE}/mode/set_auto_settle`, { token: tokens.operations, json: { enabled: false } })).status).toBe(200);
    const socketAt = await socket.messageAfter(readyAt, null, 10_000);
    const refused = duringOutage.filter(failed);
    const figures = {
      calls: duringOutage.length + after.length,
      refusedDuringOutage: refused.length,
      outageAnswers: tally(refused),
      failedAfter: after.filter(failed).length,
      recoveryMs,
      modeSeenMs: seenAt - switchedAt,
      socketEventAfterMs: socketAt - readyAt,
      running: cluster.servers.map((_, i) => alive(cluster, i)).join('/'),
    };
    summary(name, figures);
    expect(cluster.servers.every((_, i) => alive(cluster, i))).toBe(true);
    expect(recoveryMs).toBeLessThanOrEqual(10_000);
    // while it was away: only 503 with the error contract's "database unavailable"
    expect(refused.filter((o) => !(o.status === 503 && o.code === 3302)), describeFailures(refused)).toEqual([]);
    expect(after.filter(failed), describeFailures(after)).toEqual([]);
    expect(seenAt - switchedAt).toBeLessThanOrEqual(1_000);
    await nothingAcknowledgedLost();
  }

  /** Every acknowledged change is in the database, and the user's wallet equals the journal and the records. */
  async function nothingAcknowledgedLost() {
    const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;
    // what was acknowledged until now (the load goes on meanwhile: later answers are not in this check)
    const acknowledged = { approved: [...load.approved], submitted: [...load.submitted], orders: [...load.orders] };
    const approved = await q<{ id: string }>("SELECT id FROM payment_requests WHERE id = ANY($1::bigint[]) AND status = 'approved'", [acknowledged.approved]);
    const submitted = await q<{ id: string }>('SELECT id FROM payment_requests WHERE id = ANY($1::bigint[])', [acknowledged.submitted]);
    const orders = await q<{ id: string }>('SELECT id FROM orders WHERE id = ANY($1::bigint[])', [acknowledged.orders]);
    const missing = acknowledged.approved.filter((id) => !approved.some((r) => Number(r.id) === id));
    const why = missing.length
      ? JSON.stringify({
          missing,
          rows: await q('SELECT id, status, decided_at FROM payment_requests WHERE id = ANY($1::bigint[])', [missing]),
          calls: load.outcomes.filter((o) => o.requestId !== undefined && missing.includes(o.requestId)),
          twice: acknowledged.approved.filter((id, i) => acknowledged.approved.indexOf(id) !== i),
        })
      : '';
    expect({ approved: approved.length, submitted: submitted.length, orders: orders.length }, why).toEqual({
      approved: acknowledged.approved.length,
      submitted: acknowledged.submitted.length,
      orders: acknowledged.orders.length,
    });
    // the wallet as the API answers it equals the journal's sums, read at a moment when no approval
    // landed between the two reads (the load goes on)
    const journal = async () =>
      (
        await q<{ fund: string }>(
          `SELECT (coalesce((SELECT sum(amount) FROM ledger_postings WHERE to_account = $1), 0)
                 - coalesce((SELECT sum(amount) FROM ledger_postings WHERE from_account = $1), 0))::numeric(20,2)::text AS fund`,
          [`user:${load.userId}:fund`],
        )
      )[0]!.fund;
    let stable: { journal: string; answered: string } | null = null;
    await until(
      'a wallet read with the journal unchanged around it',
      async () => {
        const before = await journal();
        const wallet = await call(cluster.url, `${SECURE}/user/${load.userId}/wallet`, { method: 'GET', token: tokens.desk });
        const after = await journal();
        if (before === after) stable = { journal: before, answered: (wallet.body?.balances as { fund: string }).fund };
        return before === after;
      },
      10_000,
    );
    const read = stable as { journal: string; answered: string } | null;
    expect(read?.answered).toBe(read?.journal);
  }

  it('rolling restart under load: no failed call, the socket back within 2 s', async () => {
    await rollingRestart('rolling-restart');
  }, 120_000);

  it('PostgreSQL stopped for 5 s: every process serves again within 10 s, only 503 3302 meanwhile, nothing lost', async () => {
    await databaseOutage('database-restart');
  }, 120_000);

  it('SIGKILL of the job leader: jobs run again on another within 30 s, no job effect twice', async () => {
    const holder = async () => (await db.query<{ holder: string | null; live: boolean }>('SELECT holder, until > now() AS live FROM market_feed_lease WHERE id = 1')).rows[0]!;
    const pidOf = (h: string | null) => Number(h?.split('/')[1]);
    await allRunning();
    await until('a price feed leader', async () => (await holder()).live, 10_000);
    const leaderPid = pidOf((await holder()).holder);
    const leader = cluster.servers.findIndex((s) => s.child.pid === leaderPid);
    expect(leader, `the lease holder ${(await holder()).holder} is one of the processes`).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    cluster.servers[leader]!.child.kill('SIGKILL');
    await cluster.servers[leader]!.exited;
    // the feed: another process holds the lease and prices flow again
    const leaseAt = await until('another process leads the price feed', async () => {
      const h = await holder();
      return h.live && pidOf(h.holder) !== leaderPid;
    }, 30_000, 100);
    // the order engine and the notification worker: what was acknowledged after the kill gets done
    const ordersBefore = load.orders.length;
    const notesBefore = load.notifications.length;
    await until('new orders and notifications acknowledged', () => load.orders.length > ordersBefore + 2 && load.notifications.length > notesBefore, 30_000, 100);
    const usdAfter = load.orders.slice(ordersBefore);
    const doneAt = await until('XAU/USD fills settled and notifications delivered', async () => {
      const [open] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::bigint[]) AND symbol = 'XAU/USD' AND status = 'FILLED'", [usdAfter])).rows;
      const [undelivered] = (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id WHERE n.subject = ANY($1::text[]) AND r.delivered_at IS NULL',
          [load.notifications.slice(notesBefore)],
        )
      ).rows;
      return open!.n === 0 && undelivered!.n === 0;
    }, 30_000, 200);
    const settledTwice = (await db.query("SELECT order_id FROM order_timeline WHERE action = 'SETTLED' GROUP BY order_id HAVING count(*) > 1")).rows;
    const mailedTwice = (await db.query("SELECT to_address, subject FROM mail_outbox WHERE subject LIKE 'cluster %' GROUP BY to_address, subject HAVING count(*) > 1")).rows;
    const [usdCount] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE note = 'cluster load' AND symbol = 'XAU/USD' AND status <> 'FILLED'")).rows;
    const inFlight = load.since(killedAt, killedAt + 5_000).filter(failed);
    summary('job-leader-killed', {
      leaseTakenOverMs: leaseAt - killedAt,
      jobsDoneMs: doneAt - killedAt,
      usdOrdersSettled: usdCount!.n,
      settledTwice: settledTwice.length,
      mailedTwice: mailedTwice.length,
      failedInFlight: inFlight.length,
    });
    expect(leaseAt - killedAt).toBeLessThanOrEqual(30_000);
    expect(settledTwice).toEqual([]);
    expect(mailedTwice).toEqual([]);
    await cluster.startServer(leader);
    await cluster.waitUp('all');
  }, 120_000);

  it('through PgBouncer in transaction mode: rolled onto it without a failed call, the database restart survived', async () => {
    const bouncer = async () => {
      const c = new pg.Client({ connectionString: cluster.bouncerAdminUrl });
      await c.connect();
      try {
        const rows = (await c.query<{ database: string; total_xact_count: string }>('SHOW STATS')).rows;
        return Number(rows.find((r) => r.database === DATABASE)?.total_xact_count ?? 0);
      } finally {
        await c.end();
      }
    };
    const before = await bouncer();
    // the pooler really runs deploy/pgbouncer.ini's transaction mode (named prepared statements would break there)
    const admin = new pg.Client({ connectionString: cluster.bouncerAdminUrl });
    await admin.connect();
    const config = (await admin.query<{ key: string; value: string }>('SHOW CONFIG')).rows;
    await admin.end();
    expect(config.find((r) => r.key === 'pool_mode')?.value).toBe('transaction');
    cluster.setMode('pgbouncer');
    await rollingRestart('pgbouncer-roll');
    await load.flowing(20);
    const through = (await bouncer()) - before;
    summary('pgbouncer-transactions', { transactions: through });
    expect(through).toBeGreaterThan(20);
    await databaseOutage('pgbouncer-database-restart');
  }, 150_000);

  it('a backup taken while serving restores into a scratch database and verifies; the restored data equals the source', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aurum-cluster-backup-'));
    try {
      const npm = (args: string[], env: Record<string, string>) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d: Buffer) => (output += d.toString()));
          child.stderr.on('data', (d: Buffer) => (output += d.toString()));
          child.on('exit', (code) => resolve({ code, output }));
        });
      const startedAt = Date.now();
      const backup = await npm(['backup'], { DATABASE_URL: cluster.pg.url(DATABASE), BACKUP_DIR: dir });
      expect(backup.code, backup.output).toBe(0);
      const file = backup.output.trim().split('\n').map((l) => l.trim()).filter((l) => l.startsWith('/')).at(-1);
      expect(file, backup.output).toBeTruthy();
      const servedDuring = load.since(startedAt).length;
      await cluster.pg.createDatabase('aurum_restored');
      const restore = await npm(['restore', '--', file!], { DATABASE_URL: cluster.pg.url('aurum_restored') });
      expect(restore.code, restore.output).toBe(0);
      const verify = await npm(['backup:verify', '--', file!], { DATABASE_URL: cluster.pg.url(DATABASE), BACKUP_DIR: dir });
      expect(verify.code, verify.output).toBe(0);
      // the append-only tables: the restored rows are exactly the source's rows up to the backup's moment
      const restored = new pg.Client({ connectionString: cluster.pg.url('aurum_restored') });
      await restored.connect();
      const compared: Record<string, number> = {};
      try {
        for (const table of ['ledger_postings', 'ledger_entries', 'audit_log', 'orders']) {
          const digest = `SELECT count(*)::int AS n, coalesce(max(id), 0)::text AS max, md5(coalesce(string_agg(t::text, '|' ORDER BY id), '')) AS md5 FROM ${table} t WHERE id <= $1`;
          const [{ max }] = (await restored.query<{ max: string }>(`SELECT coalesce(max(id), 0)::text AS max FROM ${table}`)).rows as [{ max: string }];
          const there = (await restored.query(digest, [max])).rows[0] as { n: number; md5: string };
          compared[table] = there.n;
          if (table === 'orders') continue; // orders change status after the backup (settled); counted only
          const here = (await db.query(digest, [max])).rows[0] as { n: number; md5: string };
          expect({ table, ...there }).toEqual({ table, ...here });
        }
      } finally {
        await restored.end();
      }
      summary('backup-restore', { servedDuringBackup: servedDuring, restoredRows: compared });
      expect(servedDuring).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
