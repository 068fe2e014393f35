import { describe, expect, it } from 'vitest';
import { CreateOrderBody, CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import {
  createOrderBody,
  customizeOrderBody,
  minimumFromServer,
  offlineOrderSchema,
  onlineOrderSchema,
  submissionKeys,
  type OfflineOrderInput,
  type OnlineOrderInput,
} from '../order-preview-form.ts';

const TODAY = '2030-01-07';
const live = { buy: '380.000', sell: '370.000' };
const schema = onlineOrderSchema({ today: TODAY, livePrice: (_symbol, side) => live[side] });
const market: OnlineOrderInput = { userId: '7', orderType: 'MARKET', action: 'buy', symbol: 'XAU/MYR', quantity: '2.5', price: '', expiration: 'GTC', goodTillDate: '', comment: '' };
const limit: OnlineOrderInput = { ...market, orderType: 'LIMIT', price: '379.5' };

/** The first message per field of a failed parse. */
function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('online order form', () => {
  it('accepts a market order and builds the body of order/create (action 0 buy, no price, no GTD)', () => {
    const parsed = schema.parse(market);
    const body = createOrderBody(parsed);
    expect(body).toEqual({ userId: 7, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '2.5', goodTillDate: null, comment: null });
    // the server's own schema takes it as it is
    expect(CreateOrderBody.safeParse(body).success).toBe(true);
  });

  it('requires user, action and quantity', () => {
    expect(messages(schema.safeParse({ ...market, userId: '', action: undefined, quantity: '' }))).toEqual({ userId: 'required', action: 'required', quantity: 'required' });
  });

  it('refuses a quantity under the minimum, with more than 4 decimals, or not a number', () => {
    expect(messages(schema.safeParse({ ...market, quantity: '0.5' }))).toEqual({ quantity: 'minimumQuantity' });
    const issue = schema.safeParse({ ...market, quantity: '0.5' }).error!.issues[0] as { params?: Record<string, unknown> };
    expect(issue.params).toEqual({ value: '1' });
    expect(messages(schema.safeParse({ ...market, quantity: '1.23456' }))).toEqual({ quantity: 'decimalPlaces' });
    expect(messages(schema.safeParse({ ...market, quantity: '1,5' }))).toEqual({ quantity: 'invalidNumber' });
    expect(schema.safeParse({ ...market, quantity: '1' }).success).toBe(true);
    expect(onlineOrderSchema({ today: TODAY, minGrams: '5', livePrice: () => null }).safeParse({ ...market, quantity: '4.9999' }).success).toBe(false);
  });

  it('a limit needs a price (3 decimals) on the right side of the live price', () => {
    expect(messages(schema.safeParse({ ...limit, price: '' }))).toEqual({ price: 'required' });
    expect(messages(schema.safeParse({ ...limit, price: '1.2345' }))).toEqual({ price: 'decimalPlaces' });
    expect(messages(schema.safeParse({ ...limit, price: '-1' }))).toEqual({ price: 'greaterThanZero' });
    expect(messages(schema.safeParse({ ...limit, price: '380' }))).toEqual({ price: 'priceLimit' });
    const issue = schema.safeParse({ ...limit, price: '385' }).error!.issues[0] as { params?: Record<string, unknown> };
    expect(issue.params).toEqual({ price: '380.000' });
    expect(messages(schema.safeParse({ ...limit, action: 'sell', price: '369.999' }))).toEqual({ price: 'priceLimit' });
    expect(schema.safeParse({ ...limit, action: 'sell', price: '370.001' }).success).toBe(true);
    // a market order ignores whatever is in the price field
    expect(schema.safeParse({ ...market, price: 'junk' }).success).toBe(true);
  });

  it('GTD needs a date not before today, sent as yyyy-MM-dd; GTC sends null', () => {
    expect(messages(schema.safeParse({ ...limit, expiration: 'GTD', goodTillDate: '' }))).toEqual({ goodTillDate: 'required' });
    expect(messages(schema.safeParse({ ...limit, expiration: 'GTD', goodTillDate: '07/01/2030' }))).toEqual({ goodTillDate: 'invalidDate' });
    expect(messages(schema.safeParse({ ...limit, expiration: 'GTD', goodTillDate: '2030-01-06' }))).toEqual({ goodTillDate: 'greaterThanOrEqual' });
    const gtd = createOrderBody(schema.parse({ ...limit, expiration: 'GTD', goodTillDate: TODAY, comment: '  call first ' }));
    expect(gtd).toMatchObject({ orderType: 'LIMIT', price: '379.5', goodTillDate: TODAY, comment: 'call first' });
    expect(CreateOrderBody.safeParse(gtd).success).toBe(true);
    expect(createOrderBody(schema.parse({ ...limit, goodTillDate: '2030-02-01' })).goodTillDate).toBeNull();
    expect(createOrderBody(schema.parse({ ...market, expiration: 'GTD', goodTillDate: '2030-02-01' })).goodTillDate).toBeNull();
  });

  it("a market order carries the quoteId of the price its preview showed; a limit order none", () => {
    expect(createOrderBody(schema.parse(market), 'q.sig')).toMatchObject({ orderType: 'MARKET', quoteId: 'q.sig' });
    expect(CreateOrderBody.safeParse(createOrderBody(schema.parse(market), 'q.sig')).success).toBe(true);
    expect(createOrderBody(schema.parse(market), null)).not.toHaveProperty('quoteId');
    expect(createOrderBody(schema.parse({ ...limit, goodTillDate: '2030-02-01' }), 'q.sig')).not.toHaveProperty('quoteId');
  });

  it('XAU/USD sends currency USD and action 1 for a sell', () => {
    const body = createOrderBody(schema.parse({ ...market, symbol: 'XAU/USD', action: 'sell' }));
    expect(body).toMatchObject({ symbol: 'XAU/USD', currency: 'USD', action: 1 });
  });
});

describe('offline order form', () => {
  const offline = offlineOrderSchema();
  const input: OfflineOrderInput = {
    userId: '3',
    action: 'sell',
    symbol: 'XAU/MYR',
    quantity: '1.5',
    source: ' Desk ',
    costPrice: '370.5',
    quotePrice: '375',
    exchangeRate: '4.45678',
    finalPrice: '376.1235',
    note: '',
    constantType: 'afterHour',
  };

  it('formats the exchange rate to 4 decimals and the final price to 3; useAhtConfig when after-hour', () => {
    const body = customizeOrderBody(offline.parse(input));
    expect(body).toEqual({
      userId: 3,
      action: 1,
      symbol: 'XAU/MYR',
      currency: 'MYR',
      quantity: '1.5',
      source: 'Desk',
      costPrice: '370.5',
      quotePrice: '375',
      exchangeRate: '4.4568',
      finalPrice: '376.124',
      note: null,
      useAhtConfig: true,
      priceBandAcknowledged: false,
    });
    expect(CustomizeOrderBody.safeParse(body).success).toBe(true);
    expect(customizeOrderBody(offline.parse({ ...input, constantType: 'regular' })).useAhtConfig).toBe(false);
    // the review's tick goes with the body (decision 0751)
    expect(customizeOrderBody(offline.parse(input), true).priceBandAcknowledged).toBe(true);
  });

  it('refuses missing prices, a rate that rounds to zero and a short quantity', () => {
    expect(messages(offline.safeParse({ ...input, costPrice: '', quotePrice: 'x', exchangeRate: '0.00001', finalPrice: '-2', quantity: '0.1' }))).toEqual({
      costPrice: 'required',
      quotePrice: 'invalidNumber',
      exchangeRate: 'greaterThanZero',
      finalPrice: 'greaterThanZero',
      quantity: 'minimumQuantity',
    });
    expect(messages(offline.safeParse({ ...input, note: 'x'.repeat(1001) }))).toEqual({ note: 'maxLength' });
  });
});

describe('submission keys', () => {
  it('one key per submission: the same body keeps its key until it succeeds, another body gets a new one', () => {
    let n = 0;
    const keys = submissionKeys(() => `k${++n}`);
    expect(keys.keyFor({ a: 1 })).toBe('k1');
    expect(keys.keyFor({ a: 1 })).toBe('k1'); // a double click, or a retry after no answer
    expect(keys.keyFor({ a: 2 })).toBe('k2'); // the admin changed the form
    keys.succeeded();
    expect(keys.keyFor({ a: 2 })).toBe('k3'); // the next order
    // the same order under a newer quote is the same submission (a retry must not place it twice)
    expect(keys.keyFor({ a: 2, quoteId: 'q1' })).toBe('k3');
    expect(keys.keyFor({ a: 2, quoteId: 'q2' })).toBe('k3');
  });

  it('makes random keys the server accepts', () => {
    const key = submissionKeys().keyFor({});
    expect(key).toMatch(/^[\x21-\x7e]{1,200}$/);
  });
});

describe('minimum from the server', () => {
  it("reads the detail {rule: 'minimumQuantity', value} of a refused quantity", () => {
    expect(minimumFromServer({ context: 'quantity', detail: { rule: 'minimumQuantity', value: '5' } })).toBe('5');
    expect(minimumFromServer({ context: 'quantity', detail: { rule: 'minimumQuantity', value: '0.5' } })).toBe('0.5');
    expect(minimumFromServer({ context: 'quantity', detail: { rule: 'lessThanOrEqual', compared: '100' } })).toBeNull();
    expect(minimumFromServer({ context: 'quantity' })).toBeNull();
    expect(minimumFromServer({ context: null })).toBeNull();
  });
});
