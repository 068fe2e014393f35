import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { signAccessToken } from '../tokens.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE_PROBE = '/v0/web/secure/admin/logout/999999'; // any secure call: 401 without a live session, 404 with one

async function auditRows(ts: TestServer, action: string) {
  return ts.db.query<{ username: string; action: string; detail: Record<string, unknown>; ip: string | null; device: string | null }>(
    'SELECT username, action, detail, ip, device FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
}

describe(`auth contract on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    ts = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' } });
    api = client(ts);
  });
  afterAll(() => ts?.close());

  describe('login', () => {
    it('answers jwt, refreshToken and the admin, and audits the sign-in', async () => {
      const { username, password } = ts.demo.superAdmin;
      const r = await api.login(username, password);
      expect(r.status).toBe(200);
      expect(r.body.jwt.split('.')).toHaveLength(3);
      expect(r.body.refreshToken.length).toBeGreaterThan(30);
      expect(r.body.user).toMatchObject({ username, role: 'SUPER_ADMIN', firstName: 'Aurum', creator: null });
      expect(Object.keys(r.body.user).sort()).toEqual(['creator', 'email', 'firstName', 'id', 'lastName', 'role', 'updatedAt', 'username']);
      const rows = await auditRows(ts, 'auth.login');
      expect(rows.at(-1)).toMatchObject({ username, ip: '127.0.0.1' });
      expect(rows.at(-1)!.device).toBeTruthy();
    });

    it('gives the same answer for an unknown user and a wrong password, and audits both failures', async () => {
      const before = (await auditRows(ts, 'auth.loginFailed')).length;
      const wrong = await api.login('financemaker', 'Wrong#Pass1');
      const unknown = await api.login('nobodyhere', 'Wrong#Pass1');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.text).toBe(unknown.text);
      expect(wrong.body).toEqual({ code: 1151, context: null });
      const rows = await auditRows(ts, 'auth.loginFailed');
      expect(rows.slice(before).map((r) => [r.username, r.detail.code])).toEqual([
        ['financemaker', 1151],
        ['nobodyhere', 1151],
      ]);
    });

    it('refuses an empty basic auth with 400 (1000) and empty credentials with 1151', async () => {
      const none = await api.call('POST', '/v0/web/auth/admin/login');
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ code: 1000, context: 'Basic authentication required' });
      const empty = await api.login('', '');
      expect(empty.status).toBe(401);
      expect(empty.body).toEqual({ code: 1151, context: null });
      const garbage = await api.call('POST', '/v0/web/auth/admin/login', { headers: { authorization: 'Basic !!!' } });
      expect(garbage.status).toBe(400);
    });

    it('throttles an account after repeated failures, even with the right password, until the window passes', async () => {
      const { username, password } = ts.demo.byRole.operationMaker!;
      for (let i = 0; i < 3; i++) expect((await api.login(username, 'Nope#Nope1')).status).toBe(401);
      const blocked = await api.login(username, password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe(1153);
      expect(String(blocked.body.context)).toMatch(/wait 15 minutes/);
      // another account is not affected
      expect((await api.login(ts.demo.byRole.operationApprover!.username, ts.demo.byRole.operationApprover!.password)).status).toBe(200);
      ts.advanceClock(16 * 60_000);
      expect((await api.login(username, password)).status).toBe(200);
    });

    it('a successful sign-in clears the account counter', async () => {
      const { username, password } = ts.demo.byRole.financeApprover!;
      for (let i = 0; i < 2; i++) expect((await api.login(username, 'Nope#Nope1')).status).toBe(401);
      expect((await api.login(username, password)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await api.login(username, 'Nope#Nope1')).status).toBe(401);
      expect((await api.login(username, password)).status).toBe(200);
    });
  });

  describe('refresh', () => {
    it('answers a new access token and the same refresh token, which works again (not rotated)', async () => {
      const { username, password } = ts.demo.byRole.none!;
      const login = await api.login(username, password);
      const id = login.body.user.id;
      const first = await api.refresh(id, login.body.refreshToken);
      expect(first.status).toBe(200);
      expect(first.body.refreshToken).toBe(login.body.refreshToken);
      expect(first.body.user.id).toBe(id);
      expect((await api.call('POST', SECURE_PROBE, { token: first.body.jwt })).status).not.toBe(401);
      const again = await api.refresh(id, login.body.refreshToken);
      expect(again.status).toBe(200);
      expect((await api.call('POST', SECURE_PROBE, { token: again.body.jwt })).status).not.toBe(401);
    });

    it('refuses a token presented with another admin id, an unknown token and a malformed body', async () => {
      const login = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
      const other = await api.refresh(login.body.user.id + 1, login.body.refreshToken);
      expect(other.status).toBe(401);
      expect(other.body.code).toBe(1152);
      expect((await api.refresh(login.body.user.id, 'x'.repeat(43))).status).toBe(401);
      const missing = await api.call('POST', '/v0/web/auth/admin/refresh', { body: { id: login.body.user.id } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ code: 1001, context: 'token' });
      // the session survived the bad attempts
      expect((await api.refresh(login.body.user.id, login.body.refreshToken)).status).toBe(200);
    });

    it('ends a session idle for 30 minutes', async () => {
      const login = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
      ts.advanceClock(31 * 60_000);
      const r = await api.refresh(login.body.user.id, login.body.refreshToken);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES.idle });
    });

    it('ends a session 12 hours after sign-in however active it is', async () => {
      const login = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
      const token = login.body.refreshToken;
      let elapsed = 0;
      while (elapsed + 25 * 60_000 < 12 * 3600_000) {
        ts.advanceClock(25 * 60_000);
        elapsed += 25 * 60_000;
        const r = await api.refresh(login.body.user.id, token);
        expect(r.status).toBe(200);
        // an action of the admin keeps the session from going idle
        expect((await api.call('POST', SECURE_PROBE, { token: r.body.jwt })).status).toBe(404);
      }
      ts.advanceClock(25 * 60_000);
      const late = await api.refresh(login.body.user.id, token);
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ code: 1152, context: SESSION_MESSAGES.expired });
    });
  });

  describe('access token', () => {
    let jwt: string;
    let adminId: number;
    beforeAll(async () => {
      const login = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
      jwt = login.body.jwt;
      adminId = login.body.user.id;
    });
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

    it('is accepted while valid', async () => {
      const r = await api.call('POST', SECURE_PROBE, { token: jwt });
      expect(r.status).toBe(404); // authenticated; the admin does not exist
    });

    it('refuses a missing token and a tampered payload', async () => {
      expect((await api.call('POST', SECURE_PROBE)).body).toEqual({ code: 1152, context: SESSION_MESSAGES.invalid });
      const [h, p, s] = jwt.split('.') as [string, string, string];
      const claims = decode(p);
      const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: String(adminId + 1) })).toString('base64url')}.${s}`;
      const r = await api.call('POST', SECURE_PROBE, { token: forged });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(1152);
    });

    it("refuses alg: none and a token signed with another key", async () => {
      const [, p] = jwt.split('.') as [string, string, string];
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
      expect((await api.call('POST', SECURE_PROBE, { token: none })).status).toBe(401);
      const claims = decode(p) as unknown as Parameters<typeof signAccessToken>[0];
      const other = await signAccessToken(claims, 'another-secret-another-secret-another');
      expect((await api.call('POST', SECURE_PROBE, { token: other })).status).toBe(401);
    });

    it('expires after its lifetime', async () => {
      const login = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
      ts.advanceClock(61_000);
      const r = await api.call('POST', SECURE_PROBE, { token: login.body.jwt });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 1152, context: SESSION_MESSAGES.expired });
      // the console refreshes and goes on
      const refreshed = await api.refresh(login.body.user.id, login.body.refreshToken);
      expect((await api.call('POST', SECURE_PROBE, { token: refreshed.body.jwt })).status).toBe(404);
    });
  });

  describe('logout', () => {
    it('ends the session on the server at once and is audited', async () => {
      const { username, password } = ts.demo.byRole.financeMaker!;
      const login = await api.login(username, password);
      const out = await api.logout(login.body.jwt);
      expect(out.status).toBe(200);
      const probe = await api.call('POST', SECURE_PROBE, { token: login.body.jwt });
      expect(probe.status).toBe(401);
      expect(probe.body).toEqual({ code: 1152, context: SESSION_MESSAGES.logout });
      expect((await api.refresh(login.body.user.id, login.body.refreshToken)).status).toBe(401);
      expect((await auditRows(ts, 'auth.logout')).at(-1)?.username).toBe(username);
      // a second logout with the same token is refused, not audited again
      const count = (await auditRows(ts, 'auth.logout')).length;
      expect((await api.logout(login.body.jwt)).status).toBe(401);
      expect(await auditRows(ts, 'auth.logout')).toHaveLength(count);
    });
  });

  describe('forgot and reset password', () => {
    it('mails a reset link for a known address and answers the same for an unknown one', async () => {
      const before = (await ts.outbox()).length;
      const known = await api.forgot(ts.demo.byRole.operationApprover!.email);
      const unknown = await api.forgot('nobody@aurum.example');
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.text).toBe(unknown.text);
      const mails = (await ts.outbox()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe(ts.demo.byRole.operationApprover!.email);
      expect(mails[0]!.text).toMatch(/\/auth\/reset-password\/\?token=[A-Za-z0-9_-]+/);
    });

    it('refuses a bad e-mail with 1001', async () => {
      const r = await api.forgot('not-an-address');
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1001, context: 'email' });
    });

    it('sets a new password once: weak password refused, old sessions ended, token single-use', async () => {
      const who = ts.demo.byRole.operationApprover!;
      const session = await api.login(who.username, who.password);
      expect(session.status).toBe(200);
      await api.forgot(who.email);
      const link = (await ts.outbox()).at(-1)!.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;

      const weak = await api.reset(link, 'password');
      expect(weak.status).toBe(400);
      expect(weak.body).toEqual({ code: 1001, context: 'password' });
      expect((await api.login(who.username, who.password)).status).toBe(200); // nothing changed

      const ok = await api.reset(link, 'Brand#New2026');
      expect(ok.status).toBe(200);
      expect((await api.login(who.username, who.password)).status).toBe(401);
      expect((await api.login(who.username, 'Brand#New2026')).status).toBe(200);
      const old = await api.refresh(session.body.user.id, session.body.refreshToken);
      expect(old.body).toEqual({ code: 1152, context: SESSION_MESSAGES['password-reset'] });

      const again = await api.reset(link, 'Another#New2026');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ code: 1100, context: null });
      expect((await auditRows(ts, 'auth.resetPassword')).at(-1)?.username).toBe(who.username);
    });

    it('refuses an expired reset token', async () => {
      const who = ts.demo.byRole.financeApprover!;
      await api.forgot(who.email);
      const link = (await ts.outbox()).at(-1)!.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
      ts.advanceClock(31 * 60_000);
      const r = await api.reset(link, 'Brand#New2026');
      expect(r.body).toEqual({ code: 1100, context: null });
      expect((await api.login(who.username, who.password)).status).toBe(200);
    });
  });
});

describe(`sign-in throttling per address on ${driver}`, () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' } });
  });
  afterAll(() => ts?.close());

  it('refuses every account from an address that failed too often, until the window passes', async () => {
    const api = client(ts);
    for (const name of ['alpha', 'bravo', 'charlie', 'delta']) expect((await api.login(name, 'Nope#Nope1')).status).toBe(401);
    const blocked = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe(1153);
    ts.advanceClock(15 * 60_000 + 1000);
    expect((await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).status).toBe(200);
  });
});
