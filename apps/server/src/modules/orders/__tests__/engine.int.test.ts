import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderNode } from '@aurum/domain/orders/order-schemas';
import { customerPrice } from '@aurum/domain/orders/order-pricing';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { S, startOrderServer, type OrderTestServer } from './order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`the order engine on ${driver}`, () => {
  let o: OrderTestServer;
  let now = 0;
  beforeAll(async () => {
    o = await startOrderServer();
    now = Date.parse('2030-01-07T02:00:00Z');
    await o.ts.app.orders.runOnce(new Date(now)); // the demo orders' work first (their limit buy at 300 MYR/g fills here)
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  const order = async (id: number) => (await o.call<{ order: OrderNode }>('none', 'GET', `${S}/order/${id}`)).body.order;
  const livePrice = (side: 'buy' | 'sell') => {
    const p = o.ts.app.market.orderPricing()!;
    return customerPrice(p.quote, p.fx, p.settings).myr[side];
  };
  const limit = (userId: number, action: 0 | 1, price: string, extra: Record<string, unknown> = {}) =>
    o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId,
      action,
      orderType: 'LIMIT',
      price,
      symbol: 'XAU/MYR',
      currency: 'MYR',
      quantity: '2',
      goodTillDate: null,
      comment: null,
      ...extra,
    });
  const setGold = async (bid: string, ask: string) => {
    o.source.xau = { bid, ask };
    await o.waitForPrice();
  };
  const at = () => new Date(now);

  it('limit orders wait as CREATED and fill when the live price reaches them (buy <=, sell >=)', async () => {
    const userId = await o.newUser('limit1', { fund: '10000.00', gold: '10.0000' });
    const buyLimit = roundTo(new Decimal(livePrice('buy')).minus(1), 3);
    const sellLimit = roundTo(new Decimal(livePrice('sell')).plus(1), 3);
    const b = await limit(userId, 0, buyLimit);
    const s = await limit(userId, 1, sellLimit);
    expect(b.status, b.text).toBe(200);
    expect(s.status, s.text).toBe(200);
    expect((await order(b.body.id)).status).toBe('CREATED');
    expect((await walletBalances(o.ts.db, userId)).fundHeld).toBe('0.00'); // reserved on fill only
    expect((await o.ts.app.orders.runOnce(at())).match).toBe(0);
    // gold falls by 10 USD/oz: about 1.45 MYR/g, the buy limit is reached
    await setGold('1990.00', '1991.00');
    expect((await o.ts.app.orders.runOnce(at())).match).toBe(1);
    const filled = await order(b.body.id);
    expect(filled.status).toBe('FILLED');
    expect(new Decimal(filled.myrPrice!).lte(buyLimit)).toBe(true);
    expect(filled.myrPrice).toBe(livePrice('buy'));
    expect(filled.timeline.map((t) => t.action)).toEqual(['ORDER', 'FILLED']);
    expect((await order(s.body.id)).status).toBe('CREATED');
    await setGold('2010.00', '2011.00');
    expect((await o.ts.app.orders.runOnce(at())).match).toBe(1);
    expect(await order(s.body.id)).toMatchObject({ status: 'FILLED', goldReserved: '2.0000' });
    await setGold('2000.00', '2001.00');
  });

  it('a limit order that can no longer be paid for when reached is canceled', async () => {
    const userId = await o.newUser('limit2', { fund: '1000.00' });
    const r = await limit(userId, 0, '200.000', { quantity: '4' });
    expect(r.status, r.text).toBe(200);
    await o.ts.db.query("UPDATE orders SET limit_price = 999.000 WHERE id = $1", [r.body.id]);
    await o.ts.app.orders.runOnce(at());
    expect(await order(r.body.id)).toMatchObject({ status: 'CANCELED' });
  });

  it('GTD orders still waiting after their good-till date (Kuala Lumpur) are canceled; GTC ones stay', async () => {
    const userId = await o.newUser('gtd1', { fund: '10000.00' });
    const gtd = await limit(userId, 0, '100.000', { goodTillDate: '2030-01-07' });
    const gtc = await limit(userId, 0, '100.000');
    const past = await limit(userId, 0, '100.000', { goodTillDate: '2030-01-06' });
    expect(past.body).toMatchObject({ code: 1001, context: 'goodTillDate' });
    // 23:59 on the 7th in Kuala Lumpur: still good
    await o.ts.app.orders.runOnce(new Date(Date.parse('2030-01-07T15:59:00Z')));
    expect((await order(gtd.body.id)).status).toBe('CREATED');
    // 00:00 on the 8th: expired
    const report = await o.ts.app.orders.runOnce(new Date(Date.parse('2030-01-07T16:00:00Z')));
    expect(report.expire).toBe(1);
    const expired = await order(gtd.body.id);
    expect(expired.status).toBe('CANCELED');
    expect(expired.timeline.map((t) => t.action)).toEqual(['ORDER', 'CANCELED']);
    expect((await order(gtc.body.id)).status).toBe('CREATED');
    await o.call('financeApprover', 'POST', `${S}/order/cancel/${gtc.body.id}`);
  });

  it('auto settles XAU/USD fills unless auto-settle mode is on; XAU/MYR fills wait for an admin', async () => {
    const userId = await o.newUser('usd1', { fund: '100000.00' });
    const market = (symbol: string, currency: string) =>
      o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, { userId, action: 0, orderType: 'MARKET', price: null, symbol, currency, quantity: '1', goodTillDate: null, comment: null });
    await o.call('operationApprover', 'POST', `${S}/mode/set_auto_settle`, { enabled: true });
    const a = await market('XAU/USD', 'USD');
    expect(a.status, a.text).toBe(200);
    await o.ts.app.orders.runOnce(at());
    expect((await order(a.body.id)).status).toBe('FILLED');
    await o.call('operationApprover', 'POST', `${S}/mode/set_auto_settle`, { enabled: false });
    const m = await market('XAU/MYR', 'MYR');
    const report = await o.ts.app.orders.runOnce(at());
    expect(report.autoSettle).toBe(1);
    const settled = await order(a.body.id);
    expect(settled.status).toBe('PAID'); // fully funded
    expect(settled.timeline.map((t) => t.action)).toEqual(['ORDER', 'FILLED', 'SETTLED', 'COMPLETE']);
    expect(settled.usdPrice).toMatch(/^\d+\.\d{2}$/);
    expect((await order(m.body.id)).status).toBe('FILLED');
  });

  it('SETTLED → OVERDUE once interest starts (settledAt + grace) with something owed; interest accrues from then', async () => {
    const userId = await o.newUser('late1', { credit: '10000.00' }, { interest_rate: '0.020000' });
    const r = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, {
      userId, action: 0, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', source: null, costPrice: '300', quotePrice: '300', exchangeRate: '4.5', finalPrice: '300', note: null, useAhtConfig: false,
    });
    await o.call('financeApprover', 'POST', `${S}/order/settle/${r.body.id}/${userId}`);
    const settled = await order(r.body.id);
    expect(Date.parse(settled.interestStartAt!) - Date.parse(settled.settledAt!)).toBe(3 * 86_400_000);
    expect((await o.ts.app.orders.runOnce(new Date(Date.parse(settled.interestStartAt!) - 1000))).overdue).toBe(0);
    expect((await o.ts.app.orders.runOnce(new Date(Date.parse(settled.interestStartAt!) + 1000))).overdue).toBe(1);
    const overdue = await order(r.body.id);
    expect(overdue.status).toBe('OVERDUE');
    expect(overdue.timeline.at(-1)).toMatchObject({ action: 'INTEREST_START', date: settled.interestStartAt });
    // 3000 x 0.10 x 5 / 365 = 4.11 five days after the interest start date (2030-01-10)
    expect((await o.call('none', 'POST', `${S}/order/total_owed`, { orderId: r.body.id, paymentDate: '2030-01-15' })).body).toEqual({ kind: 'myr', value: '3004.11' });
  });

  it('a job run is taken by one runner at a time: concurrent runs fill an order once', async () => {
    const userId = await o.newUser('lock1', { fund: '10000.00' });
    const r = await limit(userId, 0, roundTo(new Decimal(livePrice('buy')).plus(5), 3));
    const reports = await Promise.all([o.ts.app.orders.runOnce(at()), o.ts.app.orders.runOnce(at()), o.ts.app.orders.runOnce(at())]);
    expect(reports.map((x) => x.match ?? 0).reduce((a, b) => a + b, 0)).toBe(1);
    const filled = await order(r.body.id);
    expect(filled.timeline.filter((t) => t.action === 'FILLED')).toHaveLength(1);
    expect((await walletBalances(o.ts.db, userId)).fundHeld).toBe(roundTo(new Decimal(filled.myrPrice!).times(2), 2));
  });
});
