import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListAnswer } from '@aurum/domain/audit/audit-schemas';
import type { OfflinePriceCheck } from '@aurum/domain/orders/offline-price-band';
import type { TreasurySettingsAnswer } from '@aurum/domain/treasury/treasury-settings-schemas';
import { S, startOrderServer, type OrderTestServer } from './order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * An offline order's typed prices against the live market, from the outside (decision 0751): the
 * check a maker's review reads, the refusal of an order outside the band that nobody acknowledged
 * (nothing changes), the acknowledged one placed and noted on its audit row, and the band as the
 * treasury's data. The source quotes gold at 2000.00/2001.00 USD/oz and USD/MYR at 4.5000: the mid
 * is 2000.5 x 4.5 / 31.1034768 = 289.4291 MYR per gram.
 */
describe(`offline orders: prices far from the live mid must be acknowledged, on ${driver}`, () => {
  let o: OrderTestServer;
  let userId: number;
  const MID = '289.4291';
  const myrOrder = (prices: Record<string, string>, extra: Record<string, unknown> = {}) => ({
    userId,
    action: 0,
    symbol: 'XAU/MYR',
    currency: 'MYR',
    quantity: '2',
    source: 'Desk',
    costPrice: '289.000',
    quotePrice: '290.000',
    exchangeRate: '1',
    finalPrice: '292.000',
    ...prices,
    ...extra,
  });
  const orderCount = async () => Number((await o.ts.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [userId]))[0]!.n);
  const fund = async () => (await o.call<{ wallet: { fund: string } }>('none', 'GET', `${S}/user/${userId}`)).body.wallet.fund;

  beforeAll(async () => {
    o = await startOrderServer();
    userId = await o.newUser('band-buyer', { fund: '100000.00' });
  });
  afterAll(() => o?.ts.close());

  it('answers the band, the mid and each price outside it, changing nothing', async () => {
    const ok = await o.call<OfflinePriceCheck>('financeMaker', 'POST', `${S}/order/customize/price_check`, myrOrder({}));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ bandPct: '5.00', mid: { myrPerGram: MID, usdMyr: '4.5000' }, breaches: [] });
    // the finding: a cost of 0.001 typed where 289 was meant
    const bad = await o.call<OfflinePriceCheck>('financeMaker', 'POST', `${S}/order/customize/price_check`, myrOrder({ costPrice: '0.001' }));
    expect(bad.body.breaches).toEqual([{ field: 'costPrice', entered: '0.001', mid: MID, deviationPct: '100.00' }]);
    expect(await orderCount()).toBe(0);
    // a read, like the live price every console shows: any signed-in admin may ask; a malformed body is 400
    expect((await o.call('none', 'POST', `${S}/order/customize/price_check`, myrOrder({}))).status).toBe(200);
    expect((await o.call('none', 'POST', `${S}/order/customize/price_check`, myrOrder({ costPrice: 'abc' }))).status).toBe(400);
  });

  it('refuses an order outside the band unacknowledged with 2092 and the fields, and changes nothing', async () => {
    const before = await fund();
    const r = await o.call('financeMaker', 'POST', `${S}/order/customize`, myrOrder({ costPrice: '0.001', finalPrice: '330.000' }));
    expect(r.status, r.text).toBe(422);
    expect(r.body).toMatchObject({ code: 2092, context: 'costPrice', detail: { rule: 'priceBand', band: '5.00', fields: 'costPrice,finalPrice' } });
    expect(await orderCount()).toBe(0);
    expect(await fund()).toBe(before);
  });

  it('places it once acknowledged, and its audit row says what was acknowledged', async () => {
    const before = await fund();
    const r = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, myrOrder({ costPrice: '0.001' }, { priceBandAcknowledged: true }));
    expect(r.status, r.text).toBe(200);
    // 2 g at 292.000: 584.00 MYR reserved from the fund
    expect(await fund()).toBe((Number(before) - 584).toFixed(2));
    const audit = await o.call<AuditListAnswer>('superAdmin', 'POST', `${S}/audit_trail/list`, { limit: 10, objectKind: 'order', objectId: r.body.id });
    const row = audit.body.find((a) => a.action === 'order.customize');
    expect(row?.username).toBe('financemaker');
    expect(row?.detail.priceBand).toEqual({ acknowledged: true, bandPct: '5.00', breaches: [{ field: 'costPrice', entered: '0.001', mid: MID, deviationPct: '100.00' }] });
  });

  it('places an order inside the band without any acknowledgement', async () => {
    const r = await o.call('financeMaker', 'POST', `${S}/order/customize`, myrOrder({ costPrice: '280.000', finalPrice: '303.800' }));
    expect(r.status, r.text).toBe(200);
  });

  it('checks an XAU/USD order per gram in USD and its exchange rate against the USD/MYR mid', async () => {
    // 289.4291 / 4.5 = 64.3176 USD per gram; the rate typed upside down
    const body = myrOrder({ symbol: 'XAU/USD', currency: 'USD', costPrice: '64.000', quotePrice: '64.300', finalPrice: '64.500', exchangeRate: '0.2222' });
    const check = await o.call<OfflinePriceCheck>('financeMaker', 'POST', `${S}/order/customize/price_check`, body);
    expect(check.body.breaches).toEqual([{ field: 'exchangeRate', entered: '0.2222', mid: '4.5000', deviationPct: '95.06' }]);
    const r = await o.call('financeMaker', 'POST', `${S}/order/customize`, body);
    expect(r.body).toMatchObject({ code: 2092, context: 'exchangeRate' });
  });

  it("keeps the band as the treasury's data: a wider band lets the same prices pass; a band out of range is refused and changes nothing", async () => {
    const put = (band: string, role = 'financeApprover') => o.call<TreasurySettingsAnswer>(role, 'PUT', `${S}/treasury/settings`, { metal: 'XAU', offlinePriceBand: band });
    for (const bad of ['0', '100.01', '5.001', '-1', 'abc']) {
      const r = await put(bad);
      expect([r.status, r.body.code], bad).toEqual([400, 1001]);
    }
    expect((await put('20', 'financeMaker')).status).toBe(403);
    const wide = await put('20');
    expect(wide.status, wide.text).toBe(200);
    expect(wide.body.items.find((s) => s.metal === 'XAU')?.offlinePriceBand).toBe('20.00');
    // 330 is 14.02% above the mid: inside a 20% band
    expect((await o.call('financeMaker', 'POST', `${S}/order/customize`, myrOrder({ finalPrice: '330.000' }))).status).toBe(200);
    const check = await o.call<OfflinePriceCheck>('financeMaker', 'POST', `${S}/order/customize/price_check`, myrOrder({ finalPrice: '330.000' }));
    expect(check.body).toMatchObject({ bandPct: '20.00', breaches: [] });
    expect((await put('5')).status).toBe(200);
  });
});
