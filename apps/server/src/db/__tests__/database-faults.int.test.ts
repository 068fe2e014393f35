import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { freshPostgresDatabase } from '../../testing/postgres-databases.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client } from '../../testing/client.ts';
import { openSocket } from '../../testing/socket-client.ts';
import { until } from '../../testing/until.ts';
import { startListener, backoffDelay, type Listener } from '../pg-listener.ts';
import { openPostgres } from '../pg-db.ts';
import { DatabaseUnavailableError } from '../connection-errors.ts';

// PGlite runs inside the process: it cannot become unreachable, restart or go half-open
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const target = () => {
  const u = new URL(process.env.TEST_DATABASE_URL!);
  return { host: u.hostname, port: Number(u.port || 5432) };
};

describe.skipIf(driver === 'pglite')('the database going away (PostgreSQL behind a TCP proxy)', () => {
  let proxy: TcpProxy;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    proxy = await startTcpProxy(target());
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  const notify = async (payload: string) => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      await c.query('SELECT pg_notify($1, $2)', ['fault_test', payload]);
    } finally {
      await c.end();
    }
  };

  it('the listener finds a half-open connection by its heartbeat, connects again, listens again and says a gap happened', async () => {
    const payloads: string[] = [];
    let gaps = 0;
    const listener: Listener = await startListener({
      url: proxy.via(database.url),
      channel: 'fault_test',
      onPayload: (p) => payloads.push(p),
      onReconnect: () => void (gaps += 1),
      heartbeatMs: 200,
      timeoutMs: 300,
    });
    try {
      await notify('before');
      await until('the first notification', () => payloads.includes('before'), 5_000);
      const frozenAt = Date.now();
      proxy.freeze(); // bytes stop both ways; the socket stays open and TCP says nothing
      await until('the half-open connection replaced', () => gaps === 1 && listener.health().connected, 10_000);
      // found within a heartbeat and its timeout, far below the 15 s the operator is promised
      expect(Date.now() - frozenAt).toBeLessThan(5_000);
      expect(listener.health()).toEqual({ connected: true, reconnects: 1 });
      await notify('after');
      await until('a notification on the new connection', () => payloads.includes('after'), 5_000);
    } finally {
      await listener.stop();
    }
  });

  it('the listener tries again and again while the database is unreachable, then comes back by itself', async () => {
    let gaps = 0;
    const payloads: string[] = [];
    const listener = await startListener({
      url: proxy.via(database.url),
      channel: 'fault_test',
      onPayload: (p) => payloads.push(p),
      onReconnect: () => void (gaps += 1),
      heartbeatMs: 200,
      timeoutMs: 300,
      backoff: { baseMs: 20, capMs: 100 },
    });
    try {
      const acceptedBefore = proxy.accepted();
      proxy.cut();
      await until('the loss seen', () => !listener.health().connected, 5_000);
      // several refused attempts, not one
      await until('attempts while down', () => proxy.accepted() - acceptedBefore >= 3, 5_000);
      expect(listener.health().connected).toBe(false);
      proxy.restore();
      await until('connected again', () => listener.health().connected, 5_000);
      expect(gaps).toBe(1);
      await notify('back');
      await until('a notification after the outage', () => payloads.includes('back'), 5_000);
    } finally {
      await listener.stop();
    }
  });

  it('a pool call meets 3302 while the database is unreachable, and the next one after works on a fresh connection', async () => {
    const db = await openPostgres(proxy.via(database.url), { max: 2, connectTimeoutMs: 1_000 });
    try {
      expect(await db.query<{ n: number }>('SELECT 1::int AS n')).toEqual([{ n: 1 }]);
      proxy.cut();
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toMatchObject({ status: 503, code: ErrorCode.DatabaseUnavailable });
      proxy.restore();
      await until('the pool serves again', async () => (await db.query('SELECT 1')).length === 1, 5_000);
      expect(await db.transaction((tx) => tx.query<{ n: number }>('SELECT 2::int AS n'))).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('backoff waits are random below a capped doubling', () => {
    expect(backoffDelay(0, { baseMs: 100, capMs: 2_000 }, () => 0.999)).toBe(99);
    expect(backoffDelay(3, { baseMs: 100, capMs: 2_000 }, () => 0.5)).toBe(400);
    expect(backoffDelay(40, { baseMs: 100, capMs: 2_000 }, () => 0.999)).toBe(1_998);
    expect(backoffDelay(5, { baseMs: 100, capMs: 2_000 }, () => 0)).toBe(0);
  });
});

describe.skipIf(driver === 'pglite')('a server whose database goes away', () => {
  let proxy: TcpProxy;
  let ts: TestServer;
  let jwt: string;
  beforeAll(async () => {
    proxy = await startTcpProxy(target());
    ts = await startTestServer({ driver: 'postgres', databaseVia: (url) => proxy.via(url) });
    const api = client(ts);
    jwt = (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
  });
  afterAll(async () => {
    proxy?.restore();
    await ts?.close();
    await proxy?.close();
  });

  it('answers 503 3302 with Retry-After while it is away, changes nothing, stays alive, and serves again by itself', async () => {
    const api = client(ts);
    expect((await api.call('GET', '/readyz')).status).toBe(200);
    const socket = await openSocket(ts.url, jwt);
    const modeBefore = await api.call<{ panicMode: boolean }>('GET', '/v0/web/secure/mode', { token: jwt });
    expect(modeBefore.status).toBe(200);

    proxy.cut();
    const write = await api.call('POST', '/v0/web/secure/mode/set_panic', { token: jwt, body: { enabled: !modeBefore.body.panicMode } });
    expect(write.status).toBe(503);
    expect(write.body).toEqual({ code: ErrorCode.DatabaseUnavailable, context: expect.stringContaining('database') });
    const raw = await fetch(`${ts.url}/v0/web/secure/user/1`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(raw.status).toBe(503);
    expect(raw.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await raw.json()) as { code: number }).code).toBe(ErrorCode.DatabaseUnavailable);
    await until('/readyz says the process cannot serve', async () => (await api.call('GET', '/readyz')).status === 503, 10_000);
    const notReady = await api.call('GET', '/readyz');
    expect(notReady.body.code).toBe(ErrorCode.DatabaseUnavailable);
    expect((await api.call('GET', '/livez')).status).toBe(200);

    proxy.restore();
    await until('/readyz ready again', async () => (await api.call('GET', '/readyz')).status === 200, 10_000);
    // the refused switch changed nothing
    const modeAfter = await api.call<{ panicMode: boolean }>('GET', '/v0/web/secure/mode', { token: jwt });
    expect(modeAfter.status).toBe(200);
    expect(modeAfter.body.panicMode).toBe(modeBefore.body.panicMode);
    // events may have been missed meanwhile: the console is told to refetch
    await until('a Resync frame on the socket', () => socket.messages.some((m) => m.type === 'Resync'), 10_000);
    socket.close();
  });
});

describe.skipIf(driver === 'pglite')('a member that comes back read-only (a standby not yet promoted)', () => {
  let ts: TestServer;
  let jwt: string;
  let admin: pg.Client;
  let name: string;
  /** Every connection of the server's database ended, as a failover ends them. */
  const failover = async () => {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
  };
  beforeAll(async () => {
    ts = await startTestServer({ driver: 'postgres' });
    jwt = (await client(ts).login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
    [{ name }] = (await ts.db.query<{ name: string }>('SELECT current_database() AS name')) as [{ name: string }];
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = '/postgres';
    admin = new pg.Client({ connectionString: u.toString() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${name}" RESET default_transaction_read_only`).catch(() => undefined);
    await admin?.end();
    await ts?.close();
  });

  it('answers a write 503 3302 with its body, never 500, changes nothing, and writes again once the member takes writes', async () => {
    const api = client(ts);
    const before = await api.call<{ panicMode: boolean }>('GET', '/v0/web/secure/mode', { token: jwt });
    expect(before.status).toBe(200);
    await admin.query(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    await failover();
    // the pool's next connections land on a member that refuses writes with SQLSTATE 25006
    await until('a read served by the read-only member', async () => (await api.call('GET', '/v0/web/secure/mode', { token: jwt })).status === 200, 10_000);
    for (let i = 0; i < 3; i += 1) {
      const write = await api.call('POST', '/v0/web/secure/mode/set_panic', { token: jwt, body: { enabled: !before.body.panicMode } });
      expect(write.status).toBe(503);
      expect(write.body).toEqual({ code: ErrorCode.DatabaseUnavailable, context: expect.stringContaining('database') });
    }
    expect((await api.call<{ panicMode: boolean }>('GET', '/v0/web/secure/mode', { token: jwt })).body.panicMode).toBe(before.body.panicMode);

    await admin.query(`ALTER DATABASE "${name}" RESET default_transaction_read_only`);
    await failover();
    await until(
      'the switch written on the promoted member',
      async () => (await api.call('POST', '/v0/web/secure/mode/set_panic', { token: jwt, body: { enabled: !before.body.panicMode } })).status === 200,
      10_000,
    );
    expect((await api.call<{ panicMode: boolean }>('GET', '/v0/web/secure/mode', { token: jwt })).body.panicMode).toBe(!before.body.panicMode);
  });
});
