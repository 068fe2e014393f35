import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

describe(`system settings on ${driver}: modes, holidays, adjust`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const jwt: Record<string, string> = {};
  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    for (const role of ['superAdmin', 'operationApprover', 'operationMaker', 'financeMaker', 'none']) {
      const who = ts.demo.byRole[role]!;
      jwt[role] = (await api.login(who.username, who.password)).body.jwt;
    }
  });
  afterAll(() => ts?.close());
  const audits = async (action: string) =>
    ts.db.query<{ username: string; detail: Record<string, unknown> }>('SELECT username, detail FROM audit_log WHERE action = $1 ORDER BY id', [action]);

  describe('modes', () => {
    it('reads all three modes off at first', async () => {
      const r = await api.call('GET', `${S}/mode`, { token: jwt.none });
      expect(r.body).toEqual({ panicMode: false, tradingPeriodMode: false, autoSettleConfig: { enabled: false, reenableAt: null } });
    });

    it.each([
      ['set_panic', 'panicMode', 'mode.panic'],
      ['set_trading_period', 'tradingPeriodMode', 'mode.tradingPeriod'],
    ])('%s turns on and off for an operationApprover and is audited', async (path, field, action) => {
      const on = await api.call<Record<string, unknown>>('POST', `${S}/mode/${path}`, { token: jwt.operationApprover, body: { enabled: true } });
      expect(on.status).toBe(200);
      expect(on.body[field]).toBe(true);
      expect((await api.call<Record<string, unknown>>('GET', `${S}/mode`, { token: jwt.none })).body[field]).toBe(true);
      const off = await api.call<Record<string, unknown>>('POST', `${S}/mode/${path}`, { token: jwt.operationApprover, body: { enabled: false } });
      expect(off.body[field]).toBe(false);
      const rows = await audits(action);
      expect(rows).toHaveLength(2);
      expect(rows[0]!.username).toBe(ts.demo.byRole.operationApprover!.username);
      expect((rows[0]!.detail.before as Record<string, unknown>)[field]).toBe(false);
      expect((rows[0]!.detail.after as Record<string, unknown>)[field]).toBe(true);
    });

    it('refuses roles without the permission and a body without enabled', async () => {
      for (const role of ['operationMaker', 'financeMaker', 'none']) {
        const r = await api.call('POST', `${S}/mode/set_panic`, { token: jwt[role], body: { enabled: true } });
        expect(r.body).toEqual({ code: 1150, context: null });
      }
      const bad = await api.call('POST', `${S}/mode/set_panic`, { token: jwt.superAdmin, body: {} });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ code: 1001, context: 'enabled' });
      const text = await api.call('POST', `${S}/mode/set_panic`, { token: jwt.superAdmin, body: { enabled: 'yes' } });
      expect(text.body).toEqual({ code: 1001, context: 'enabled' });
      expect((await api.call('GET', `${S}/mode`, { token: jwt.none })).body.panicMode).toBe(false);
    });

  });

  describe('holidays', () => {
    it('adds, lists by date, updates and deletes, each audited', async () => {
      const a = await api.call<{ id: number }>('POST', `${S}/holiday/create`, { token: jwt.operationMaker, body: { name: 'Christmas Day', date: '2026-12-25' } });
      expect(a.status).toBe(200);
      const b = await api.call<{ id: number }>('POST', `${S}/holiday/create`, { token: jwt.operationMaker, body: { name: 'Deepavali', date: '2026-11-08' } });
      const list = await api.call<Array<{ name: string; date: string }>>('GET', `${S}/holiday`, { token: jwt.none });
      expect(list.body.map((h) => [h.name, h.date])).toEqual([
        ['Deepavali', '2026-11-08'],
        ['Christmas Day', '2026-12-25'],
      ]);
      const u = await api.call('PUT', `${S}/holiday/update/${b.body.id}`, { token: jwt.operationApprover, body: { name: 'Deepavali (observed)', date: '2026-11-09' } });
      expect(u.body).toEqual({ id: b.body.id, name: 'Deepavali (observed)', date: '2026-11-09' });
      const d = await api.call('DELETE', `${S}/holiday`, { token: jwt.superAdmin, body: { id: [a.body.id, b.body.id] } });
      expect(d.body).toEqual({ deleted: 2 });
      expect((await api.call<unknown[]>('GET', `${S}/holiday`, { token: jwt.none })).body).toEqual([]);
      expect((await audits('holiday.create')).length).toBe(2);
      expect((await audits('holiday.update'))[0]!.detail.before).toMatchObject({ date: '2026-11-08' });
      expect((await audits('holiday.delete'))[0]!.detail.before).toHaveLength(2);
    });

    it('refuses a duplicate date, bad dates and unknown ids, changing nothing', async () => {
      const first = await api.call<{ id: number }>('POST', `${S}/holiday/create`, { token: jwt.superAdmin, body: { name: 'New Year', date: '2027-01-01' } });
      const dup = await api.call('POST', `${S}/holiday/create`, { token: jwt.superAdmin, body: { name: 'Again', date: '2027-01-01' } });
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({ code: 1001, context: 'date' });
      for (const date of ['01/01/2027', '2027-02-30', '2027-13-01', '']) {
        const r = await api.call('POST', `${S}/holiday/create`, { token: jwt.superAdmin, body: { name: 'Bad', date } });
        expect(r.body).toEqual({ code: 1001, context: 'date' });
      }
      const partly = await api.call('DELETE', `${S}/holiday`, { token: jwt.superAdmin, body: { id: [first.body.id, 999999] } });
      expect(partly.status).toBe(404);
      const list = await api.call<Array<{ date: string }>>('GET', `${S}/holiday`, { token: jwt.none });
      expect(list.body.map((h) => h.date)).toEqual(['2027-01-01']);
      const denied = await api.call('POST', `${S}/holiday/create`, { token: jwt.financeMaker, body: { name: 'X', date: '2027-05-01' } });
      expect(denied.body).toEqual({ code: 1150, context: null });
    });
  });

  describe('adjust settings', () => {
    it('answers a metal with its regular and after-hour variants', async () => {
      const r = await api.call('GET', `${S}/adjust/xau`, { token: jwt.none });
      expect(r.body).toEqual({
        currency: { bid: '-0.0100', ask: '0.0100', currencyKind: 'MYR' },
        spread: { buySpread: '2.50', sellSpread: '2.50' },
        userFee: { refineryFees: '0.800', premium: '1.500', interestRate: '0.080000' },
        ahtCurrency: { bid: '-0.0200', ask: '0.0200', currencyKind: 'MYR' },
        ahtSpread: { buySpread: '4.00', sellSpread: '4.00' },
        ahtUserFee: { refineryFees: '1.000', premium: '2.000', interestRate: '0.080000' },
      });
      const gold = await api.call('GET', `${S}/adjust`, { token: jwt.none });
      expect(gold.body).toEqual({ currency: { bid: '-0.0100', ask: '0.0100' }, ahtCurrency: { bid: '-0.0200', ask: '0.0200' } });
    });

    it("'Invalid metal type' for any other metal, on reads and updates", async () => {
      for (const [method, path, body] of [
        ['GET', `${S}/adjust/xpd`, undefined],
        ['POST', `${S}/adjust/cu/spread/update`, { buySpread: '1', sellSpread: '1' }],
        ['POST', `${S}/adjust/gold/aht/currency/update`, { currencyKind: 'MYR', bid: '0', ask: '0' }],
      ] as const) {
        const r = await api.call(method, path, { token: jwt.superAdmin, body });
        expect(r.status).toBe(400);
        expect(r.body).toEqual({ code: 1002, context: 'Invalid metal type' });
      }
    });

    it('updates one variant of one metal and audits before and after', async () => {
      const r = await api.call<{ spread: unknown; ahtSpread: unknown }>('POST', `${S}/adjust/xpt/aht/spread/update`, {
        token: jwt.operationApprover,
        body: { buySpread: '9.25', sellSpread: '7.5' },
      });
      expect(r.status).toBe(200);
      expect(r.body.ahtSpread).toEqual({ buySpread: '9.25', sellSpread: '7.50' });
      expect(r.body.spread).toEqual({ buySpread: '5.00', sellSpread: '5.00' });
      const xau = await api.call<{ ahtSpread: unknown }>('GET', `${S}/adjust/xau`, { token: jwt.none });
      expect(xau.body.ahtSpread).toEqual({ buySpread: '4.00', sellSpread: '4.00' });
      const [row] = await audits('adjust.spread');
      expect(row!.detail).toMatchObject({ metal: 'xpt', variant: 'afterHour' });
      const fee = await api.call<{ userFee: unknown }>('POST', `${S}/adjust/xag/userFee/update`, {
        token: jwt.superAdmin,
        body: { refineryFees: '0.04', premium: '0.06', interestRate: '0.095' },
      });
      expect(fee.body.userFee).toEqual({ refineryFees: '0.040', premium: '0.060', interestRate: '0.095000' });
      const cur = await api.call<{ currency: unknown }>('POST', `${S}/adjust/xau/currency/update`, {
        token: jwt.superAdmin,
        body: { currencyKind: 'MYR', bid: '-0.0250', ask: '0.015' },
      });
      expect(cur.body.currency).toEqual({ bid: '-0.0250', ask: '0.0150', currencyKind: 'MYR' });
    });

    it('refuses bad numbers, changing nothing', async () => {
      const before = (await api.call('GET', `${S}/adjust/xag`, { token: jwt.none })).text;
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['spread', { buySpread: '-1', sellSpread: '1' }, 'buySpread'],
        ['spread', { buySpread: '1,000', sellSpread: '1' }, 'buySpread'],
        ['spread', { buySpread: '1.123', sellSpread: '1' }, 'buySpread'],
        ['spread', { buySpread: 'abc', sellSpread: '1' }, 'buySpread'],
        ['spread', { buySpread: 2, sellSpread: '1' }, 'buySpread'],
        ['userFee', { refineryFees: '0', premium: '0', interestRate: '1.5' }, 'interestRate'],
        ['userFee', { refineryFees: '0', premium: '0', interestRate: '0.1234567' }, 'interestRate'],
        ['currency', { currencyKind: 'USD', bid: '0', ask: '0' }, 'currencyKind'],
        ['currency', { currencyKind: 'MYR', bid: '0.00001', ask: '0' }, 'bid'],
      ];
      for (const [part, body, field] of cases) {
        const r = await api.call('POST', `${S}/adjust/xag/${part}/update`, { token: jwt.superAdmin, body });
        expect([r.status, r.body]).toEqual([400, { code: 1001, context: field }]);
      }
      const denied = await api.call('POST', `${S}/adjust/xag/spread/update`, { token: jwt.operationMaker, body: { buySpread: '1', sellSpread: '1' } });
      expect(denied.body).toEqual({ code: 1150, context: null });
      expect((await api.call('GET', `${S}/adjust/xag`, { token: jwt.none })).text).toBe(before);
    });
  });

  // last: it moves the server's clock by up to a day
  describe('auto settle', () => {
    it('auto settle mode re-enables auto settlement at the next 12:00 Kuala Lumpur time', async () => {
      const r = await api.call<{ autoSettleConfig: { enabled: boolean; reenableAt: string } }>('POST', `${S}/mode/set_auto_settle`, {
        token: jwt.superAdmin,
        body: { enabled: true },
      });
      expect(r.body, JSON.stringify(r.body)).toHaveProperty('autoSettleConfig.enabled', true);
      const reenable = new Date(r.body.autoSettleConfig.reenableAt);
      // 12:00 in Kuala Lumpur is 04:00 UTC, within the next 24 hours
      expect(reenable.getUTCHours()).toBe(4);
      expect(reenable.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
      // after 12:00 (sessions from before have lapsed by then: sign in again)
      ts.advanceClock(reenable.getTime() - Date.now() + 1000);
      const viewer = await api.login(ts.demo.byRole.none!.username, ts.demo.byRole.none!.password);
      const later = await api.call<{ autoSettleConfig: { enabled: boolean } }>('GET', `${S}/mode`, { token: viewer.body.jwt });
      expect(later.body.autoSettleConfig.enabled).toBe(false);
    });
  });
});
