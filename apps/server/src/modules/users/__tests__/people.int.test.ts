import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SELF_APPROVAL_REFUSED } from '@aurum/domain/access/maker-checker';
import { houseAccount, userAccount } from '@aurum/domain/wallet/ledger';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import type { BankAccountView, UserDetail, UserProfile } from '@aurum/domain/users/user-views';
import type { WalletAnswer } from '@aurum/domain/wallet/wallet-view';
import { postEntry } from '../../wallet/wallet-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { BANK_CONTEXT } from '../../bank/bank-service.ts';
import { phoneInSomePlan } from '@aurum/domain/users/phone-plan';

/** An audit row's detail as the tests read it. */
type AuditDetailView = { before: Record<string, unknown>; after: Record<string, unknown>; [key: string]: unknown };

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

const newUser = (n: string, extra: Record<string, unknown> = {}) => ({
  username: `user${n}`,
  email: `user${n}@example.com`,
  firstName: 'Test',
  lastName: `User ${n}`,
  password: 'Strong#Pass1',
  phone: { countryCode: '60', number: `19${n.padStart(7, '0')}` },
  category: 'individual',
  ...extra,
});

describe(`users, bank accounts and wallets on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokens = new Map<string, { jwt: string; at: number }>();

  /** A fresh enough access token of the demo admin of a role (tokens live 60 s). */
  async function as(role: string): Promise<string> {
    const cached = tokens.get(role);
    if (cached && Date.now() - cached.at < 40_000) return cached.jwt;
    const who = ts.demo.byRole[role]!;
    const r = await api.login(who.username, who.password);
    expect(r.status).toBe(200);
    tokens.set(role, { jwt: r.body.jwt, at: Date.now() });
    return r.body.jwt;
  }
  const call = async <T = Record<string, unknown>>(role: string, method: string, path: string, body?: unknown) =>
    api.call<T>(method, path, { token: await as(role), ...(body !== undefined ? { body } : {}) });
  const count = async (sql: string, params: unknown[] = []) =>
    (await ts.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n;
  const userId = async (username: string) =>
    (await ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1 AND deleted_at IS NULL', [username]))[0]!.id;
  const lastAudit = async (action: string) =>
    (await ts.db.query<{ username: string; detail: AuditDetailView }>(
      'SELECT username, detail FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [action],
    ))[0];

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterEach(async () => {
    await expectLedgerConsistent(ts.db);
  });
  afterAll(() => ts?.close());

  describe('user list', () => {
    it('pages, searches by condition, filters by category and sorts', async () => {
      const all = await call<{ items: Array<{ username: string; id: number; bankStatus: string | null }>; total: number; page: number; limit: number }>(
        'none',
        'GET',
        `${S}/user/list`,
      );
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ page: 1, limit: 10, total: 6 });
      expect(all.body.items.map((u) => u.username)).toEqual(['aminah', 'kumar', 'goldenlotus', 'kilnworks', 'bullionhouse', 'newcomer']);
      expect(all.body.items.find((u) => u.username === 'kumar')!.bankStatus).toBe('pending');

      const byName = await call<{ items: Array<{ username: string }> }>('none', 'GET', `${S}/user/list?condition=USER_NAME&input=LOTUS`);
      expect(byName.body.items.map((u) => u.username)).toEqual(['goldenlotus']);
      const byEmail = await call<{ items: Array<{ username: string }> }>('none', 'GET', `${S}/user/list?condition=EMAIL&input=%40example.com`);
      expect(byEmail.body.items.map((u) => u.username).sort()).toEqual(['aminah', 'kumar', 'newcomer']);
      const id = await userId('kilnworks');
      const byId = await call<{ items: Array<{ username: string }> }>('none', 'GET', `${S}/user/list?condition=USER_ID&input=${id}`);
      expect(byId.body.items.map((u) => u.username)).toEqual(['kilnworks']);
      const wildcard = await call<{ total: number }>('none', 'GET', `${S}/user/list?condition=USER_NAME&input=%25`);
      expect(wildcard.body.total).toBe(0);
      const category = await call<{ items: Array<{ username: string }> }>('none', 'GET', `${S}/user/list?category=wholesaler`);
      expect(category.body.items.map((u) => u.username)).toEqual(['bullionhouse']);
      const sorted = await call<{ items: Array<{ username: string }>; total: number }>(
        'none',
        'GET',
        `${S}/user/list?sort=username&order=desc&limit=15&page=1&category=`,
      );
      expect(sorted.body.items.map((u) => u.username)).toEqual(['newcomer', 'kumar', 'kilnworks', 'goldenlotus', 'bullionhouse', 'aminah']);
      const page2 = await call<{ items: unknown[]; total: number; page: number }>('none', 'GET', `${S}/user/list?page=2`);
      expect(page2.body).toMatchObject({ items: [], total: 6, page: 2 });
    });

    it('searches by q for the pickers: username, e-mail, first, last or full name, or the id', async () => {
      const search = async (text: string) =>
        (await call<{ items: Array<{ username: string }>; total: number }>('none', 'GET', `${S}/user/list?q=${encodeURIComponent(text)}&sort=username&limit=20`)).body;
      expect((await search('LOTUS')).items.map((u) => u.username)).toEqual(['goldenlotus']);
      expect((await search('rahman')).items.map((u) => u.username)).toEqual(['aminah']);
      expect((await search('aminah rahman')).items.map((u) => u.username)).toEqual(['aminah']);
      expect((await search('kumar@example')).items.map((u) => u.username)).toEqual(['kumar']);
      expect((await search(String(await userId('kilnworks')))).items.map((u) => u.username)).toContain('kilnworks');
      expect((await search('%')).total).toBe(0);
      expect((await search('')).total).toBe(6);
    });

    it('refuses bad list queries with 1001 naming the parameter', async () => {
      expect((await call('none', 'GET', `${S}/user/list?limit=7`)).body).toEqual({ code: 1001, context: 'limit' });
      expect((await call('none', 'GET', `${S}/user/list?sort=password`)).body).toEqual({ code: 1001, context: 'sort' });
      expect((await call('none', 'GET', `${S}/user/list?condition=USER_ID&input=abc`)).body).toEqual({ code: 1001, context: 'input' });
      expect((await api.call('GET', `${S}/user/list`)).status).toBe(401);
    });
  });

  describe('create, read, edit', () => {
    it('creates a user with its address and answers it in full', async () => {
      const r = await call<{ id: number }>('operationMaker', 'POST', `${S}/user/create`, {
        ...newUser('1'),
        companyName: '',
        address: { streetOne: '1 Jalan Satu', city: 'Ipoh', state: 'Perak', postalCode: '30000', country: 'Malaysia' },
      });
      expect(r.status).toBe(200);
      const detail = await call<UserDetail>('none', 'GET', `${S}/user/${r.body.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.profile).toMatchObject({
        id: r.body.id,
        username: 'user1',
        email: 'user1@example.com',
        phone: { countryCode: '60', number: '190000001' },
        category: 'individual',
        companyName: null,
        internal: false,
        acceptedTermsVersion: null,
        createdBy: ts.demo.byRole.operationMaker!.username,
      });
      expect(new Date(detail.body.profile.createdAt).toISOString()).toBe(detail.body.profile.createdAt);
      expect(detail.body.address).toEqual({ streetOne: '1 Jalan Satu', streetTwo: null, city: 'Ipoh', state: 'Perak', postalCode: '30000', country: 'Malaysia' });
      expect(detail.body.tradeConfig).toEqual({
        allowedAction: 'all',
        allowedPair: 'none',
        interestRate: '0.000000',
        premium: '0.000',
        refineryFees: '0.000',
        tradeLimit: null,
        feeAdjustMode: 'none',
        tier: 'gold',
      });
      expect(detail.body.bankAccount).toBeNull();
      expect(detail.body.wallet).toEqual({ fund: '0.00', gold: '0.0000', credit: '0.00', fundHeld: '0.00', goldHeld: '0.0000' });
      const audit = await lastAudit('user.create');
      expect(audit!.username).toBe(ts.demo.byRole.operationMaker!.username);
      expect(audit!.detail.after).toMatchObject({ id: r.body.id, username: 'user1' });
      expect(JSON.stringify(audit!.detail)).not.toContain('Strong#Pass1');
      const [row] = await ts.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [r.body.id]);
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a taken username, e-mail or phone (409, 1001 with the field) and bad input (400, 1001), changing nothing', async () => {
      await as('operationApprover'); // its sign-in is audited: before counting
      const users = await count('users');
      const audits = await count('audit_log');
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [newUser('2', { username: 'AMINAH' }), 409, 'username'],
        [newUser('2', { email: 'Aminah@Example.com' }), 409, 'email'],
        [newUser('2', { phone: { countryCode: '60', number: '190000001' } }), 409, 'phone'],
        // the same telephone number split differently: 601 + 90000001
        [newUser('2', { phone: { countryCode: '601', number: '90000001' } }), 409, 'phone'],
        [newUser('2', { password: 'weakpassword1' }), 400, 'password'],
        [newUser('2', { password: 'Sh#1a' }), 400, 'password'],
        [newUser('2', { email: 'not-an-email' }), 400, 'email'],
        [newUser('2', { phone: { countryCode: '60', number: '1234567890123456' } }), 400, 'phone.number'],
        [newUser('2', { phone: { countryCode: '6000', number: '123' } }), 400, 'phone.countryCode'],
        [newUser('2', { username: 'bad name' }), 400, 'username'],
        [newUser('2', { category: 'pirate' }), 400, 'category'],
        [newUser('2', { address: { streetOne: '', city: 'x', state: 'y', postalCode: '1', country: 'z' } }), 400, 'address.streetOne'],
      ];
      for (const [body, status, field] of cases) {
        const r = await call('operationApprover', 'POST', `${S}/user/create`, body);
        expect([r.status, r.body], JSON.stringify(body)).toEqual([status, { code: 1001, context: field }]);
      }
      expect((await call('operationApprover', 'POST', `${S}/user/create`)).body).toEqual({ code: 1001, context: 'body' });
      expect(await count('users')).toBe(users);
      expect(await count('audit_log')).toBe(audits);
    });

    it('refuses a phone number no country plan accepts on create and edit (400, 1001 phone.number), changing nothing; the demo numbers pass', async () => {
      await as('operationApprover');
      const users = await count('users');
      const audits = await count('audit_log');
      for (const phone of [
        { countryCode: '60', number: '1' },
        { countryCode: '999', number: '123456789' },
        { countryCode: '1', number: '12345' },
      ]) {
        const created = await call('operationApprover', 'POST', `${S}/user/create`, newUser('7', { phone }));
        expect([created.status, created.body], JSON.stringify(phone)).toEqual([400, { code: 1001, context: 'phone.number' }]);
      }
      expect(await count('users')).toBe(users);
      expect(await count('audit_log')).toBe(audits);
      // every seeded user's number is one a plan accepts, and an edit keeping it goes through
      const seeded = await ts.db.query<{ id: number; phone_country_code: string; phone_number: string }>(
        'SELECT id, phone_country_code, phone_number FROM users WHERE deleted_at IS NULL AND phone_number IS NOT NULL ORDER BY id',
      );
      expect(seeded.length).toBeGreaterThan(0);
      for (const u of seeded) expect(phoneInSomePlan({ countryCode: u.phone_country_code, number: u.phone_number }), `user ${u.id}`).toBe(true);
      const target = seeded[0]!;
      const detail = await call('operationApprover', 'GET', `${S}/user/${target.id}`);
      const profile = (detail.body as UserDetail).profile;
      const edit = {
        username: profile.username,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        category: profile.category,
        internal: profile.internal,
        phone: profile.phone,
      };
      const refused = await call('operationApprover', 'PUT', `${S}/user/${target.id}`, { ...edit, phone: { countryCode: '60', number: '12' } });
      expect([refused.status, refused.body]).toEqual([400, { code: 1001, context: 'phone.number' }]);
      const kept = await call('operationApprover', 'PUT', `${S}/user/${target.id}`, edit);
      expect(kept.status).toBe(200);
      expect((kept.body as UserProfile).phone).toEqual(profile.phone);
    });

    it('of concurrent creations of one username exactly one wins; the others are 409 (1001, username)', async () => {
      const token = await as('operationMaker');
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          api.call('POST', `${S}/user/create`, { token, body: newUser(`5${i}`, { username: 'racer' }) }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ code: 1001, context: 'username' });
      expect(await count("users WHERE username = 'racer'")).toBe(1);
      const id = await userId('racer');
      expect((await call('superAdmin', 'DELETE', `${S}/user/${id}`)).status).toBe(200);
    });

    it('check_exists answers {data} for a username, e-mail or phone, without a token', async () => {
      const check = (body: unknown) => api.call<{ data: boolean }>('POST', '/mobile/auth/user/check_exists', { body });
      expect((await check({ username: 'KUMAR' })).body).toEqual({ data: true });
      expect((await check({ email: 'kumar@example.com' })).body).toEqual({ data: true });
      expect((await check({ phone: { countryCode: '60', number: '190000001' } })).body).toEqual({ data: true });
      expect((await check({ username: 'nobodyatall' })).body).toEqual({ data: false });
      const malformed = await check({});
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe(1001);
      expect((await check({ phone: { countryCode: 'x', number: '1' } })).body).toEqual({ code: 1001, context: 'phone.countryCode' });
    });

    it('answers a seeded user with its bank account and wallet; 404 and 1001 for unknown and bad ids', async () => {
      const r = await call<UserDetail>('none', 'GET', `${S}/user/${await userId('aminah')}`);
      expect(r.body.bankAccount).toMatchObject({ bankName: 'Maybank', status: 'approved', submittedBy: 'financemaker', decidedBy: 'financeapprover' });
      expect(r.body.bankAccount!.approvedAt).toBeTruthy();
      expect(r.body.wallet).toEqual({ fund: '25000.00', gold: '120.5000', credit: '0.00', fundHeld: '0.00', goldHeld: '0.0000' });
      expect((await call('none', 'GET', `${S}/user/999999`)).body).toEqual({ code: 1003, context: 'user' });
      expect((await call('none', 'GET', `${S}/user/abc`)).body).toEqual({ code: 1001, context: 'userId' });
    });

    it('edits a user, refusing identities of other users; audits before and after', async () => {
      const id = await userId('user1');
      const edit = { ...newUser('1'), firstName: 'Renamed', internal: true };
      delete (edit as Record<string, unknown>).password;
      const r = await call<UserProfile>('operationApprover', 'PUT', `${S}/user/${id}`, edit);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id, firstName: 'Renamed', internal: true });
      const audit = await lastAudit('user.update');
      expect(audit!.detail.before.firstName).toBe('Test');
      expect(audit!.detail.after.firstName).toBe('Renamed');
      const clash = await call('operationApprover', 'PUT', `${S}/user/${id}`, { ...edit, email: 'KUMAR@example.com' });
      expect([clash.status, clash.body]).toEqual([409, { code: 1001, context: 'email' }]);
      const [kumar] = await ts.db.query<{ phone_country_code: string; phone_number: string }>(
        "SELECT phone_country_code, phone_number FROM users WHERE username = 'kumar'",
      );
      const taken = { countryCode: kumar!.phone_country_code, number: kumar!.phone_number };
      const phone = await call('operationApprover', 'PUT', `${S}/user/${id}`, { ...edit, phone: taken });
      expect([phone.status, phone.body]).toEqual([409, { code: 1001, context: 'phone' }]);
      expect((await call('operationApprover', 'PUT', `${S}/user/999999`, edit)).status).toBe(404);
      expect((await call('financeMaker', 'PUT', `${S}/user/${id}`, edit)).status).toBe(403);
    });

    it('sets the address and the trade configuration', async () => {
      const id = await userId('user1');
      const address = { streetOne: '2 Jalan Dua', streetTwo: 'Taman Tiga', city: 'Ipoh', state: 'Perak', postalCode: '30100', country: 'Malaysia' };
      const a = await call('operationMaker', 'PUT', `${S}/user/${id}/address`, address);
      expect([a.status, a.body]).toEqual([200, address]);
      expect((await lastAudit('user.address'))!.detail.before.streetOne).toBe('1 Jalan Satu');
      expect((await call('operationMaker', 'PUT', `${S}/user/${id}/address`, { ...address, postalCode: 'x'.repeat(21) })).body).toEqual({
        code: 1001,
        context: 'postalCode',
      });
      const config = {
        allowedAction: 'sellOnly',
        allowedPair: 'XAU/USD',
        interestRate: '0.085',
        premium: '1.250',
        refineryFees: '0',
        tradeLimit: '500',
        feeAdjustMode: 'sell',
        tier: 'platinum',
      };
      const t = await call('operationMaker', 'PUT', `${S}/user/${id}/trade_config`, config);
      expect(t.status).toBe(200);
      expect(t.body).toEqual({ ...config, interestRate: '0.085000', refineryFees: '0.000', tradeLimit: '500.0000' });
      expect((await lastAudit('user.tradeConfig'))!.detail.before.allowedAction).toBe('all');
      for (const [field, value] of [
        ['interestRate', '1.5'],
        ['premium', '-1'],
        ['premium', '1.2345'],
        ['allowedAction', 'everything'],
        ['tradeLimit', '0'],
      ] as const) {
        const bad = await call('operationMaker', 'PUT', `${S}/user/${id}/trade_config`, { ...config, [field]: value });
        expect(bad.body, `${field}=${value}`).toEqual({ code: 1001, context: field });
      }
    });

    it("sets every user's fees at once with one audit row", async () => {
      const live = await count('users WHERE deleted_at IS NULL');
      const fees = { interestRate: '0.05', premium: '0.5', refineryFees: '0.25', feeAdjustMode: 'both' };
      const refused = await call('operationMaker', 'POST', `${S}/user/fee/update_all`, fees);
      expect([refused.status, refused.body]).toEqual([403, { code: 1150, context: null }]);
      const before = await count("audit_log WHERE action = 'user.feeUpdateAll'");
      const r = await call('operationApprover', 'POST', `${S}/user/fee/update_all`, fees);
      expect(r.body).toEqual({ updated: live });
      expect(await count("audit_log WHERE action = 'user.feeUpdateAll'")).toBe(before + 1);
      expect((await lastAudit('user.feeUpdateAll'))!.detail).toMatchObject({ count: live, after: fees });
      expect(await count("users WHERE deleted_at IS NULL AND premium = 0.5 AND fee_adjust_mode = 'both'")).toBe(live);
      expect((await call('operationApprover', 'POST', `${S}/user/fee/update_all`, { ...fees, interestRate: '2' })).body).toEqual({
        code: 1001,
        context: 'interestRate',
      });
    });

    it("resets a user's password and logs the user out (sessions_revoked_at)", async () => {
      const id = await userId('user1');
      const weak = await call('operationMaker', 'POST', `${S}/user/${id}/reset_password`, { password: 'password' });
      expect(weak.body).toEqual({ code: 1001, context: 'password' });
      const [before] = await ts.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]);
      const r = await call<{ sessionsRevokedAt: string }>('operationMaker', 'POST', `${S}/user/${id}/reset_password`, { password: 'Brand#New2' });
      expect(r.status).toBe(200);
      const [after] = await ts.db.query<{ password_hash: string; sessions_revoked_at: Date }>(
        'SELECT password_hash, sessions_revoked_at FROM users WHERE id = $1',
        [id],
      );
      expect(after!.password_hash).not.toBe(before!.password_hash);
      expect(after!.sessions_revoked_at.toISOString()).toBe(r.body.sessionsRevokedAt);
      const out = await call<{ sessionsRevokedAt: string }>('operationApprover', 'POST', `${S}/user/${id}/logout`);
      expect(out.status).toBe(200);
      expect(new Date(out.body.sessionsRevokedAt) >= new Date(r.body.sessionsRevokedAt)).toBe(true);
      expect((await lastAudit('user.logout'))!.detail.after.sessionsRevokedAt).toBe(out.body.sessionsRevokedAt);
      expect((await call('financeApprover', 'POST', `${S}/user/${id}/logout`)).status).toBe(403);
    });
  });

  describe('bank accounts', () => {
    it('adds one pending account per user (1004 for a second), updates it while not approved', async () => {
      const id = await userId('newcomer');
      const bank = { bankName: 'Hong Leong Bank', accountOwner: 'Nadia Omar', accountNumber: '12345678901' };
      const add = await call<BankAccountView>('financeMaker', 'POST', `${S}/user/${id}/bank/add`, bank);
      expect(add.status).toBe(200);
      expect(add.body).toMatchObject({ ...bank, status: 'pending', submittedBy: 'financemaker', decidedBy: null, approvedAt: null });
      const second = await call('operationMaker', 'POST', `${S}/user/${id}/bank/add`, { ...bank, accountNumber: '99999999' });
      expect([second.status, second.body]).toEqual([409, { code: 1004, context: null }]);
      expect((await call('financeMaker', 'POST', `${S}/user/${id}/bank/add`, { ...bank, accountNumber: '12' })).body).toEqual({
        code: 1001,
        context: 'accountNumber',
      });
      const upd = await call<BankAccountView>('operationMaker', 'PUT', `${S}/user/${id}/bank/update`, { ...bank, bankName: 'AmBank' });
      expect(upd.body).toMatchObject({ bankName: 'AmBank', status: 'pending', submittedBy: 'operationmaker' });
      expect((await lastAudit('bank.update'))!.detail).toMatchObject({ before: { bankName: 'Hong Leong Bank' }, after: { bankName: 'AmBank' } });
      expect((await call('none', 'GET', `${S}/user/${id}`)).body.bankAccount).toMatchObject({ bankName: 'AmBank', status: 'pending' });
      expect((await call('financeApprover', 'POST', `${S}/user/${id}/bank/add`, bank)).status).toBe(403);
    });

    it('refuses self-approval (403, 1150), decides once, and fixes an approved account (3001)', async () => {
      const id = await userId('newcomer');
      const bank = { bankName: 'AmBank', accountOwner: 'Nadia Omar', accountNumber: '12345678901' };
      // the superAdmin submits (update), so the superAdmin cannot decide it
      expect((await call('superAdmin', 'PUT', `${S}/user/${id}/bank/update`, bank)).status).toBe(200);
      for (const path of ['approve', 'decline']) {
        const self = await call('superAdmin', 'POST', `${S}/user/${id}/bank/${path}`);
        expect([self.status, self.body]).toEqual([403, { code: 1150, context: SELF_APPROVAL_REFUSED }]);
      }
      expect((await call('financeMaker', 'POST', `${S}/user/${id}/bank/approve`)).status).toBe(403);
      const declined = await call<BankAccountView>('operationApprover', 'POST', `${S}/user/${id}/bank/decline`);
      expect(declined.body).toMatchObject({ status: 'declined', decidedBy: 'operationapprover', approvedAt: null });
      const again = await call('financeApprover', 'POST', `${S}/user/${id}/bank/approve`);
      expect([again.status, again.body.code]).toEqual([409, 3002]);
      // a declined account may be corrected: pending again, for another decision
      const fixed = await call<BankAccountView>('financeMaker', 'PUT', `${S}/user/${id}/bank/update`, { ...bank, accountOwner: 'Nadia binti Omar' });
      expect(fixed.body).toMatchObject({ status: 'pending', decidedBy: null, submittedBy: 'financemaker' });
      const approved = await call<BankAccountView>('financeApprover', 'POST', `${S}/user/${id}/bank/approve`);
      expect(approved.body).toMatchObject({ status: 'approved', decidedBy: 'financeapprover' });
      expect(approved.body.approvedAt).toBe(approved.body.decidedAt);
      const edit = await call('financeMaker', 'PUT', `${S}/user/${id}/bank/update`, bank);
      expect([edit.status, edit.body]).toEqual([409, { code: 3001, context: BANK_CONTEXT.approved }]);
      const decline = await call('operationApprover', 'POST', `${S}/user/${id}/bank/decline`);
      expect([decline.status, decline.body]).toEqual([409, { code: 3002, context: BANK_CONTEXT.notPending }]);
      expect((await lastAudit('bank.approve'))!.detail).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });
    });

    it('removes an account (any status); the user may then add another; 404 without one', async () => {
      const id = await userId('newcomer');
      const del = await call('operationMaker', 'DELETE', `${S}/user/${id}/bank`);
      expect(del.status).toBe(200);
      expect((await lastAudit('bank.delete'))!.detail.before.status).toBe('approved');
      expect((await call('none', 'GET', `${S}/user/${id}`)).body.bankAccount).toBeNull();
      expect((await call('operationMaker', 'DELETE', `${S}/user/${id}/bank`)).body).toEqual({ code: 1003, context: 'bank account' });
      expect((await call('financeApprover', 'POST', `${S}/user/${id}/bank/approve`)).status).toBe(404);
      expect((await call('operationMaker', 'PUT', `${S}/user/${id}/bank/update`, { bankName: 'X', accountOwner: 'Y', accountNumber: '123456' })).status).toBe(404);
      const readd = await call('financeMaker', 'POST', `${S}/user/${id}/bank/add`, { bankName: 'OCBC', accountOwner: 'Nadia Omar', accountNumber: '7000123456' });
      expect(readd.status).toBe(200);
      expect(await count("bank_accounts WHERE user_id = $1 AND status = 'removed'", [id])).toBe(1);
    });

    it('20 concurrent approvals of one account: exactly one wins, the rest are 409, one audit row', async () => {
      const id = await userId('newcomer');
      const [bank] = await ts.db.query<{ id: number }>("SELECT id FROM bank_accounts WHERE user_id = $1 AND status = 'pending'", [id]);
      const before = await count("audit_log WHERE action = 'bank.approve'");
      const token = await as('financeApprover');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api.call('POST', `${S}/user/${id}/bank/approve`, { token })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe(3002);
      expect(await count("audit_log WHERE action = 'bank.approve'")).toBe(before + 1);
      expect(await count("bank_accounts WHERE id = $1 AND status = 'approved'", [bank!.id])).toBe(1);
    });
  });

  describe('wallet ledger', () => {
    it('posts entries, derives balances and shows the history signed from the user', async () => {
      const id = await userId('user1');
      await ts.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'deposit',
          userId: id,
          note: 'test deposit',
          createdBy: null,
          postings: [
            { from: houseAccount('bank'), to: userAccount(id, 'fund'), asset: 'MYR', amount: '1000.50' },
            { from: houseAccount('vault'), to: userAccount(id, 'gold'), asset: 'XAU', amount: '10.1234' },
          ],
        }),
      );
      await ts.db.transaction((tx) =>
        postEntry(tx, {
          kind: 'withdrawal.hold',
          userId: id,
          note: null,
          createdBy: null,
          postings: [{ from: userAccount(id, 'fund'), to: userAccount(id, 'fundHeld'), asset: 'MYR', amount: '200' }],
        }),
      );
      const w = await call<WalletAnswer>('none', 'GET', `${S}/user/${id}/wallet?limit=10`);
      expect(w.status).toBe(200);
      expect(w.body.balances).toEqual({ fund: '800.50', gold: '10.1234', credit: '0.00', fundHeld: '200.00', goldHeld: '0.0000' });
      expect(w.body.history.total).toBe(4);
      expect(w.body.history.items.map((i) => [i.kind, i.book, i.asset, i.amount])).toEqual([
        ['withdrawal.hold', 'fund', 'MYR', '-200.00'],
        ['withdrawal.hold', 'fundHeld', 'MYR', '200.00'],
        ['deposit', 'gold', 'XAU', '10.1234'],
        ['deposit', 'fund', 'MYR', '1000.50'],
      ]);
      expect(w.body.history.items[3]!.note).toBe('test deposit');
      const page2 = await call<WalletAnswer>('none', 'GET', `${S}/user/${id}/wallet?limit=3&page=2`);
      expect(page2.body.history.items).toHaveLength(1);
      expect((await call('none', 'GET', `${S}/user/${id}/wallet?limit=0`)).body).toEqual({ code: 1001, context: 'limit' });
      expect((await call('none', 'GET', `${S}/user/999999/wallet`)).status).toBe(404);
      expect((await call<UserDetail>('none', 'GET', `${S}/user/${id}`)).body.wallet.fund).toBe('800.50');
    });

    it('refuses an entry taking a user below zero (422, 2080) and changes nothing', async () => {
      const id = await userId('user1');
      const entries = await count('ledger_entries');
      await expect(
        ts.db.transaction((tx) =>
          postEntry(tx, {
            kind: 'withdrawal',
            userId: id,
            createdBy: null,
            postings: [{ from: userAccount(id, 'fund'), to: houseAccount('bank'), asset: 'MYR', amount: '800.51' }],
          }),
        ),
      ).rejects.toMatchObject({ status: 422, code: 2080, context: 'Greater than available assets.' });
      await expect(
        ts.db.transaction((tx) =>
          postEntry(tx, { kind: 'deposit', userId: id, createdBy: null, postings: [{ from: houseAccount('bank'), to: userAccount(id, 'gold'), asset: 'MYR', amount: '1' }] }),
        ),
      ).rejects.toThrow(/assetMismatch/);
      expect(await count('ledger_entries')).toBe(entries);
    });

    it('serialises concurrent withdrawals per user: never below zero', async () => {
      const id = await userId('user1');
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          ts.db.transaction((tx) =>
            postEntry(tx, {
              kind: 'withdrawal',
              userId: id,
              createdBy: null,
              postings: [{ from: userAccount(id, 'fund'), to: houseAccount('bank'), asset: 'MYR', amount: '100' }],
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 2080)).toBe(true);
      expect((await call<WalletAnswer>('none', 'GET', `${S}/user/${id}/wallet`)).body.balances.fund).toBe('0.50');
    });

    it('the journal refuses UPDATE, DELETE and TRUNCATE', async () => {
      await expect(ts.db.query('UPDATE ledger_postings SET amount = 1')).rejects.toThrow(/append-only/);
      await expect(ts.db.query('DELETE FROM ledger_postings')).rejects.toThrow(/append-only/);
      await expect(ts.db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
      await expect(ts.db.query('TRUNCATE ledger_postings CASCADE')).rejects.toThrow(/append-only/);
      await expect(ts.db.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) SELECT id, 'house:bank', 'house:vault', 'MYR', 0 FROM ledger_entries LIMIT 1")).rejects.toThrow();
    });
  });

  describe('delete', () => {
    it('refuses a user with pending requests or a non-empty wallet (422, 1050), deletes an empty one', async () => {
      const pending = await call('operationApprover', 'DELETE', `${S}/user/${await userId('kumar')}`);
      expect([pending.status, pending.body.code]).toEqual([422, 1050]);
      const rich = await call('operationApprover', 'DELETE', `${S}/user/${await userId('aminah')}`);
      expect([rich.status, rich.body]).toEqual([422, { code: 1050, context: 'The wallet of the user is not empty.' }]);
      expect((await call('operationMaker', 'DELETE', `${S}/user/${await userId('aminah')}`)).status).toBe(403);

      const created = await call<{ id: number }>('operationMaker', 'POST', `${S}/user/create`, newUser('3'));
      const del = await call('superAdmin', 'DELETE', `${S}/user/${created.body.id}`);
      expect([del.status, del.body]).toEqual([200, { id: created.body.id }]);
      expect((await lastAudit('user.delete'))!.detail.before).toMatchObject({ id: created.body.id, username: 'user3' });
      expect((await call('none', 'GET', `${S}/user/${created.body.id}`)).status).toBe(404);
      expect((await call('superAdmin', 'DELETE', `${S}/user/${created.body.id}`)).status).toBe(404);
      const list = await call<{ items: Array<{ id: number }> }>('none', 'GET', `${S}/user/list?limit=100`);
      expect(list.body.items.map((u) => u.id)).not.toContain(created.body.id);
      // the username of a deleted user is free again
      expect((await call('operationMaker', 'POST', `${S}/user/create`, newUser('3'))).status).toBe(200);
    });
  });

  it('lists the new calls in the OpenAPI document', async () => {
    const r = await api.call<{ paths: Record<string, unknown> }>('GET', '/docs/json');
    for (const path of [
      '/v0/web/secure/user/list',
      '/v0/web/secure/user/create',
      '/v0/web/secure/user/{userId}',
      '/v0/web/secure/user/{userId}/wallet',
      '/v0/web/secure/user/{userId}/bank/approve',
      '/v0/web/secure/user/fee/update_all',
      '/mobile/auth/user/check_exists',
      '/v0/web/secure/admin/list',
      '/v0/web/secure/admin/{adminId}',
    ]) {
      expect(Object.keys(r.body.paths)).toContain(path);
    }
  });
});
