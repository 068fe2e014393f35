import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { openSocket } from '../../../testing/socket-client.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const AUTH = '/v0/web/auth/admin';
const SECURE = '/v0/web/secure';
const STEP_MS = 30_000;

/** The code an authenticator app shows for this secret at the server's (injected) time. */
function codeAt(secret: string, at: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

describe(`staff second factor and sessions on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  /** The server's injected clock (test-server.ts). */
  const serverNow = () => ts.now().getTime();
  const advance = (ms: number) => ts.advanceClock(ms);
  /** Moves the clock to the start of a fresh TOTP step (a new code), a little past it. */
  const nextStep = () => advance(STEP_MS - (serverNow() % STEP_MS) + 1_000);

  const audit = (action: string) =>
    ts.db.query<{ username: string; detail: Record<string, unknown> }>('SELECT username, detail FROM audit_log WHERE action = $1 ORDER BY id', [action]);

  async function signIn(role: string) {
    const { username, password } = ts.demo.byRole[role]!;
    return api.login(username, password);
  }

  /** Enrols the admin of this token: answers the secret and the recovery codes. */
  async function enrol(token: string) {
    const started = await api.call<{ secret: string; uri: string }>('POST', `${AUTH}/second_factor/enrol`, { token });
    expect(started.status).toBe(200);
    nextStep();
    const confirmed = await api.call<{ recoveryCodes: string[] }>('POST', `${AUTH}/second_factor/confirm`, {
      token,
      body: { code: codeAt(started.body.secret, serverNow()) },
    });
    expect(confirmed.status).toBe(200);
    return { secret: started.body.secret, uri: started.body.uri, recoveryCodes: confirmed.body.recoveryCodes };
  }

  async function challengeFor(role: string): Promise<string> {
    const r = await signIn(role);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(1154);
    const detail = (r.body as unknown as { detail: { rule: string; challenge: string; expiresInSeconds: number } }).detail;
    expect(detail).toMatchObject({ rule: 'secondFactor', expiresInSeconds: 300 });
    return detail.challenge;
  }

  const otp = (challenge: string, code: string) =>
    api.call<{ jwt: string; refreshToken: string; user: { username: string } }>('POST', `${AUTH}/login/otp`, { body: { challenge, code } });

  beforeAll(async () => {
    ts = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '4', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' } });
    api = client(ts);
  });
  afterAll(() => ts?.close());

  let secret = '';
  let recoveryCodes: string[] = [];

  it('enrols: a secret to scan, confirmed by a code, ten recovery codes shown once, stored encrypted and hashed, audited', async () => {
    const login = await signIn('financeMaker');
    expect(login.status).toBe(200);
    const before = await api.call('GET', `${AUTH}/second_factor`, { token: login.body.jwt });
    expect(before.body).toEqual({ enrolled: false, required: false, recoveryCodesLeft: 0 });

    const wrong = await api.call('POST', `${AUTH}/second_factor/enrol`, { token: login.body.jwt });
    const badConfirm = await api.call('POST', `${AUTH}/second_factor/confirm`, { token: login.body.jwt, body: { code: '000000' } });
    expect(badConfirm.status).toBe(401);
    expect(badConfirm.body.code).toBe(1155);
    expect(wrong.status).toBe(200);

    const enrolled = await enrol(login.body.jwt);
    secret = enrolled.secret;
    recoveryCodes = enrolled.recoveryCodes;
    expect(enrolled.uri).toMatch(/^otpauth:\/\/totp\/Aurum:financemaker\?/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const stored = await ts.db.query<{ secret_enc: string }>('SELECT secret_enc FROM admin_second_factors');
    expect(stored[0]!.secret_enc).not.toContain(secret);
    const hashes = await ts.db.query<{ code_hash: string }>('SELECT code_hash FROM admin_recovery_codes');
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);

    const status = await api.call('GET', `${AUTH}/second_factor`, { token: login.body.jwt });
    expect(status.body).toEqual({ enrolled: true, required: false, recoveryCodesLeft: 10 });
    const again = await api.call('POST', `${AUTH}/second_factor/enrol`, { token: login.body.jwt });
    expect(again.status).toBe(409);
    expect((await audit('auth.secondFactorEnrol')).map((r) => r.username)).toEqual(['financemaker']);
  });

  it('signs in with the password then a TOTP code: the answer of the sign-in; a replayed code is refused', async () => {
    const challenge = await challengeFor('financeMaker');
    nextStep();
    const code = codeAt(secret, serverNow());
    const ok = await otp(challenge, code);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['jwt', 'refreshToken', 'user']);
    expect(ok.body.user.username).toBe('financemaker');
    const secure = await api.call('GET', `${SECURE}/admin/list`, { token: ok.body.jwt });
    expect(secure.status).toBe(200);

    // the same challenge works once; the same code never works twice, even with a fresh challenge
    expect((await otp(challenge, code)).body.code).toBe(1157);
    const replay = await otp(await challengeFor('financeMaker'), code);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(1155);
    const last = (await audit('auth.login')).at(-1)!;
    expect(last).toMatchObject({ username: 'financemaker', detail: { secondFactor: 'totp' } });
  });

  it('refuses a wrong code, and an expired or forged challenge', async () => {
    const challenge = await challengeFor('financeMaker');
    const wrong = await otp(challenge, codeAt(secret, serverNow() + 10 * STEP_MS));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(1155);
    expect((await otp(challenge + 'x', '123456')).body.code).toBe(1157);
    advance(301_000);
    expect((await otp(challenge, codeAt(secret, serverNow()))).body.code).toBe(1157);
  });

  it('takes a recovery code once, then refuses it; audited with the codes left', async () => {
    const used = recoveryCodes[0]!;
    const ok = await otp(await challengeFor('financeMaker'), used.toLowerCase());
    expect(ok.status).toBe(200);
    const last = (await audit('auth.login')).at(-1)!;
    expect(last.detail).toMatchObject({ secondFactor: 'recoveryCode', recoveryCodesLeft: 9 });
    const again = await otp(await challengeFor('financeMaker'), used);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(1155);
  });

  it('throttles repeated wrong codes per account like passwords (429), and a right code then waits too', async () => {
    const challenge = await challengeFor('financeMaker');
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await otp(challenge, '000000')).status);
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(answers.at(-1)).toBe(429);
    nextStep();
    expect((await otp(challenge, codeAt(secret, serverNow()))).status).toBe(429);
    advance(16 * 60_000); // past the failure window
    nextStep();
    expect((await otp(await challengeFor('financeMaker'), codeAt(secret, serverNow()))).status).toBe(200);
  });

  it('required by role: an unenrolled admin of that role is refused every secure call until it enrols', async () => {
    const sa = await signIn('superAdmin');
    const denied = await api.call('POST', `${SECURE}/second_factor/roles`, { token: (await signIn('financeApprover')).body.jwt, body: { roles: ['operationMaker'] } });
    expect(denied.status).toBe(403);
    const set = await api.call('POST', `${SECURE}/second_factor/roles`, { token: sa.body.jwt, body: { roles: ['operationMaker'] } });
    expect(set.body).toEqual({ roles: ['operationMaker'] });
    expect((await audit('secondFactor.roles')).at(-1)!.detail).toMatchObject({ before: { roles: [] }, after: { roles: ['operationMaker'] } });

    const om = await signIn('operationMaker');
    expect(om.status).toBe(200); // the sign-in answer is unchanged: the console leads it to enrol
    for (const path of ['/admin/list', '/user/list', '/holiday']) {
      const r = await api.call('GET', `${SECURE}${path}`, { token: om.body.jwt });
      expect([r.status, r.body.code]).toEqual([403, 1156]);
    }
    expect((await api.call('GET', `${AUTH}/second_factor`, { token: om.body.jwt })).body).toMatchObject({ enrolled: false, required: true });
    await enrol(om.body.jwt);
    expect((await api.call('GET', `${SECURE}/admin/list`, { token: om.body.jwt })).status).toBe(200);
    await api.call('POST', `${SECURE}/second_factor/roles`, { token: sa.body.jwt, body: { roles: [] } });
  });

  it('a superAdmin resets another admin\'s factor (audited), never its own; the admin then signs in with the password alone', async () => {
    const sa = await signIn('superAdmin');
    const fm = await ts.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'financemaker'");
    const id = Number(fm[0]!.id);
    const denied = await api.call('POST', `${SECURE}/admin/${id}/second_factor/reset`, { token: (await signIn('none')).body.jwt });
    expect(denied.status).toBe(403);
    const saId = sa.body.user.id;
    const own = await api.call('POST', `${SECURE}/admin/${saId}/second_factor/reset`, { token: sa.body.jwt });
    expect(own.status).toBe(409);
    const reset = await api.call('POST', `${SECURE}/admin/${id}/second_factor/reset`, { token: sa.body.jwt });
    expect(reset.status).toBe(200);
    expect((await audit('admin.secondFactorReset')).map((r) => [r.username, r.detail.after])).toEqual([
      ['admin', { id, username: 'financemaker', enrolled: false }],
    ]);
    expect((await signIn('financeMaker')).status).toBe(200);
    expect((await api.call('POST', `${SECURE}/admin/${id}/second_factor/reset`, { token: sa.body.jwt })).status).toBe(409);
  });

  it('lists and ends sessions: one\'s own, and any admin\'s with logoutAdmin; ending closes the tokens at once, audited', async () => {
    const a = await signIn('financeApprover');
    const b = await api.call<{ jwt: string; refreshToken: string; user: { id: number } }>('POST', `${AUTH}/login`, {
      basic: [ts.demo.byRole.financeApprover!.username, ts.demo.byRole.financeApprover!.password],
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    const list = await api.call<{ items: Array<{ id: string; device: string | null; ip: string; current: boolean; startedAt: string; lastSeenAt: string }> }>(
      'GET',
      `${AUTH}/sessions`,
      { token: a.body.jwt },
    );
    expect(list.status).toBe(200);
    const other = list.body.items.find((s) => s.device === 'Chrome 131 on Windows')!;
    expect(other).toMatchObject({ ip: '127.0.0.1', current: false });
    expect(list.body.items.filter((s) => s.current)).toHaveLength(1);

    const socket = await openSocket(ts.url, b.body.jwt);
    const ended = await api.call('POST', `${AUTH}/sessions/${other.id}/end`, { token: a.body.jwt });
    expect(ended.status).toBe(200);
    await socket.closed; // the ended session's socket closes at once
    expect((await api.call('GET', `${SECURE}/admin/list`, { token: b.body.jwt })).status).toBe(401);
    expect((await api.refresh(b.body.user.id, b.body.refreshToken)).status).toBe(401);
    expect((await api.call('POST', `${AUTH}/sessions/${other.id}/end`, { token: a.body.jwt })).status).toBe(404);
    expect((await audit('auth.sessionEnd')).at(-1)).toMatchObject({ username: 'financeapprover', detail: { after: { sessionId: other.id } } });

    // a superAdmin sees and ends another admin's session; an admin without logoutAdmin cannot
    const sa = await signIn('superAdmin');
    const adminId = a.body.user.id;
    expect((await api.call('GET', `${SECURE}/admin/${adminId}/sessions`, { token: (await signIn('operationApprover')).body.jwt })).status).toBe(403);
    const seen = await api.call<{ items: Array<{ id: string }> }>('GET', `${SECURE}/admin/${adminId}/sessions`, { token: sa.body.jwt });
    // an admin that does not exist has no sessions to show: 404, not an empty list (the fuzz found it)
    const nobody = await api.call('GET', `${SECURE}/admin/2147483648/sessions`, { token: sa.body.jwt });
    expect(nobody.status).toBe(404);
    expect(nobody.body.code).toBeDefined();
    const mine = seen.body.items.find((s) => s.id)!;
    const forced = await api.call('POST', `${SECURE}/admin/${adminId}/sessions/${mine.id}/end`, { token: sa.body.jwt });
    expect(forced.status).toBe(200);
    expect((await audit('admin.sessionEnd')).at(-1)).toMatchObject({ username: 'admin', detail: { after: { adminId, sessionId: mine.id } } });

    // signing out is audited with its session
    const c = await signIn('none');
    await api.logout(c.body.jwt);
    expect((await audit('auth.logout')).at(-1)!.detail).toMatchObject({ after: { sessionId: expect.any(String) } });
  });

  it('ends a session after 30 minutes without an action of the admin; background calls do not count', async () => {
    const a = await signIn('none');
    advance(20 * 60_000);
    const background = await api.call('GET', `${SECURE}/admin/list`, { token: a.body.jwt, headers: { 'x-aurum-background': '1' } });
    expect(background.status).toBe(401); // the access token expired meanwhile
    const r = await api.refresh(a.body.user.id, a.body.refreshToken);
    expect(r.status).toBe(200);
    advance(11 * 60_000);
    const after = await api.refresh(a.body.user.id, a.body.refreshToken);
    expect(after.status).toBe(401);
    expect(after.body.context).toMatch(/without activity/);
  });

  it('refuses a weak new password with a message that says why', async () => {
    const sa = await signIn('superAdmin');
    const r = await api.call('POST', `${SECURE}/admin/create`, {
      token: sa.body.jwt,
      body: { username: 'weakling', email: 'weakling@aurum.example', firstName: 'Weak', lastName: 'Ling', role: 'none', password: 'Password#123' },
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe(1158);
    expect(r.body.context).toMatch(/^Password too weak: /);
    expect((await ts.db.query("SELECT id FROM admins WHERE username = 'weakling'")).length).toBe(0);
  });
});
