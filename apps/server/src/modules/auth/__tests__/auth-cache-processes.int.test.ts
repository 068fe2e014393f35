import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { freshPostgresDatabase } from '../../../testing/postgres-databases.ts';
import { client } from '../../../testing/client.ts';
import { spawnServer, type SpawnedServer } from '../../../testing/server-process.ts';

/**
 * Two server processes on one PostgreSQL database, each with its own caches of sessions,
 * admins and modes. A change made through A reaches B through LISTEN/NOTIFY: B applies it within
 * a second (each check is warmed on B first, so B really holds what the change makes stale; decision 0211).
 */
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
// B applies a change well within a second on a quiet machine; the bound is wider because CI runs
// both integration suites at once on two cores, where a process can wait its turn that long
const WITHIN = { timeout: 5_000, interval: 10 };
const PASSWORD = 'Twice#Pass1';

(driver === 'postgres' ? describe : describe.skip)('process caches across two processes on postgres', () => {
  const running: SpawnedServer[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let a: ReturnType<typeof client>;
  let b: ReturnType<typeof client>;
  let created = 0;

  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    // one first, so that it migrates and seeds alone; then the other
    const first = spawnServer({ DATABASE_URL: pg.url, PRICE_SOURCE: 'none' });
    running.push(first);
    a = client({ url: await first.url() });
    const second = spawnServer({ DATABASE_URL: pg.url, PRICE_SOURCE: 'none' });
    running.push(second);
    b = client({ url: await second.url() });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    await drop();
  });

  const root = async () => (await a.login('admin', 'Aurum#Demo2026')).body.jwt;
  /** A new admin of that role, created through A and signed in through B. */
  const newAdmin = async (role: string) => {
    created += 1;
    const username = `twice${created}`;
    const r = await a.call<{ id: number }>('POST', `${S}/admin/create`, {
      token: await root(),
      body: { username, email: `${username}@aurum.example`, firstName: 'Twice', lastName: String(created), role, password: PASSWORD },
    });
    expect(r.status).toBe(200);
    const login = await b.login(username, PASSWORD);
    expect(login.status).toBe(200);
    return { id: r.body.id, username, jwt: login.body.jwt };
  };
  const detailOn = (api: typeof a, s: { id: number; jwt: string }) => api.call('GET', `${S}/admin/${s.id}`, { token: s.jwt });
  /** Needs logoutAdmin: 404 (no such admin) when allowed, 403 when not. */
  const guardedOn = (api: typeof a, jwt: string) => api.call('POST', `${S}/admin/logout/999999`, { token: jwt });

  it('a logout through A is refused by B within a second', async () => {
    const s = await newAdmin('none');
    expect((await detailOn(b, s)).status).toBe(200);
    expect((await a.logout(s.jwt)).status).toBe(200);
    await vi.waitUntil(async () => (await detailOn(b, s)).status === 401, WITHIN);
    expect((await detailOn(b, s)).body).toEqual({ code: 1152, context: SESSION_MESSAGES.logout });
  });

  it('a role change through A is applied by B within a second', async () => {
    const s = await newAdmin('superAdmin');
    expect((await guardedOn(b, s.jwt)).status).toBe(404);
    const edit = await a.call('PUT', `${S}/admin/${s.id}`, {
      token: await root(),
      body: { email: `${s.username}@aurum.example`, firstName: 'Twice', lastName: 'Demoted', role: 'operationMaker' },
    });
    expect(edit.status).toBe(200);
    await vi.waitUntil(async () => (await guardedOn(b, s.jwt)).status === 403, WITHIN);
    // still signed in, with the new role
    expect((await detailOn(b, s)).body).toMatchObject({ role: 'OPERATION_MAKER' });
  });

  it('a mode switched through A is served by B within a second', async () => {
    const approver = (await a.login('operationapprover', 'Operation#Approve1')).body.jwt;
    const reader = await newAdmin('none');
    const panicOnB = async () => (await b.call<{ panicMode: boolean }>('GET', `${S}/mode`, { token: reader.jwt })).body.panicMode;
    expect(await panicOnB()).toBe(false);
    expect((await a.call('POST', `${S}/mode/set_panic`, { token: approver, body: { enabled: true } })).status).toBe(200);
    await vi.waitUntil(async () => (await panicOnB()) === true, WITHIN);
    expect((await a.call('POST', `${S}/mode/set_panic`, { token: approver, body: { enabled: false } })).status).toBe(200);
    await vi.waitUntil(async () => (await panicOnB()) === false, WITHIN);
  });

  it('an admin deleted through A can no longer call B', async () => {
    const s = await newAdmin('financeMaker');
    expect((await detailOn(b, s)).status).toBe(200);
    expect((await a.call('DELETE', `${S}/admin/${s.id}`, { token: await root() })).status).toBe(200);
    await vi.waitUntil(async () => (await detailOn(b, s)).status === 401, WITHIN);
    expect((await b.call('GET', `${S}/mode`, { token: s.jwt })).status).toBe(401);
  });
});
