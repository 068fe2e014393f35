import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderAmount } from '@aurum/domain/orders/order-money';
import { offlineFillPrices, orderQuote, settingsOfVariant, type PersonalFees } from '@aurum/domain/orders/order-pricing';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import type { FeeAdjustMode } from '@aurum/domain/users/user-enums';
import { openSocket } from '../../../testing/socket-client.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { S, startOrderServer, type OrderTestServer } from './order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The Create Order preview and the server agree (one pricing function, one answer): the console
 * previews with the domain's orderQuote (apps/web/src/features/orders/model/order-preview.ts) from
 * what it has, the live Price frame, GET adjust/xau and the user's trade configuration (GET
 * user/{id}); the order the server then creates is charged exactly that.
 */
describe(`the Create Order preview is what the server charges, on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
    // a quote with odd cents, so that rounding is exercised
    o.source.xau = { bid: '2013.37', ask: '2014.81' };
    await o.waitForPrice();
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  /** What the console has when it previews: the Price frame, the gold settings of its variant, the user's personal fees. */
  async function consoleInputs(userId: number) {
    const sock = await openSocket(o.ts.url, await o.as('none'));
    const isPrice = (m: { type: string }) => m.type === 'Price';
    const frame = ((sock.messages.find(isPrice) ?? (await sock.next(isPrice))) as { data: PriceData }).data;
    sock.close();
    const adjust = (await o.call<MetalAdjustAnswer>('none', 'GET', `${S}/adjust/xau`)).body;
    const user = (await o.call<{ tradeConfig: { premium: string; refineryFees: string; feeAdjustMode: FeeAdjustMode } }>('none', 'GET', `${S}/user/${userId}`)).body;
    const personal: PersonalFees = { premium: user.tradeConfig.premium, refineryFees: user.tradeConfig.refineryFees, feeAdjustMode: user.tradeConfig.feeAdjustMode };
    return { frame, settings: settingsOfVariant(adjust, frame.variant), personal };
  }

  const detail = async (id: number) => (await o.call<OrderDetail>('none', 'GET', `${S}/order/${id}`)).body;
  const usdAmountOf = async (id: number) => (await o.ts.db.query<{ usd_amount: string | null }>('SELECT usd_amount FROM orders WHERE id = $1', [id]))[0]!.usd_amount;

  const cases: Array<{ mode: FeeAdjustMode; side: 'buy' | 'sell'; symbol: 'XAU/MYR' | 'XAU/USD'; quantity: string }> = [
    { mode: 'both', side: 'buy', symbol: 'XAU/MYR', quantity: '2.5' },
    { mode: 'both', side: 'sell', symbol: 'XAU/MYR', quantity: '3.3333' },
    { mode: 'buy', side: 'sell', symbol: 'XAU/MYR', quantity: '7.1234' },
    { mode: 'sell', side: 'sell', symbol: 'XAU/MYR', quantity: '1.0001' },
    { mode: 'none', side: 'buy', symbol: 'XAU/MYR', quantity: '12' },
    { mode: 'both', side: 'buy', symbol: 'XAU/USD', quantity: '31.1035' },
    { mode: 'sell', side: 'sell', symbol: 'XAU/USD', quantity: '4.4444' },
  ];

  it.each(cases)('a market $side of $quantity g $symbol with fee-adjust mode $mode: price, amount, USD amount and fees as previewed', async (c) => {
    const userId = await o.newUser(`agree-${c.mode}-${c.side}-${c.symbol.slice(4)}`, { fund: '500000.00', gold: '1000.0000' }, {
      premium: '0.375',
      refinery_fees: '0.125',
      fee_adjust_mode: c.mode,
    });
    const { frame, settings, personal } = await consoleInputs(userId);
    const preview = orderQuote({ side: c.side, symbol: c.symbol, orderType: 'MARKET', quantity: c.quantity, price: frame, settings, personal });
    expect(preview.amount).not.toBeNull();

    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId,
      action: c.side === 'buy' ? 0 : 1,
      orderType: 'MARKET',
      price: null,
      symbol: c.symbol,
      currency: c.symbol === 'XAU/MYR' ? 'MYR' : 'USD',
      quantity: c.quantity,
      goodTillDate: null,
      comment: null,
    });
    expect(created.status, created.text).toBe(200);
    const d = await detail(created.body.id);
    expect(d.order.status).toBe('FILLED');
    expect(d.order.myrPrice).toBe(preview.myrPerGram);
    expect(d.totalAmount).toBe(preview.amount);
    if (c.symbol === 'XAU/USD') {
      expect(d.order.usdPrice).toBe(preview.livePrice);
      expect(await usdAmountOf(created.body.id)).toBe(preview.usdAmount);
    }
    const fees = c.side === 'buy' ? d.premium : d.refineryFees;
    expect(fees?.global).toBe(preview.fee.global);
    expect(fees?.personal).toBe(preview.fee.personal);
  });

  it('a limit XAU/MYR buy fills at the live price the preview shows once the market comes to it', async () => {
    const userId = await o.newUser('agree-limit', { fund: '500000.00' }, { premium: '0.200', fee_adjust_mode: 'buy' });
    const before = await consoleInputs(userId);
    const live = orderQuote({ side: 'buy', symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '5', price: before.frame, settings: before.settings, personal: before.personal });
    const limit = (Number(live.livePrice) - 5).toFixed(3);
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId,
      action: 0,
      orderType: 'LIMIT',
      price: limit,
      symbol: 'XAU/MYR',
      currency: 'MYR',
      quantity: '5',
      goodTillDate: null,
      comment: null,
    });
    expect(created.status, created.text).toBe(200);
    expect((await detail(created.body.id)).order.status).toBe('CREATED');
    // the market falls below the limit; the engine fills at the live price of that moment
    o.source.xau = { bid: '1960.05', ask: '1961.49' };
    await o.waitForPrice();
    const after = await consoleInputs(userId);
    const preview = orderQuote({ side: 'buy', symbol: 'XAU/MYR', orderType: 'MARKET', quantity: '5', price: after.frame, settings: after.settings, personal: after.personal });
    expect(Number(preview.livePrice)).toBeLessThanOrEqual(Number(limit));
    await o.ts.app.orders.runOnce();
    const d = await detail(created.body.id);
    expect(d.order.status).toBe('FILLED');
    expect(d.order.myrPrice).toBe(preview.myrPerGram);
    expect(d.totalAmount).toBe(preview.amount);
    o.source.xau = { bid: '2013.37', ask: '2014.81' };
    await o.waitForPrice();
  });

  it('an offline XAU/USD order records the MYR price and amount its preview shows', async () => {
    const userId = await o.newUser('agree-offline', { fund: '500000.00' });
    const body = { symbol: 'XAU/USD', currency: 'USD', quantity: '3.2109', costPrice: '84.000', quotePrice: '85.000', exchangeRate: '4.4568', finalPrice: '85.125' } as const;
    const expected = offlineFillPrices(body, '0');
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, { userId, action: 0, source: 'Desk', note: null, useAhtConfig: false, priceBandAcknowledged: true, ...body });
    expect(created.status, created.text).toBe(200);
    const d = await detail(created.body.id);
    expect(d.order.myrPrice).toBe(expected.myrPrice);
    expect(d.order.usdPrice).toBe(expected.usdPrice);
    expect(d.totalAmount).toBe(orderAmount(expected.myrPrice, body.quantity));
  });
});
