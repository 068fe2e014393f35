import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client, otherAdminToken } from '../../testing/client.ts';
import { postDated } from '../../testing/journal-posting.ts';
import { registeredRoutes } from '../route.ts';
import { postEntry } from '../../modules/ledger/ledger-service.ts';
import { activateListVersion, newCustomer } from '../../modules/compliance/__tests__/screening-lists-fixture.ts';
import { Secret, TOTP } from 'otpauth';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

/**
 * Runs every audited route of the server once, for real, and checks that each call wrote exactly
 * one audit row with the route's classification. The list of steps must cover every audited route
 * in the registry: a new audited route without a step here fails the last test.
 */
describe(`every audited change writes exactly one audit row with its classification, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const jwt: Record<string, string> = {};
  const covered = new Set<string>();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    for (const role of ['superAdmin', 'financeMaker', 'financeApprover']) {
      const who = ts.demo.byRole[role]!;
      jwt[role] = (await api.login(who.username, who.password)).body.jwt;
    }
  });
  afterAll(() => ts?.close());

  const secondSuperAdmin = otherAdminToken(() => ts, 'superAdmin', 'auditroot2');
  const lastId = async () => (await ts.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0]!.id;

  /** One call of one route; answers its body after checking the one audit row it wrote. */
  async function step(
    method: string,
    pattern: string,
    options: { path?: string; as?: string; body?: unknown; basic?: [string, string]; token?: string } = {},
  ): Promise<Record<string, unknown>> {
    const route = registeredRoutes(ts.app).find((r) => r.method === method && r.url === pattern);
    expect(route, `${method} ${pattern} is registered`).toBeDefined();
    const before = await lastId();
    const r = await api.call<Record<string, unknown>>(method, options.path ?? pattern, {
      body: options.body,
      basic: options.basic,
      token: options.basic ? undefined : (options.token ?? jwt[options.as ?? 'superAdmin']),
    });
    expect(r.status, `${method} ${pattern}: ${r.text}`).toBe(200);
    const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before]);
    expect(rows.map((x) => x.action), `${method} ${pattern}`).toEqual([route!.audit]);
    covered.add(`${method} ${pattern}`);
    return r.body;
  }

  it('auth: sign-in, forgot and reset password, sign-out', async () => {
    const viewer = ts.demo.byRole.none!;
    await step('POST', '/v0/web/auth/admin/login', { basic: [viewer.username, viewer.password] });
    await step('POST', '/v0/web/auth/admin/forgot_password', { body: { email: viewer.email } });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await ts.outbox()).at(-1)!.text)![1]!;
    await step('POST', '/v0/web/auth/admin/reset_password', { body: { token }, basic: ['', 'Audit#Probe2026'] });
    const session = await api.login(viewer.username, 'Audit#Probe2026');
    await step('POST', '/v0/web/auth/admin/logout', { token: session.body.jwt });
  });

  it('admins', async () => {
    const created = await step('POST', `${S}/admin/create`, {
      body: { username: 'auditprobe', email: 'auditprobe@aurum.example', firstName: 'Audit', lastName: 'Probe', role: 'operationMaker', password: 'Audit#Probe2026' },
    });
    const id = created.id as number;
    await step('PUT', `${S}/admin/:adminId`, {
      path: `${S}/admin/${id}`,
      body: { email: 'auditprobe2@aurum.example', firstName: 'Audit', lastName: 'Probe', role: 'operationApprover' },
    });
    await step('POST', `${S}/admin/:adminId/reset_password`, { path: `${S}/admin/${id}/reset_password`, body: { password: 'Audit#Probe2027' } });
    await step('POST', `${S}/admin/logout/:adminId`, { path: `${S}/admin/logout/${id}` });
    await step('DELETE', `${S}/admin/:adminId`, { path: `${S}/admin/${id}` });
  });

  it('modes, holidays, adjust settings, manual prices', async () => {
    for (const mode of ['set_panic', 'set_trading_period', 'set_auto_settle']) {
      await step('POST', `${S}/mode/${mode}`, { body: { enabled: true } });
    }
    const h = await step('POST', `${S}/holiday/create`, { body: { name: 'Audit Day', date: '2031-03-03' } });
    await step('PUT', `${S}/holiday/update/:id`, { path: `${S}/holiday/update/${h.id as number}`, body: { name: 'Audit Day 2', date: '2031-03-04' } });
    await step('DELETE', `${S}/holiday`, { body: { id: [h.id] } });
    for (const aht of ['', '/aht']) {
      await step('POST', `${S}/adjust/:metal${aht}/currency/update`, { path: `${S}/adjust/xau${aht}/currency/update`, body: { currencyKind: 'MYR', bid: '-0.0100', ask: '0.0100' } });
      await step('POST', `${S}/adjust/:metal${aht}/spread/update`, { path: `${S}/adjust/xau${aht}/spread/update`, body: { buySpread: '3.00', sellSpread: '3.00' } });
      await step('POST', `${S}/adjust/:metal${aht}/userFee/update`, { path: `${S}/adjust/xau${aht}/userFee/update`, body: { refineryFees: '0.8', premium: '1.5', interestRate: '0.08' } });
    }
    await step('POST', `${S}/price/manual`, { body: { metal: 'xag', bid: '30.00', ask: '30.50', expiresAt: null } });
    await step('DELETE', `${S}/price/manual/:metal`, { path: `${S}/price/manual/xag` });
  });

  it('users and bank accounts', async () => {
    const person = {
      username: 'auditperson',
      email: 'auditperson@example.com',
      firstName: 'Audit',
      lastName: 'Person',
      phone: { countryCode: '60', number: '187654321' },
      category: 'individual',
    };
    const created = await step('POST', `${S}/user/create`, { body: { ...person, password: 'Person#Pass1' } });
    const id = (ids.user = created.id as number);
    const u = `${S}/user/${id}`;
    await step('PUT', `${S}/user/:userId`, { path: u, body: { ...person, lastName: 'Persona' } });
    await step('PUT', `${S}/user/:userId/address`, {
      path: `${u}/address`,
      body: { streetOne: '1 Jalan Emas', streetTwo: null, city: 'Kuala Lumpur', state: 'WP', postalCode: '50000', country: 'Malaysia' },
    });
    await step('PUT', `${S}/user/:userId/trade_config`, {
      path: `${u}/trade_config`,
      body: { allowedAction: 'buyOnly', allowedPair: 'XAU/MYR', interestRate: '0.01', premium: '0.5', refineryFees: '0', tradeLimit: '500', feeAdjustMode: 'buy', tier: 'silver' },
    });
    await step('POST', `${S}/user/fee/update_all`, { body: { interestRate: '0.02', premium: '0.4', refineryFees: '0.1', feeAdjustMode: 'both' } });
    await step('POST', `${S}/user/:userId/reset_password`, { path: `${u}/reset_password`, body: { password: 'Person#Pass2' } });
    await step('POST', `${S}/user/:userId/logout`, { path: `${u}/logout` });

    const bank = { bankName: 'Maybank', accountOwner: 'Audit Person', accountNumber: '5140-1234-5678' };
    await step('POST', `${S}/user/:userId/bank/add`, { path: `${u}/bank/add`, as: 'financeMaker', body: bank });
    await step('PUT', `${S}/user/:userId/bank/update`, { path: `${u}/bank/update`, as: 'financeMaker', body: { ...bank, bankName: 'CIMB' } });
    await step('POST', `${S}/user/:userId/bank/approve`, { path: `${u}/bank/approve`, as: 'financeApprover' });
    await step('DELETE', `${S}/user/:userId/bank`, { path: `${u}/bank` });
    await step('POST', `${S}/user/:userId/bank/add`, { path: `${u}/bank/add`, as: 'financeMaker', body: bank });
    await step('POST', `${S}/user/:userId/bank/decline`, { path: `${u}/bank/decline`, as: 'financeApprover' });
    await step('DELETE', `${S}/user/:userId`, { path: u });
  });

  it('orders: create, customize, settle, payment, cancel, revert', async () => {
    // a trading moment (Monday 10:00 Kuala Lumpur) with a gold quote, panic mode off
    const moment = Date.parse('2030-01-07T02:00:00Z');
    ts.advanceClock(moment - Date.now());
    for (const role of ['superAdmin', 'financeApprover']) {
      const who = ts.demo.byRole[role]!;
      jwt[role] = (await api.login(who.username, who.password)).body.jwt;
    }
    await step('POST', `${S}/mode/set_panic`, { body: { enabled: false } });
    const quotes = {
      at: new Date(moment).toISOString(),
      source: 'probe',
      metals: { xau: { bid: '2000.00', ask: '2001.00' }, xpt: { bid: '900.00', ask: '901.00' }, xag: { bid: '30.00', ask: '30.10' } },
      usdMyr: { bid: '4.5000', ask: '4.5000', high: '4.5000', low: '4.5000' },
    };
    await ts.db.query('SELECT pg_notify($1, $2)', ['aurum_live', JSON.stringify({ kind: 'quotes', quotes })]);
    for (let i = 0; i < 100 && !ts.app.market.orderPricing()?.status.myr.available; i++) await new Promise((r) => setTimeout(r, 50));
    const [user] = await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'");
    const userId = user!.id;
    const created = await step('POST', `${S}/order/create`, {
      body: { userId, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', goodTillDate: null, comment: null },
    });
    await step('POST', `${S}/order/cancel/:orderId`, { path: `${S}/order/cancel/${created.id as number}`, as: 'financeApprover' });
    // an offline buy on credit: settled, part paid, then reverted (payment refunded)
    const [kiln] = await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'kilnworks'");
    const offline = await step('POST', `${S}/order/customize`, {
      body: { userId: kiln!.id, action: 0, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', source: 'Desk', costPrice: '300', quotePrice: '300', exchangeRate: '4.5', finalPrice: '300', note: null, useAhtConfig: false },
    });
    const orderId = offline.id as number;
    await step('POST', `${S}/order/settle/:orderId/:userId`, { path: `${S}/order/settle/${orderId}/${kiln!.id}`, as: 'financeApprover' });
    await ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId: kiln!.id, createdBy: null, postings: [{ from: 'house:bank', to: `user:${kiln!.id}:fund`, asset: 'MYR', amount: '1000.00' }] }),
    );
    await step('POST', `${S}/order/payment/create`, { body: { userId: kiln!.id, orderId, note: null, amount: '500.00', paymentDate: '2030-01-07' } });
    await step('POST', `${S}/order/revert`, { body: { userId: kiln!.id, orderId, reason: 'probe' }, as: 'financeApprover' });
  });

  it('notifications', async () => {
    await step('POST', `${S}/notification/send`, { body: { subject: 'Audit probe', content: 'Hello', recipients: 'all' } });
  });

  it('saved views: create, edit, delete', async () => {
    const view = await step('POST', `${S}/saved_view/create`, { body: { list: 'users', name: 'Audit probe', query: 'q=tan', shared: true } });
    const path = `${S}/saved_view/${view.id as number}`;
    await step('PUT', `${S}/saved_view/:id`, { path, body: { name: 'Audit probe 2', query: 'q=lim', shared: false } });
    await step('DELETE', `${S}/saved_view/:id`, { path });
  });

  it('compliance: a hold placed, its release proposed by another officer and agreed by a third', async () => {
    const [user] = await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'newcomer'");
    const hold = await step('POST', `${S}/compliance/holds`, { body: { userId: user!.id, note: 'Audit probe' } });
    const path = (verb: string) => `${S}/compliance/holds/${hold.id as number}/${verb}`;
    const officer = ts.demo.byRole.complianceApprover!;
    const token = (await api.login(officer.username, officer.password)).body.jwt;
    await step('POST', `${S}/compliance/holds/:id/propose`, { path: path('propose'), token, body: { decision: 'release', note: 'A false hit' } });
    await step('POST', `${S}/compliance/holds/:id/agree`, { path: path('agree'), token: await secondSuperAdmin() });
  });

  it('compliance: the enforcement switch proposed and withdrawn, then turned on and off by two admins each', async () => {
    const note = 'Audit probe';
    await step('POST', `${S}/compliance/policy/propose`, { body: { enforce: true, note } });
    await step('POST', `${S}/compliance/policy/decline`);
    await step('POST', `${S}/compliance/policy/propose`, { body: { enforce: true, note } });
    await step('POST', `${S}/compliance/policy/agree`, { token: await secondSuperAdmin() });
    // off again: the steps after this one run SPEC.md's flows on unverified customers
    await step('POST', `${S}/compliance/policy/propose`, { body: { enforce: false, note } });
    await step('POST', `${S}/compliance/policy/agree`, { token: await secondSuperAdmin() });
  });

  it('compliance: a screening list created, a version uploaded (multipart) and rejected, another activated, each decided by another officer', async () => {
    const list = await step('POST', `${S}/compliance/lists`, { body: { code: 'audit-probe', kind: 'internal', format: 'csv', name: 'Audit probe' } });
    const upload = async (csv: string) => {
      const before = await lastId();
      const form = new FormData();
      form.set('file', new Blob([`Reference,Type,Name\r\n${csv}`]), 'probe.csv');
      const r = await fetch(`${ts.url}${S}/compliance/lists/${list.id as number}/versions`, { method: 'POST', body: form, headers: { authorization: `Bearer ${jwt.superAdmin}` } });
      const body = (await r.json()) as { version: { id: number } };
      expect(r.status, JSON.stringify(body)).toBe(200);
      const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before]);
      expect(rows.map((x) => x.action)).toEqual(['compliance.listUpload']);
      covered.add(`POST ${S}/compliance/lists/:id/versions`);
      return body.version.id;
    };
    const path = (id: number, verb: string) => `${S}/compliance/lists/versions/${id}/${verb}`;
    const first = await upload('P-1,individual,Audit Probe');
    await step('POST', `${S}/compliance/lists/versions/:versionId/reject`, { path: path(first, 'reject'), token: await secondSuperAdmin() });
    const second = await upload('P-2,entity,Audit Probe Sdn Bhd');
    await step('POST', `${S}/compliance/lists/versions/:versionId/activate`, { path: path(second, 'activate'), token: await secondSuperAdmin(), body: {} });
  });

  it('compliance: a due diligence file saved, verified as high risk, its enhanced due diligence approved by another admin', async () => {
    const [user] = await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'newcomer'");
    const path = `${S}/compliance/due-diligence/${user!.id}`;
    const customer = {
      fullName: 'Audit Probe',
      document: { kind: 'passport', number: 'A1234567', country: 'SG' },
      birthDate: '1980-01-01',
      nationality: 'SG',
      residence: 'MY',
      pep: { relation: 'self', role: 'Probe', country: 'SG', from: '2010-01-01', to: null },
    };
    const director = { ...customer, pep: null };
    const file = {
      occupation: 'Probe',
      sourceOfFunds: 'salary',
      sourceOfWealth: 'Probe',
      purpose: 'Probe',
      expectedMonthlyMyr: '1.00',
      expectedMonthlyGrams: '0',
      onboarding: 'faceToFace',
      customer,
      directors: [director],
      owners: [],
    };
    await step('PUT', `${S}/compliance/due-diligence/:userId`, { path, body: file });
    await step('POST', `${S}/compliance/due-diligence/:userId/verify`, { path: `${path}/verify`, body: { eddNote: 'Audit probe' } });
    await step('POST', `${S}/compliance/due-diligence/:userId/approve`, { path: `${path}/approve`, token: await secondSuperAdmin() });
  });

  it('compliance: customers screened now, a false hit dismissed by two officers, another confirmed', async () => {
    await activateListVersion(ts.db, { code: 'audit-pep', kind: 'pep' }, [
      { reference: 'AP-1', primaryName: 'Zainal Abidin Rahman' },
      { reference: 'AP-2', primaryName: 'Farah Nadia Ismail' },
    ]);
    const hitOf = async (userId: number) => (await ts.db.query<{ id: number }>('SELECT id FROM screening_hits WHERE user_id = $1', [userId]))[0]!.id;
    const falseHit = await newCustomer(ts.db, { first: 'Zainal Abidin', last: 'Rahman' });
    await step('POST', `${S}/compliance/screening/customers/:userId`, { path: `${S}/compliance/screening/customers/${falseHit}` });
    const dismissed = await hitOf(falseHit);
    await step('POST', `${S}/compliance/hits/:id/dismiss`, { path: `${S}/compliance/hits/${dismissed}/dismiss`, body: { note: 'Audit probe' } });
    await step('POST', `${S}/compliance/hits/:id/agree`, { path: `${S}/compliance/hits/${dismissed}/agree`, token: await secondSuperAdmin() });
    const trueHit = await newCustomer(ts.db, { first: 'Farah Nadia', last: 'Ismail' });
    await step('POST', `${S}/compliance/screening/customers/:userId`, { path: `${S}/compliance/screening/customers/${trueHit}` });
    const confirmed = await hitOf(trueHit);
    await step('POST', `${S}/compliance/hits/:id/confirm`, { path: `${S}/compliance/hits/${confirmed}/confirm`, body: { note: 'Audit probe' } });
  });

  it('finance: the income reclassification (nothing to move on the demo data, still one audit row)', async () => {
    const answer = await step('POST', `${S}/ledger/reclassify-income`, { as: 'financeApprover' });
    expect(answer.entryId).toBeNull();
  });

  it('finance: a day closed, a month close and a reopening proposed and decided, adjustments proposed with evidence, approved and declined', async () => {
    // the last day of last month, in a journal that begins on it: a first close, then its month
    const lastDay = businessDate(startOfBusinessDay(`${businessDate(new Date()).slice(0, 7)}-01`, -1));
    await postDated(ts.db, null, { at: new Date(startOfBusinessDay(lastDay, 1).getTime() - 60_000).toISOString(), from: 'house:bank', to: 'house:capital', asset: 'MYR', amount: '1.00' });
    await step('POST', `${S}/ledger/closes`, { as: 'financeApprover', body: { date: lastDay } });
    const month = await step('POST', `${S}/ledger/periods/close`, { body: { period: lastDay.slice(0, 7) } });
    await step('POST', `${S}/ledger/proposals/:id/decline`, { as: 'financeApprover', path: `${S}/ledger/proposals/${month.id as number}/decline`, body: { reason: 'audit probe' } });
    const reopening = await step('POST', `${S}/ledger/closes/:date/reopen`, { path: `${S}/ledger/closes/${lastDay}/reopen`, body: { reason: 'audit probe' } });
    await step('POST', `${S}/ledger/proposals/:id/approve`, { path: `${S}/ledger/proposals/${reopening.id as number}/approve`, token: await secondSuperAdmin() });
    const posting = { from: 'tradingMyr', to: 'bank', amount: '1.00' };
    const approved = await step('POST', `${S}/ledger/adjustments`, { body: { postings: [posting], reason: 'audit probe' } });
    // evidence: a real 1x1 PNG, uploaded by the admin who proposed it
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const before = await lastId();
    const form = new FormData();
    form.append('evidence', new Blob([png], { type: 'image/png' }), 'statement.png');
    const uploaded = await fetch(`${ts.url}${S}/ledger/adjustments/${approved.id as number}/evidence`, { method: 'POST', body: form, headers: { authorization: `Bearer ${jwt.superAdmin}` } });
    expect(uploaded.status, await uploaded.text()).toBe(200);
    expect((await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before])).map((x) => x.action)).toEqual(['finance.adjustmentPropose']);
    covered.add(`POST ${S}/ledger/adjustments/:id/evidence`);
    await step('POST', `${S}/ledger/adjustments/:id/approve`, { as: 'financeApprover', path: `${S}/ledger/adjustments/${approved.id as number}/approve` });
    const declined = await step('POST', `${S}/ledger/adjustments`, { body: { postings: [posting], reason: 'audit probe' } });
    await step('POST', `${S}/ledger/adjustments/:id/decline`, { as: 'financeApprover', path: `${S}/ledger/adjustments/${declined.id as number}/decline`, body: { reason: 'no' } });
  });

  it("finance: the accountant's mapping of GL codes replaced (multipart)", async () => {
    const before = await lastId();
    const form = new FormData();
    form.set('file', new Blob(['glCode,accountCode,accountName\r\n1100-MYR,1010,Bank']), 'mapping.csv');
    const r = await fetch(`${ts.url}${S}/finance/gl-mapping`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${jwt.financeApprover}` } });
    expect(r.status, await r.text()).toBe(200);
    const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before]);
    expect(rows.map((x) => x.action)).toEqual(['finance.glMapping']);
    covered.add(`PUT ${S}/finance/gl-mapping`);
  });

  it('treasury: limits', async () => {
    await step('PUT', `${S}/treasury/settings`, { body: { metal: 'XAG', band: '250' } });
  });

  it('hedges: record, link, settle, cancel', async () => {
    const hedge = { provider: 'Audit', metal: 'XAU', side: 'BUY', quantity: '2', price: '400', currency: 'MYR', tradedAt: '2030-01-07T01:30:00Z' };
    const [order] = await ts.db.query<{ id: number }>("SELECT id FROM orders WHERE status = 'FILLED' AND action = 'BUY' ORDER BY id LIMIT 1");
    const one = await step('POST', `${S}/hedge/create`, { body: { ...hedge, clientRef: 'audit-hedge-1' } });
    await step('POST', `${S}/hedge/link/:hedgeId`, { path: `${S}/hedge/link/${one.id as number}`, body: { orders: [{ orderId: order!.id, quantity: '0.0001' }] } });
    await step('POST', `${S}/hedge/settle/:hedgeId`, { path: `${S}/hedge/settle/${one.id as number}` });
    const two = await step('POST', `${S}/hedge/create`, { body: { ...hedge, clientRef: 'audit-hedge-2' } });
    await step('POST', `${S}/hedge/cancel/:hedgeId`, { path: `${S}/hedge/cancel/${two.id as number}` });
  });

  it('payment requests: create (multipart), approve (multipart), decline, for every kind', async () => {
    for (const role of ['superAdmin', 'financeMaker', 'financeApprover']) {
      const who = ts.demo.byRole[role]!;
      jwt[role] = (await api.login(who.username, who.password)).body.jwt;
    }
    // a real 1x1 PNG: receipts must decode as the image they claim to be
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    /** step() for a multipart call: the fields and a PNG receipt. */
    async function multipartStep(pattern: string, path: string, as: string, fields: Record<string, string>): Promise<{ id: number }> {
      const route = registeredRoutes(ts.app).find((r) => r.method === 'POST' && r.url === pattern);
      expect(route, `POST ${pattern} is registered`).toBeDefined();
      const before = await lastId();
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('receipt', new Blob([png], { type: 'image/png' }), 'receipt.png');
      const r = await fetch(`${ts.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${jwt[as]}` } });
      const text = await r.text();
      expect(r.status, `POST ${pattern}: ${text}`).toBe(200);
      const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before]);
      expect(rows.map((x) => x.action), `POST ${pattern}`).toEqual([route!.audit]);
      covered.add(`POST ${pattern}`);
      return JSON.parse(text) as { id: number };
    }
    const users = new Map((await ts.db.query<{ id: number; username: string }>('SELECT id, username FROM users')).map((u) => [u.username, String(u.id)]));
    for (const action of ['deposit', 'withdrawal', 'transfer']) {
      const fields = { userId: users.get('bullionhouse')!, type: 'MYR', amount: '1.00', ...(action === 'transfer' ? { receiverUserId: users.get('aminah')! } : {}) };
      const a = await multipartStep(`${S}/asset/${action}/create`, `${S}/asset/${action}/create`, 'financeMaker', fields);
      await multipartStep(`${S}/asset/${action}/:requestId/approve`, `${S}/asset/${action}/${a.id}/approve`, 'financeApprover', {});
      const b = await multipartStep(`${S}/asset/${action}/create`, `${S}/asset/${action}/create`, 'financeMaker', fields);
      await step('POST', `${S}/asset/${action}/:requestId/decline`, { path: `${S}/asset/${action}/${b.id}/decline`, as: 'financeApprover' });
    }
  });

  it('the inbox: a bulk decision writes one row per decided item (its single-item classification) and one for the batch', async () => {
    const pending = await ts.db.query<{ id: number; action: string }>("SELECT id, action FROM payment_requests WHERE status = 'pending' AND submitted_by IS DISTINCT FROM (SELECT id FROM admins WHERE username = $1) ORDER BY id LIMIT 2", [ts.demo.superAdmin.username]);
    expect(pending).toHaveLength(2);
    const before = await lastId();
    const form = new FormData();
    form.append('decision', 'decline');
    form.append('items', JSON.stringify(pending.map((p) => ({ kind: p.action, id: p.id }))));
    form.append('reason', 'Audit probe');
    const r = await fetch(`${ts.url}${S}/inbox/decide`, { method: 'POST', body: form, headers: { authorization: `Bearer ${jwt.superAdmin}` } });
    const text = await r.text();
    expect(r.status, text).toBe(200);
    expect((JSON.parse(text) as { results: Array<{ ok: boolean }> }).results.map((x) => x.ok)).toEqual([true, true]);
    const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before]);
    expect(rows.map((x) => x.action)).toEqual(['asset.decline', 'asset.decline', 'inbox.decide']);
    covered.add(`POST ${S}/inbox/decide`);
  });

  it('the vault: a vault, each movement recorded and decided, a weight list imported', async () => {
    const V = `${S}/vault`;
    const vault = await step('POST', `${V}/create`, { as: 'financeMaker', body: { code: 'AUDIT1', name: 'Audit vault', custodian: 'Custodian' } });
    const other = await step('POST', `${V}/create`, { as: 'financeMaker', body: { code: 'AUDIT2', name: 'Second vault', custodian: 'Custodian' } });
    const bar = (serial: string) => ({ serial, refiner: 'PAMP', metal: 'XAU', grossWeight: '1000', fineness: '999.9' });
    const decide = (id: unknown) => step('POST', `${V}/movement/:movementId/approve`, { as: 'financeApprover', path: `${V}/movement/${String(id)}/approve` });
    const received = await step('POST', `${V}/movement/receive`, { as: 'financeMaker', body: { vaultId: vault.id, bars: [bar('AUD-1'), bar('AUD-2')] } });
    await decide(received.id);
    const barIds = ((received.bars as Array<{ id: number }>) ?? []).map((b) => b.id);
    await decide((await step('POST', `${V}/movement/dispatch`, { as: 'financeMaker', body: { barIds: [barIds[0]], vaultId: other.id } })).id);
    await decide((await step('POST', `${V}/movement/arrive`, { as: 'financeMaker', body: { barIds: [barIds[0]] } })).id);
    await decide((await step('POST', `${V}/movement/status`, { as: 'financeMaker', body: { barIds: [barIds[0]], status: 'reserved' } })).id);
    const release = await step('POST', `${V}/movement/release`, { as: 'financeMaker', body: { barIds: [barIds[1]] } });
    await step('POST', `${V}/movement/:movementId/decline`, { as: 'financeApprover', path: `${V}/movement/${String(release.id)}/decline`, body: { reason: 'not today' } });
    const before = await lastId();
    const form = new FormData();
    form.append('vaultId', String(vault.id));
    form.append('asOf', '2026-11-20');
    form.append('file', new Blob(['serial,refiner,gross weight,fineness\nAUD-1,PAMP,1000,999.9\n']), 'list.csv');
    const r = await fetch(`${ts.url}${V}/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${jwt.financeMaker}` } });
    expect(r.status, await r.text()).toBe(200);
    const rows = await ts.db.query<{ action: string }>('SELECT action FROM audit_log WHERE id > $1 ORDER BY id', [before]);
    expect(rows.map((x) => x.action)).toEqual(['vault.import']);
    covered.add(`POST ${V}/import`);
  });

  it('second factor and sessions', async () => {
    const who = ts.demo.byRole.financeApprover!;
    const signedIn = (await api.login(who.username, who.password)).body;
    const { secret } = (await api.call<{ secret: string }>('POST', '/v0/web/auth/admin/second_factor/enrol', { token: signedIn.jwt })).body;
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await step('POST', '/v0/web/auth/admin/second_factor/confirm', { token: signedIn.jwt, body: { code: totp.generate({ timestamp: ts.now().getTime() }) } });
    ts.advanceClock(30_000); // a later step: a code is never used twice
    const challenged = await api.login(who.username, who.password);
    const challenge = (challenged.body as unknown as { detail: { challenge: string } }).detail.challenge;
    await step('POST', '/v0/web/auth/admin/login/otp', { body: { challenge, code: totp.generate({ timestamp: ts.now().getTime() }) }, token: '' });
    const other = (await api.login(ts.demo.byRole.financeMaker!.username, ts.demo.byRole.financeMaker!.password)).body;
    const fresh = (await api.login(ts.demo.byRole.financeMaker!.username, ts.demo.byRole.financeMaker!.password)).body;
    await step('POST', '/v0/web/auth/admin/sessions/:sessionId/end', { path: `/v0/web/auth/admin/sessions/${await sessionIdOf(other.jwt)}/end`, token: fresh.jwt });
    const superAdmin = ts.demo.superAdmin;
    jwt.superAdmin = (await api.login(superAdmin.username, superAdmin.password)).body.jwt;
    await step('POST', `${S}/admin/:adminId/sessions/:sessionId/end`, {
      path: `${S}/admin/${fresh.user.id}/sessions/${await sessionIdOf(fresh.jwt)}/end`,
    });
    await step('POST', `${S}/admin/:adminId/second_factor/reset`, { path: `${S}/admin/${signedIn.user.id}/second_factor/reset` });
    await step('POST', `${S}/second_factor/roles`, { body: { roles: [] } });
  });

  it('treasury reconciliation: a run on demand, a break resolved', async () => {
    const run = await step('POST', `${S}/reconciliation/run`, { as: 'financeApprover' });
    const [b] = await ts.db.query<{ id: number }>(
      "INSERT INTO reconciliation_breaks (break_key, kind, metal, serial, refiner, first_run_id, last_run_id, opened_at) VALUES ('missingInOurRecords|XAU|probe|AUDIT-1', 'missingInOurRecords', 'XAU', 'AUDIT-1', 'Probe', $1, $1, now()) RETURNING id::int AS id",
      [run.id],
    );
    await step('POST', `${S}/reconciliation/breaks/:id/resolve`, { path: `${S}/reconciliation/breaks/${b!.id}/resolve`, as: 'financeApprover', body: { note: 'Audit probe' } });
  });

  /** The session id of an access token (its `sid` claim). */
  async function sessionIdOf(token: string): Promise<string> {
    return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  }

  it('the steps above cover every audited route of the server', () => {
    const audited = registeredRoutes(ts.app)
      .filter((r) => r.audit !== null)
      .map((r) => `${r.method} ${r.url}`);
    expect(audited.filter((r) => !covered.has(r))).toEqual([]);
  });
});
