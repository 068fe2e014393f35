import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freshPostgresDatabase } from '../testing/postgres-databases.ts';
import { spawnServer as start, type SpawnedServer as Running } from '../testing/server-process.ts';
import { openSocket } from '../testing/socket-client.ts';
import { until } from '../testing/until.ts';
import type { PriceData } from '@aurum/domain/system/live-messages';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
// a test that starts server processes waits for their start-ups (migrations, the seed): a few seconds
// each on a quiet machine, many more in CI beside the other integration suite, on two cores; the
// bound guards against a hang, it is not a target
const PROCESSES_TIMEOUT = 90_000;

describe(`server process on ${driver}`, () => {
  const running: Running[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    for (const c of cleanups) await c();
  });

  (driver === 'pglite' ? it : it.skip)('starts on a data folder, prints the address and demo sign-ins, and locks the folder against a second process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'aurum-proc-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = start({ DATA_DIR: dataDir });
    running.push(first);
    const url = await first.url();
    expect(first.output()).toMatch(/superAdmin\s+admin\s+Aurum#Demo2026/);
    expect(first.output()).toMatch(/financeMaker\s+financemaker/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const second = start({ DATA_DIR: dataDir });
    running.push(second);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/is in use by process \d+/);
    // the first one is unharmed
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // a restart on the same folder keeps the data and seeds nothing new
    const third = start({ DATA_DIR: dataDir });
    running.push(third);
    await third.waitFor(/Aurum console: /);
    expect(third.output()).not.toMatch(/Demo sign-ins/);
    // three process starts on PGlite, the first creating its cluster
  }, PROCESSES_TIMEOUT);

  (driver === 'postgres' ? it : it.skip)('SIGTERM drains: /readyz turns 503 (3303) at once while calls are still served, then the process exits 0', async () => {
    const pg = await freshPostgresDatabase();
    cleanups.push(() => pg.drop());
    const p = start({ DATABASE_URL: pg.url, DRAIN_SECONDS: '3', PRICE_SOURCE: 'none' });
    running.push(p);
    const url = await p.url();
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const signalAt = Date.now();
    p.child.kill('SIGTERM');
    await until('/readyz says draining', async () => (await fetch(`${url}/readyz`)).status === 503, 2_000, 20);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await ready.json()).toEqual({ code: 3303, context: expect.any(String) });
    // still serving while the proxy takes it out: liveness and every call, each answer closing its connection
    const live = await fetch(`${url}/livez`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    const call = await fetch(`${url}/v0/web/auth/admin/login`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('admin:Aurum#Demo2026').toString('base64')}` } });
    expect(call.status).toBe(200);
    expect(await p.exited).toBe(0);
    // not before the drain ended
    expect(Date.now() - signalAt).toBeGreaterThanOrEqual(3_000);
  }, PROCESSES_TIMEOUT);

  it('ends a process whose event loop a call holds past EVENT_LOOP_BLOCK_LIMIT_SECONDS, its last log line naming the call; a shorter block is only counted', async () => {
    const LIMIT = 2;
    // the watchdog checks four times a second: past the limit it acts within a second, the rest is slack for a busy machine
    const SLACK = 8;
    const token = 'process-test-metrics-token';
    let where: Record<string, string>;
    if (driver === 'postgres') {
      const pg = await freshPostgresDatabase();
      cleanups.push(() => pg.drop());
      where = { DATABASE_URL: pg.url };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'aurum-watchdog-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      where = { DATA_DIR: dataDir };
    }
    const p = start({ ...where, NODE_ENV: 'test', TEST_LOOP_BLOCK_ROUTE: '1', EVENT_LOOP_BLOCK_LIMIT_SECONDS: String(LIMIT), METRICS_TOKEN: token, PRICE_SOURCE: 'none' });
    // not stopped with SIGTERM like the others: a blocked loop never handles it (should the watchdog fail, SIGKILL)
    cleanups.unshift(async () => {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await p.exited;
    });
    const url = await p.url();
    const blocks = async () => {
      const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
      return Number(/^aurum_event_loop_block_seconds_count (\d+)/m.exec(text)?.[1] ?? Number.NaN);
    };
    const counted = await blocks();
    expect(counted).toBeGreaterThanOrEqual(0);

    // held for half the limit: the process lives on, and the metrics count one block more
    expect((await fetch(`${url}/v0/test/block-loop?seconds=${LIMIT / 2}`)).status).toBe(200);
    await until('the block is counted', async () => (await blocks()) > counted, 5_000);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // held for ten minutes: no answer, not even /healthz, no SIGTERM handled; the watchdog ends the process once the limit has passed
    const heldAt = Date.now();
    const held = fetch(`${url}/v0/test/block-loop?seconds=600`).then(
      (r) => `answered ${r.status}`,
      () => 'no answer',
    );
    const answers = async (path: string) => (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(300) })).ok;
    await until('the event loop is held: /healthz goes unanswered', async () => !(await answers('/healthz').catch(() => false)), LIMIT * 1000);
    p.child.kill('SIGTERM');
    const ended = await Promise.race([
      p.exited.then(() => Date.now()),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the process still runs ${LIMIT + SLACK} s after its loop was blocked:\n${p.output()}`)), (LIMIT + SLACK) * 1000)),
    ]);
    expect(await held).toBe('no answer');
    expect(p.child.signalCode).toBe('SIGKILL');
    const seconds = (ended - heldAt) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(LIMIT);
    const line = p.output().split('\n').find((l) => l.includes('the event loop has been blocked'));
    expect(line, p.output()).toBeDefined();
    const fatal = JSON.parse(line!) as { level: number; limitSeconds: number; blockedSeconds: number; calls: Array<{ call: string; requestId: string; seconds: number }>; untrackedCalls: number };
    expect(fatal).toMatchObject({ level: 60, limitSeconds: LIMIT, calls: [{ call: 'GET /v0/test/block-loop', requestId: expect.any(String) }], untrackedCalls: 0 });
    expect(fatal.calls[0]!.seconds).toBeGreaterThanOrEqual(LIMIT);
    expect(fatal.blockedSeconds).toBeGreaterThanOrEqual(LIMIT);
    console.info(`watchdog on ${driver}: the process ended ${seconds.toFixed(2)} s after the call that blocked it began (limit ${LIMIT} s)`);
  }, PROCESSES_TIMEOUT);

  it('refuses a bad configuration with a message for each variable', async () => {
    const bad = start({ PORT: 'x', JWT_SECRET: 'short' });
    running.push(bad);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain("PORT must be a whole number, got 'x'");
    expect(bad.output()).toContain('JWT_SECRET must be at least 32 characters long');
  });

  (driver === 'postgres' ? it : it.skip)('two processes share one PostgreSQL database; a production start seeds nothing and needs admin:create', async () => {
    const pg = await freshPostgresDatabase();
    cleanups.push(() => pg.drop());
    const prod = start({ DATABASE_URL: pg.url, NODE_ENV: 'production', AUDIT_HMAC_KEY: 'process-test-audit-key-0123456789abcdef' });
    running.push(prod);
    expect(await prod.exited).toBe(3);
    expect(prod.output()).toMatch(/npm run admin:create/);

    const a = start({ DATABASE_URL: pg.url });
    const b = start({ DATABASE_URL: pg.url });
    running.push(a, b);
    const urlA = await a.url();
    const urlB = await b.url();
    // exactly one of them seeded
    expect([a.output(), b.output()].filter((o) => o.includes('Demo sign-ins'))).toHaveLength(1);
    // a session opened on one process is honoured by the other (same signing key, same database)
    const login = await fetch(`${urlA}/v0/web/auth/admin/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:Aurum#Demo2026').toString('base64')}` },
    });
    const body = (await login.json()) as { jwt: string };
    const logout = await fetch(`${urlB}/v0/web/auth/admin/logout`, { method: 'POST', headers: { authorization: `Bearer ${body.jwt}` } });
    expect(logout.status).toBe(200);
  }, PROCESSES_TIMEOUT);

  (driver === 'postgres' ? it : it.skip)('live events cross processes: one feed for both, a mode switched on one closes the market on the other', async () => {
    const pg = await freshPostgresDatabase();
    cleanups.push(() => pg.drop());
    const env = { DATABASE_URL: pg.url, PRICE_TICK_MS: '200' };
    const a = start(env);
    const b = start(env);
    running.push(a, b);
    const urlA = await a.url();
    const urlB = await b.url();
    const signIn = async (url: string, user: string, password: string) => {
      const r = await fetch(`${url}/v0/web/auth/admin/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      });
      return ((await r.json()) as { jwt: string }).jwt;
    };
    const sockA = await openSocket(urlA, await signIn(urlA, 'viewer', 'Viewer#Read1'));
    const sockB = await openSocket(urlB, await signIn(urlB, 'viewer', 'Viewer#Read1'));
    const stamps = (s: typeof sockA) => new Set(s.messages.filter((m) => m.type === 'MyrRate').map((m) => JSON.stringify(m.data)));
    const sharedStamps = () => [...stamps(sockA)].filter((x) => stamps(sockB).has(x));
    // both processes relay the same quotes: those of the one process that holds the feed lease
    await vi.waitUntil(() => sharedStamps().length > 5, { timeout: 15_000, interval: 100 });
    const shared = sharedStamps();
    expect(shared.length).toBeGreaterThan(5);

    const jwt = await signIn(urlA, 'operationapprover', 'Operation#Approve1');
    const on = await fetch(`${urlA}/v0/web/secure/mode/set_panic`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true }),
    });
    expect(on.status).toBe(200);
    const panic = (await sockB.next((m) => m.type === 'Price' && m.data.reason === 'panic mode', 10_000)) as { data: PriceData };
    expect(panic.data.available).toEqual({ myr: false, usd: false, offline: false });
    sockA.close();
    sockB.close();
  }, PROCESSES_TIMEOUT);
});
