import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { LIVE_CHANNEL, type LiveEvent } from '../../../live/event-bus.ts';

/**
 * Each process holds sessions, admins and the modes (auth-cache.ts, mode-service.ts) and
 * drops them when told. These tests change rows behind the server's back (as another process
 * would, without its notification) to show that the copy is really held, then send the
 * notification another process sends and see the copy dropped at once: well before the 30 s
 * safety net could have let it go (decision 0211).
 */
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const PASSWORD = 'Cache#Pass1';

describe(`process caches of secure calls on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let created = 0;

  const sessionIdOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  const notify = (event: LiveEvent) => ts.db.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
  const root = async () => (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
  const newAdmin = async (role: string) => {
    created += 1;
    const username = `cached${created}`;
    const r = await api.call<{ id: number }>('POST', `${S}/admin/create`, {
      token: await root(),
      body: { username, email: `${username}@aurum.example`, firstName: 'Cache', lastName: String(created), role, password: PASSWORD },
    });
    expect(r.status).toBe(200);
    const login = await api.login(username, PASSWORD);
    expect(login.status).toBe(200);
    return { id: r.body.id, jwt: login.body.jwt, refreshToken: login.body.refreshToken };
  };
  const ownDetail = (s: { id: number; jwt: string }) => api.call('GET', `${S}/admin/${s.id}`, { token: s.jwt });
  /** Needs logoutAdmin: 404 (no such admin) when allowed, 403 when not. */
  const guarded = (jwt: string) => api.call('POST', `${S}/admin/logout/999999`, { token: jwt });
  const until = (check: () => Promise<boolean>) => vi.waitUntil(check, { timeout: 5_000, interval: 10 });

  beforeAll(async () => {
    // access tokens outlive the clock moves of the idle test (an hour)
    ts = await startTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3600' } });
    api = client(ts);
  });
  afterAll(() => ts?.close());

  it('a session ended by another process is dropped by its notification', async () => {
    const s = await newAdmin('none');
    expect((await ownDetail(s)).status).toBe(200);
    // ended in the database without a word: this process still holds the session
    await ts.db.query(`UPDATE admin_sessions SET ended_at = now(), end_reason = 'forced' WHERE id = $1`, [sessionIdOf(s.jwt)]);
    expect((await ownDetail(s)).status).toBe(200);
    await notify({ kind: 'sessionsEnded', sessionIds: [sessionIdOf(s.jwt)] });
    await until(async () => (await ownDetail(s)).status === 401);
    expect((await ownDetail(s)).body).toEqual({ code: 1152, context: SESSION_MESSAGES.forced });
  });

  it('a role changed by another process is dropped by its notification', async () => {
    const s = await newAdmin('superAdmin');
    expect((await guarded(s.jwt)).status).toBe(404);
    await ts.db.query(`UPDATE admins SET role = 'none' WHERE id = $1`, [s.id]);
    expect((await guarded(s.jwt)).status).toBe(404);
    await notify({ kind: 'adminsChanged', adminIds: [s.id] });
    await until(async () => (await guarded(s.jwt)).status === 403);
    expect((await ownDetail(s)).status).toBe(200);
  });

  it('a mode switched by another process is dropped by its notification', async () => {
    const s = await newAdmin('none');
    const panic = async () => (await api.call<{ panicMode: boolean }>('GET', `${S}/mode`, { token: s.jwt })).body.panicMode;
    expect(await panic()).toBe(false);
    await ts.db.query('UPDATE system_modes SET panic = true WHERE id = 1');
    try {
      expect(await panic()).toBe(false);
      await notify({ kind: 'settings', what: 'modes' });
      await until(async () => (await panic()) === true);
    } finally {
      await ts.db.query('UPDATE system_modes SET panic = false WHERE id = 1');
      await notify({ kind: 'settings', what: 'modes' });
      await until(async () => (await panic()) === false);
    }
  });

  it('changes made through this process apply to its very next call', async () => {
    const s = await newAdmin('superAdmin');
    const approver = await newAdmin('operationApprover');
    expect((await guarded(s.jwt)).status).toBe(404);
    const edit = await api.call('PUT', `${S}/admin/${s.id}`, {
      token: await root(),
      body: { email: `cached-edit${s.id}@aurum.example`, firstName: 'Cache', lastName: 'Edited', role: 'operationMaker' },
    });
    expect(edit.status).toBe(200);
    expect((await guarded(s.jwt)).status).toBe(403);

    const mode = (jwt: string) => api.call<{ panicMode: boolean }>('GET', `${S}/mode`, { token: jwt });
    expect((await mode(approver.jwt)).body.panicMode).toBe(false);
    const on = await api.call('POST', `${S}/mode/set_panic`, { token: approver.jwt, body: { enabled: true } });
    expect(on.status).toBe(200);
    expect((await mode(approver.jwt)).body.panicMode).toBe(true);
    expect((await api.call('POST', `${S}/mode/set_panic`, { token: approver.jwt, body: { enabled: false } })).status).toBe(200);
    expect((await mode(approver.jwt)).body.panicMode).toBe(false);

    expect((await api.logout(approver.jwt)).status).toBe(200);
    expect((await mode(approver.jwt)).status).toBe(401);
    const deleted = await api.call('DELETE', `${S}/admin/${s.id}`, { token: await root() });
    expect(deleted.status).toBe(200);
    expect((await ownDetail(s)).status).toBe(401);
  });

  it('a token checked once is still refused once it expires', async () => {
    const s = await newAdmin('none');
    expect((await ownDetail(s)).status).toBe(200);
    ts.advanceClock(3600_000);
    const r = await ownDetail(s);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES.expired });
  });

  it('never keeps a session past its idle limit, and follows actions another process has seen', async () => {
    const s = await newAdmin('none');
    expect((await ownDetail(s)).status).toBe(200);
    // another process served an action 20 minutes later: this one still holds the older moment
    ts.advanceClock(20 * 60_000);
    await ts.db.query('UPDATE admin_sessions SET last_seen_at = last_seen_at + interval \'20 minutes\' WHERE id = $1', [sessionIdOf(s.jwt)]);
    ts.advanceClock(15 * 60_000);
    // a fresh access token (a refresh is no action of the admin: it moves nothing)
    const fresh = async () => ({ ...s, jwt: (await api.refresh(s.id, s.refreshToken)).body.jwt });
    // 35 minutes after this process's last sight of it, 15 after the other's: alive
    const renewed = await fresh();
    expect((await ownDetail(renewed)).status).toBe(200);
    ts.advanceClock(31 * 60_000);
    const r = await ownDetail(renewed);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES.idle });
  });
});
