import { beforeAll, describe, expect, it } from 'vitest';
import type { UserDetail, UserProfile } from '@aurum/domain/users/user-views';
import { phoneInSomePlan } from '@aurum/domain/users/phone-plan';
import type { TestServer } from '../../../testing/test-server.ts';
import type { client } from '../../../testing/client.ts';
import { S, driver, newUser, peopleSuite } from './people-suite.ts';

describe(`users: list, create, read, edit on ${driver}`, () => {
  const suite = peopleSuite();
  const { as, call, count, userId, lastAudit } = suite;
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(() => {
    ts = suite.ts;
    api = suite.api;
  });

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
        preferredLanguage: 'en',
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
});
