import { describe, expect, it } from 'vitest';
import { HedgeCreateBody } from '../hedge-schemas.ts';
import { linkRefusal, orderSpread, positionAfter, type LinkHedge, type LinkOrder } from '../hedge-rules.ts';

const order = (id: number, extra: Partial<LinkOrder> = {}): LinkOrder => ({ id, action: 'BUY', status: 'FILLED', metal: 'XAU', quantity: '10.0000', linked: '0', ...extra });
const hedge = (extra: Partial<LinkHedge> = {}): LinkHedge => ({ side: 'BUY', metal: 'XAU', state: 'filled', quantity: '8.0000', linked: '0', ...extra });
const orders = (...list: LinkOrder[]) => new Map(list.map((o) => [o.id, o]));

describe('hedge links', () => {
  it('lets a hedge cover parts of several orders up to its quantity', () => {
    expect(linkRefusal(hedge(), orders(order(1), order(2)), [{ orderId: 1, quantity: '5' }, { orderId: 2, quantity: '3' }])).toBeNull();
    expect(linkRefusal(hedge(), orders(order(1), order(2)), [{ orderId: 1, quantity: '5' }, { orderId: 2, quantity: '3.0001' }])).toEqual({ rule: 'hedgeLimit', available: '3.0000' });
    expect(linkRefusal(hedge({ linked: '7.5' }), orders(order(1)), [{ orderId: 1, quantity: '0.6' }])).toEqual({ rule: 'hedgeLimit', available: '0.5000' });
  });

  it("never links more of an order than it has left over the hedges that count", () => {
    expect(linkRefusal(hedge(), orders(order(1, { linked: '4' })), [{ orderId: 1, quantity: '6' }])).toBeNull();
    expect(linkRefusal(hedge(), orders(order(1, { linked: '4' })), [{ orderId: 1, quantity: '6.0001' }])).toEqual({ rule: 'orderLimit', orderId: 1, available: '6.0000' });
    expect(linkRefusal(hedge(), orders(order(1, { linked: '10' })), [{ orderId: 1, quantity: '0.0001' }])).toEqual({ rule: 'orderLimit', orderId: 1, available: '0.0000' });
  });

  it('covers filled orders of its own side and metal only, and nothing once canceled', () => {
    for (const status of ['CREATED', 'CANCELED', 'REVERTED', 'REFUNDED']) {
      expect(linkRefusal(hedge(), orders(order(1, { status })), [{ orderId: 1, quantity: '1' }])?.rule).toBe('orderStatus');
    }
    for (const status of ['FILLED', 'PAID', 'SETTLED', 'OVERDUE']) expect(linkRefusal(hedge(), orders(order(1, { status })), [{ orderId: 1, quantity: '1' }])).toBeNull();
    expect(linkRefusal(hedge({ side: 'SELL' }), orders(order(1)), [{ orderId: 1, quantity: '1' }])?.rule).toBe('orderSide');
    expect(linkRefusal(hedge({ side: 'SELL' }), orders(order(1, { action: 'SELL' })), [{ orderId: 1, quantity: '1' }])).toBeNull();
    expect(linkRefusal(hedge({ metal: 'XAG' }), orders(order(1)), [{ orderId: 1, quantity: '1' }])?.rule).toBe('orderMetal');
    expect(linkRefusal(hedge({ state: 'canceled' }), orders(order(1)), [{ orderId: 1, quantity: '1' }])).toEqual({ rule: 'hedgeState', state: 'canceled' });
  });
});

describe('the position a hedge leaves', () => {
  it('adds a buy and takes off a sell, in grams of 4 decimals', () => {
    expect(positionAfter('-10.0000', 'BUY', '10')).toBe('0.0000');
    expect(positionAfter('2.5', 'SELL', '5.25')).toBe('-2.7500');
  });
});

describe('the spread an order earned on its hedge', () => {
  const myrBuy = { action: 'BUY' as const, currency: 'MYR' as const, myrPrice: '402.500', usdPrice: '2800.000', exchangeRate: '4.5000' };
  it('is the order price minus the hedge price on a buy, the other way on a sell, times the grams', () => {
    expect(orderSpread(myrBuy, { price: '400.000', currency: 'MYR' }, '6')).toEqual({ perGram: '2.5000', total: '15.00' });
    expect(orderSpread({ ...myrBuy, action: 'SELL' }, { price: '400.000', currency: 'MYR' }, '6')).toEqual({ perGram: '-2.5000', total: '-15.00' });
  });
  it('divides prices per ounce by 31.1034768 g and converts another currency at the order rate', () => {
    // USD order: 3110.348 USD/oz = 100.0000 USD/g (to 4 places), hedge 3079.244 USD/oz = 99 USD/g (to 4 places)
    const usdBuy = { ...myrBuy, currency: 'USD' as const, usdPrice: '3110.348' };
    expect(orderSpread(usdBuy, { price: '3079.244', currency: 'USD' }, '10')).toEqual({ perGram: '1.0000', total: '10.00' });
    // a USD hedge on a MYR order: 3110.348 USD/oz is 100 USD/g, 450 MYR/g at 4.5
    expect(orderSpread({ ...myrBuy, myrPrice: '452.000' }, { price: '3110.348', currency: 'USD' }, '2')).toEqual({ perGram: '2.0000', total: '4.00' });
    // a MYR hedge on a USD order: 441 MYR/g at 4.5 is 98 USD/g
    expect(orderSpread(usdBuy, { price: '441.000', currency: 'MYR' }, '1')).toEqual({ perGram: '2.0000', total: '2.00' });
    expect(orderSpread({ ...usdBuy, exchangeRate: null }, { price: '441.000', currency: 'MYR' }, '1')).toBeNull();
    expect(orderSpread({ ...myrBuy, myrPrice: null }, { price: '400', currency: 'MYR' }, '1')).toBeNull();
  });
});

describe('the hedge body', () => {
  const body = { clientRef: 'r1', provider: 'Metalor', metal: 'xau', side: 'buy', quantity: '1', price: '1', currency: 'myr', tradedAt: '2030-01-07T01:30:00+08:00' };
  it('takes codes in any case, fee 0 by default, a moment with its offset', () => {
    expect(HedgeCreateBody.parse(body)).toMatchObject({ metal: 'XAU', side: 'BUY', currency: 'MYR', fee: '0' });
    expect(HedgeCreateBody.safeParse({ ...body, tradedAt: '2030-01-07T01:30:00' }).success).toBe(false);
  });
});
