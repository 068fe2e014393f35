import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@aurum/domain/auth/background';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';

/**
 * DECISIONS.md §9: the refresh token of the sign-in is not rotated. A console built from SPEC.md
 * (refresh answer: jwt and user) keeps refreshing with it every 25 s for the whole session.
 */
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const EVERY = 25_000; // SPEC.md §9: token refresh every 25 s
const PASSWORD = 'Staff#Pass1';
const background = { [BACKGROUND_HEADER]: BACKGROUND_VALUE };

describe(`refresh without rotation on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let created = 0;

  /** Signs in and answers what a console keeps: admin id, access token, refresh token. */
  const signIn = async (username: string, password: string) => {
    const r = await api.login(username, password);
    expect(r.status).toBe(200);
    return { id: r.body.user.id, jwt: r.body.jwt, refreshToken: r.body.refreshToken, username };
  };
  /** A fresh access token of the superAdmin (its own session: the tests move the clock). */
  const root = async () => (await signIn(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).jwt;
  /** A new admin of that role, signed in. */
  const newAdmin = async (role: string) => {
    created += 1;
    const username = `session${created}`;
    const r = await api.call<{ id: number }>('POST', `${S}/admin/create`, {
      token: await root(),
      body: { username, email: `${username}@aurum.example`, firstName: 'Session', lastName: String(created), role, password: PASSWORD },
    });
    expect(r.status).toBe(200);
    return signIn(username, PASSWORD);
  };
  /** An ordinary call any admin may make (its own detail), with or without the background mark. */
  const ownDetail = (s: { id: number }, jwt: string, headers: Record<string, string> = {}) =>
    api.call<{ role: string }>('GET', `${S}/admin/${s.id}`, { token: jwt, headers });
  /** A call only the logoutAdmin permission may make: 404 (no such admin) when allowed, 403 when not. */
  const guarded = (jwt: string) => api.call('POST', `${S}/admin/logout/999999`, { token: jwt });

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterAll(() => ts?.close());

  it('plays a SPEC.md console: six refreshes 25 s apart with the login token, then logout ends that token', async () => {
    const s = await newAdmin('financeMaker');
    for (let i = 0; i < 6; i++) {
      ts.advanceClock(EVERY);
      const r = await api.refresh(s.id, s.refreshToken);
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ id: s.id, username: s.username });
      // the answer may carry a refresh token: the same one, so a console that stores it goes on
      expect(r.body.refreshToken).toBe(s.refreshToken);
      const call = await ownDetail(s, r.body.jwt, background);
      expect(call.status).toBe(200);
      s.jwt = r.body.jwt;
    }
    expect((await api.logout(s.jwt)).status).toBe(200);
    const after = await api.refresh(s.id, s.refreshToken);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 1152, context: SESSION_MESSAGES.logout });
  });

  it('a password reset by e-mail link ends the session and its refresh token at once', async () => {
    const s = await newAdmin('operationMaker');
    expect((await api.refresh(s.id, s.refreshToken)).status).toBe(200);
    await api.forgot(`${s.username}@aurum.example`);
    const link = (await ts.outbox()).at(-1)!.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    expect((await api.reset(link, 'Brand#New2026')).status).toBe(200);
    const r = await api.refresh(s.id, s.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES['password-reset'] });
    expect((await ownDetail(s, s.jwt)).body).toEqual({ code: 1152, context: SESSION_MESSAGES['password-reset'] });
  });

  it("a superAdmin's reset of the password ends it too", async () => {
    const s = await newAdmin('operationMaker');
    const reset = await api.call('POST', `${S}/admin/${s.id}/reset_password`, { token: await root(), body: { password: 'Other#Pass2' } });
    expect(reset.status).toBe(200);
    const r = await api.refresh(s.id, s.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES['password-reset'] });
  });

  it('logoutAdmin of that admin ends it', async () => {
    const s = await newAdmin('financeApprover');
    const out = await api.call<{ sessionsEnded: number }>('POST', `${S}/admin/logout/${s.id}`, { token: await root() });
    expect(out.status).toBe(200);
    expect(out.body.sessionsEnded).toBe(1);
    const r = await api.refresh(s.id, s.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES.forced });
    expect((await ownDetail(s, s.jwt)).status).toBe(401);
  });

  it('deleting the admin ends it', async () => {
    const s = await newAdmin('none');
    expect((await api.refresh(s.id, s.refreshToken)).status).toBe(200);
    const del = await api.call('DELETE', `${S}/admin/${s.id}`, { token: await root() });
    expect(del.status).toBe(200);
    const r = await api.refresh(s.id, s.refreshToken);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES.forced });
    const call = await ownDetail(s, s.jwt);
    expect(call.status).toBe(401);
    expect(call.body.code).toBe(1152);
  });

  it('a role change applies from the next call: the old access token and the next refresh see the new role', async () => {
    const s = await newAdmin('financeMaker');
    const refused = await guarded(s.jwt);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 1150, context: null });

    const edit = (role: string) =>
      root().then((token) =>
        api.call('PUT', `${S}/admin/${s.id}`, { token, body: { email: `${s.username}@aurum.example`, firstName: 'Session', lastName: 'Role', role } }),
      );
    expect((await edit('superAdmin')).status).toBe(200);
    // the access token issued before the change: now granted (the admin 999999 does not exist)
    const granted = await guarded(s.jwt);
    expect(granted.status).toBe(404);
    const promoted = await api.refresh(s.id, s.refreshToken);
    expect(promoted.status).toBe(200);
    expect(promoted.body.user).toMatchObject({ role: 'SUPER_ADMIN' });

    expect((await edit('none')).status).toBe(200);
    // the token the refresh answered while superAdmin: refused from the next call
    const demoted = await guarded(promoted.body.jwt);
    expect(demoted.status).toBe(403);
    expect(demoted.body.code).toBe(1150);
    const next = await api.refresh(s.id, s.refreshToken);
    expect(next.body.user).toMatchObject({ role: 'NONE' });
  });

  it('refreshes and background calls alone do not keep a session alive: it ends 30 min after the last action', async () => {
    const s = await newAdmin('financeMaker');
    let elapsed = 0;
    while (elapsed + EVERY < 30 * 60_000) {
      ts.advanceClock(EVERY);
      elapsed += EVERY;
      const r = await api.refresh(s.id, s.refreshToken);
      expect(r.status).toBe(200);
      // a poll the console marks as background: served, but no action of the admin
      expect((await ownDetail(s, r.body.jwt, background)).status).toBe(200);
      s.jwt = r.body.jwt;
    }
    ts.advanceClock(EVERY); // 30 min since sign-in, its last action
    const late = await api.refresh(s.id, s.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ code: 1152, context: SESSION_MESSAGES.idle });
    // the session is over for good: its access token too, and the token stays refused
    expect((await ownDetail(s, s.jwt)).status).toBe(401);
    expect((await api.refresh(s.id, s.refreshToken)).body).toEqual({ code: 1152, context: SESSION_MESSAGES.idle });
  });

  it('an ordinary call is an action: it keeps the session alive, and the idle limit counts from the last one', async () => {
    const s = await newAdmin('financeMaker');
    for (let minute = 5; minute <= 60; minute += 5) {
      ts.advanceClock(5 * 60_000);
      const r = await api.refresh(s.id, s.refreshToken);
      expect(r.status).toBe(200);
      s.jwt = r.body.jwt;
      if (minute % 20 === 0) expect((await ownDetail(s, s.jwt)).status).toBe(200);
    }
    // an hour after sign-in, 0 min after the last action
    ts.advanceClock(25 * 60_000);
    expect((await api.refresh(s.id, s.refreshToken)).status).toBe(200);
    ts.advanceClock(5 * 60_000);
    const idle = await api.refresh(s.id, s.refreshToken);
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({ code: 1152, context: SESSION_MESSAGES.idle });
  });

  it('refuses a wrong token for a valid admin id and a token presented with another admin id (1152); the sessions go on', async () => {
    const a = await newAdmin('financeMaker');
    const b = await newAdmin('financeMaker');
    const wrong = await api.refresh(a.id, randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 1152, context: SESSION_MESSAGES.invalid });
    const crossed = await api.refresh(a.id, b.refreshToken);
    expect(crossed.status).toBe(401);
    expect(crossed.body).toEqual({ code: 1152, context: SESSION_MESSAGES.invalid });
    const crossedBack = await api.refresh(b.id, a.refreshToken);
    expect(crossedBack.body).toEqual({ code: 1152, context: SESSION_MESSAGES.invalid });
    expect((await api.refresh(a.id, a.refreshToken)).status).toBe(200);
    expect((await api.refresh(b.id, b.refreshToken)).status).toBe(200);
  });

  it('keeps the refresh token hashed, one per session', async () => {
    const s = await newAdmin('none');
    await api.refresh(s.id, s.refreshToken);
    const rows = await ts.db.query<{ token_hash: string }>(
      'SELECT rt.token_hash FROM refresh_tokens rt JOIN admin_sessions x ON x.id = rt.session_id WHERE x.admin_id = $1',
      [s.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(s.refreshToken);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe(`refresh throttling per address on ${driver}`, () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ env: { REFRESH_MAX_FAILURES_PER_ADDRESS: '3' } });
  });
  afterAll(() => ts?.close());

  it('answers 429 (1153) to bad refreshes from an address that failed too often; a valid refresh every 25 s is never throttled', async () => {
    const api = client(ts);
    const login = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
    const { id } = login.body.user;
    const guess = () => api.refresh(id, randomBytes(32).toString('base64url'));
    for (let i = 0; i < 3; i++) {
      ts.advanceClock(EVERY);
      expect((await api.refresh(id, login.body.refreshToken)).status).toBe(200);
      expect((await guess()).status).toBe(401);
    }
    const blocked = await guess();
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(1153);
    expect(String(blocked.body.context)).toMatch(/wait 15 minutes/);
    // the session's own token still refreshes, every 25 s, while the guesses stay refused
    for (let i = 0; i < 6; i++) {
      ts.advanceClock(EVERY);
      expect((await api.refresh(id, login.body.refreshToken)).status).toBe(200);
      expect((await guess()).status).toBe(429);
    }
    // a token presented with another id counts as a guess too
    expect((await api.refresh(id + 1, login.body.refreshToken)).status).toBe(429);
    // the window passes after the last failure: answered 401 again
    ts.advanceClock(15 * 60_000 + 1000);
    expect((await guess()).status).toBe(401);
  });
});
