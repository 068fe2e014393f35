import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedFolder } from '../cli/postgres-user.ts';
import { freePort } from '../testing/cluster/cluster.ts';
import { receiptForm, signIn } from '../testing/cluster/cluster-load.ts';
import { clusterRequired, postgresBin } from '../testing/cluster/cluster-tools.ts';
import { startPrivatePostgres, startPrivateReplica, type PrivatePostgres } from '../testing/cluster/private-postgres.ts';
import { call } from '../testing/http-call.ts';
import { spawnServer, type SpawnedServer } from '../testing/server-process.ts';
import { until } from '../testing/until.ts';

/**
 * Reads from a replica as an operator sets them up: a leader and a streaming replica (Debian's
 * PostgreSQL, pg_basebackup), one Aurum process with DATABASE_URL at the leader and
 * READ_DATABASE_URL at the replica. What the admins see: their own writes at once, even while the
 * replica's replay is paused; another admin's view from a replica that is behind only within
 * REPLICA_MAX_LAG_SECONDS; the replica back in use once it catches up. And the start's refusals and
 * its wait for an unreachable database. Prints `REPLICA <name>: ...` lines with its figures.
 */
const SECURE = '/v0/web/secure';
const DATABASE = 'aurum_replica';
const MAX_LAG_SECONDS = 2;
const WAIT_MS = 200;
const METRICS_TOKEN = 'replica-test-metrics-token';
const pgBin = postgresBin();
const required = clusterRequired();
if (!pgBin && !required) console.log('(replica reads test skipped: initdb/pg_ctl/pg_basebackup missing) apt-get install -y postgresql');

const summary = (name: string, figures: Record<string, unknown>) => console.log(`REPLICA ${name}: ${Object.entries(figures).map(([k, v]) => `${k}=${String(v)}`).join(' ')}`);

(pgBin || required ? describe : describe.skip)('reads from a replica', () => {
  let folder: string;
  let leader: PrivatePostgres;
  let replica: PrivatePostgres;
  let server: SpawnedServer;
  let url: string;
  let leaderDb: pg.Pool;
  let replicaDb: pg.Pool;
  let userId: number;

  /** A browser's session: its token and the cookie its answers set. */
  interface Session {
    token: string;
    cookie: string | undefined;
  }
  const sessions: Record<'maker' | 'approver', Session> = { maker: { token: '', cookie: undefined }, approver: { token: '', cookie: undefined } };

  async function deposit(who: Session, amount: string): Promise<number> {
    const r = await call(url, `${SECURE}/asset/deposit/create`, { token: who.token, cookie: who.cookie, form: receiptForm({ userId: String(userId), type: 'MYR', amount, note: 'replica' }, 'slip.png') });
    expect(r.status, r.text).toBe(200);
    if (r.setCookie) who.cookie = r.setCookie;
    return r.body!.id as number;
  }

  /** The deposits of the user on the list screen, as `who` sees them (its cookie sent), and how long the answer took. */
  async function depositIds(who: Session): Promise<{ ids: number[]; ms: number }> {
    const startedAt = Date.now();
    const r = await call(url, `${SECURE}/asset/list?action=deposit&userId=${userId}&limit=100`, { method: 'GET', token: who.token, cookie: who.cookie });
    expect(r.status, r.text).toBe(200);
    return { ids: (r.body!.items as Array<{ id: number }>).map((i) => i.id), ms: Date.now() - startedAt };
  }

  async function metric(pattern: RegExp): Promise<number> {
    const r = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await r.text();
    const m = text.match(pattern);
    return m ? Number(m[1]) : 0;
  }
  const replicaReads = () => metric(/^aurum_replica_reads_total\{target="replica",reason=""\} (\S+)$/m);
  const leaderReads = (reason: string) => metric(new RegExp(`^aurum_replica_reads_total\\{target="leader",reason="${reason}"\\} (\\S+)$`, 'm'));
  const lag = () => metric(/^aurum_replica_lag_seconds\{member="[^"]+"\} (\S+)$/m);

  async function caughtUp(): Promise<boolean> {
    const lsn = (await leaderDb.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn;
    return (await replicaDb.query<{ ok: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn])).rows[0]!.ok;
  }

  beforeAll(async () => {
    expect(pgBin, 'PostgreSQL (initdb, pg_ctl, pg_basebackup) is needed: apt-get install -y postgresql').toBeTruthy();
    folder = ownedFolder(mkdtempSync(join(tmpdir(), 'aurum-replica-')));
    const [leaderPort, replicaPort] = [await freePort(), await freePort()];
    // synchronous_commit on, as in production: a commit's WAL is flushed, so streamed to the replica at once
    // (off, it waits for the WAL writer, and a read of one's own write waits with it)
    leader = startPrivatePostgres(pgBin!, join(folder, 'leader'), leaderPort, ['synchronous_commit=on']);
    await leader.createDatabase(DATABASE);
    replica = startPrivateReplica(pgBin!, join(folder, 'replica'), replicaPort, leader);
    leaderDb = new pg.Pool({ connectionString: leader.url(DATABASE), max: 2 });
    replicaDb = new pg.Pool({ connectionString: replica.url(DATABASE), max: 2 });
    // the last test stops the leader under them: an idle client's loss is expected, not a failure
    leaderDb.on('error', () => undefined);
    replicaDb.on('error', () => undefined);
    server = spawnServer({
      DATABASE_URL: leader.url(DATABASE),
      READ_DATABASE_URL: replica.url(DATABASE),
      REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
      READ_YOUR_WRITES_WAIT_MS: String(WAIT_MS),
      METRICS_TOKEN,
      PRICE_SOURCE: 'simulated',
      HOST: '127.0.0.1',
    });
    url = await server.url(90_000);
    sessions.maker.token = await signIn(url, 'financemaker');
    sessions.approver.token = await signIn(url, 'financeapprover');
    userId = Number((await leaderDb.query<{ id: string }>("SELECT id FROM users WHERE username = 'aminah'")).rows[0]!.id);
    await until('the replica caught up with the seeded leader', caughtUp, 30_000);
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
    await leaderDb?.end().catch(() => undefined);
    await replicaDb?.end().catch(() => undefined);
    replica?.destroy();
    leader?.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('serves the lists from the replica: an admin sees their own deposit at once, another once it is replayed', async () => {
    const id = await deposit(sessions.maker, '100.00');
    expect(sessions.maker.cookie, 'the write answer carries the position of the write').toMatch(/^aurum_wal=[0-9A-F]+\/[0-9A-F]+$/);
    expect((await depositIds(sessions.maker)).ids).toContain(id);
    // the approver has written nothing: once the replica has the deposit, it serves their list
    await until('the replica caught up', caughtUp, 30_000);
    await until('the replica lag is measured and within the bound', async () => (await lag()) <= MAX_LAG_SECONDS && /aurum_replica_lag_seconds\{/.test(await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()), 10_000);
    const before = await replicaReads();
    expect((await depositIds(sessions.approver)).ids).toContain(id);
    expect(await replicaReads()).toBeGreaterThan(before);
  });

  it('while the replica replays nothing: the writer reads its write from the leader within the bound; others see the replica until it is too far behind', async () => {
    await until('the replica caught up', caughtUp, 30_000);
    await replicaDb.query('SELECT pg_wal_replay_pause()');
    const pausedAt = Date.now();
    try {
      const ownWriteBefore = await leaderReads('ownWrite');
      const id = await deposit(sessions.maker, '200.00');
      const own = await depositIds(sessions.maker);
      expect(own.ids, "the maker's own deposit, read while the replica replays nothing").toContain(id);
      expect(await leaderReads('ownWrite')).toBeGreaterThan(ownWriteBefore);
      // a hang guard, not a speed target: the read waited at most READ_YOUR_WRITES_WAIT_MS for the replica
      expect(own.ms).toBeLessThan(WAIT_MS + 5_000);

      // the approver has written nothing: the replica serves them while it is within the lag bound
      const stale = await depositIds(sessions.approver);
      const replicaLagAtRead = await lag();
      if (replicaLagAtRead <= MAX_LAG_SECONDS) expect(stale.ids, 'a replica within the bound has not replayed the new deposit').not.toContain(id);

      // past REPLICA_MAX_LAG_SECONDS the replica leaves the read pool: the approver reads the leader
      const lagReadsBefore = await leaderReads('lag');
      const leftAt = await until('the replica is past the lag bound', async () => (await lag()) > MAX_LAG_SECONDS, 30_000, 100);
      const fresh = await depositIds(sessions.approver);
      expect(fresh.ids, 'the approver sees the deposit once the lagging replica is not used').toContain(id);
      expect(await leaderReads('lag')).toBeGreaterThan(lagReadsBefore);
      summary('paused replay', { ownReadMs: own.ms, boundMs: WAIT_MS, lagAtStaleRead: replicaLagAtRead, maxLagSeconds: MAX_LAG_SECONDS, lagSecondsWhenLeft: await lag(), leftPoolAfterMs: leftAt - pausedAt });
    } finally {
      await replicaDb.query('SELECT pg_wal_replay_resume()');
    }
    // replay resumed: the replica catches up and serves reads again
    await until('the replica back within the lag bound', async () => (await lag()) <= MAX_LAG_SECONDS, 30_000, 100);
    const before = await replicaReads();
    await depositIds(sessions.approver);
    expect(await replicaReads()).toBeGreaterThan(before);
  });

  it('the metrics name the leader this process writes to', async () => {
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(text).toMatch(new RegExp(`^aurum_database_leader_info\\{member="127\\.0\\.0\\.1:${leader.port}",timeline="1"\\} 1$`, 'm'));
    expect(text).toMatch(/^aurum_database_failovers_total 0$/m);
  });

  it('refuses to start with DATABASE_URL at a replica, naming the problem; starts with READ_DATABASE_URL at the leader, with a warning', async () => {
    const wrong = spawnServer({ DATABASE_URL: replica.url(DATABASE), PRICE_SOURCE: 'simulated', HOST: '127.0.0.1' });
    expect(await wrong.exited).not.toBe(0);
    expect(wrong.output()).toContain('DATABASE_URL reaches a replica');
    expect(wrong.output()).toContain('READ_DATABASE_URL');

    const leaderTwice = spawnServer({ DATABASE_URL: leader.url(DATABASE), READ_DATABASE_URL: leader.url(DATABASE), PRICE_SOURCE: 'simulated', HOST: '127.0.0.1' });
    try {
      const second = await leaderTwice.url(90_000);
      const token = await signIn(second, 'financemaker');
      const r = await call(second, `${SECURE}/asset/list?action=deposit&userId=${userId}`, { method: 'GET', token });
      expect(r.status, r.text).toBe(200);
      await leaderTwice.waitFor(/READ_DATABASE_URL reaches a leader, not a replica/, 30_000);
    } finally {
      await leaderTwice.stop();
    }
  });

  it('a database unreachable at start: the process waits, answering 503 with the error body, and serves once it is back', async () => {
    const port = await freePort();
    leader.stop();
    const waiting = spawnServer({ DATABASE_URL: leader.url(DATABASE), PRICE_SOURCE: 'simulated', HOST: '127.0.0.1', PORT: String(port) });
    try {
      await waiting.waitFor(/the database cannot be reached yet/, 60_000);
      for (const path of ['/readyz', '/healthz', `${SECURE}/asset/list`]) {
        const r = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(r.status, path).toBe(503);
        expect(r.headers.get('retry-after')).toBe('2');
        expect(await r.json()).toMatchObject({ code: 3302 });
      }
      const restartedAt = Date.now();
      leader.start();
      const base = await waiting.url(60_000);
      await until('ready', async () => (await fetch(`${base}/readyz`)).status === 200, 30_000);
      summary('unreachable at start', { readyAfterDatabaseBackMs: Date.now() - restartedAt });
    } finally {
      await waiting.stop();
    }
  });
});
