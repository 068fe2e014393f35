import { describe, expect, it } from 'vitest';
import type { OrderNode } from '@aurum/domain/orders/order-schemas';
import { barWidths, listPrice, listRows, mergeOrder, mergeOrders, nextEntryDue, pastEntries } from '../order-view.ts';
import type { NewOrder } from '../new-order-cache.ts';

const node = (id: number, over: Partial<OrderNode> = {}): OrderNode => ({
  id,
  executionId: `EX${id}`,
  orderType: 'MARKET',
  status: 'FILLED',
  action: 'BUY',
  symbol: 'XAU/MYR',
  userId: 7,
  username: 'aminah',
  currency: 'MYR',
  quantityGram: '1.0000',
  quantityOz: '0.0322',
  costPrice: null,
  quotePrice: null,
  myrPrice: '380.000',
  usdPrice: '2650.00',
  exchangeRate: '4.4500',
  limitPrice: null,
  amount: '380.00',
  createdAt: '2026-01-05T02:00:00.000Z',
  filledAt: '2026-01-05T02:00:00.000Z',
  settledAt: null,
  interestStartAt: null,
  completedAt: null,
  goodTillDate: null,
  goodTilDate: null,
  creditDeducted: '0.00',
  balanceDeducted: '380.00',
  goldReserved: '0.0000',
  spreadAdjustment: null,
  customizedAdjustment: null,
  userFee: null,
  globalFee: null,
  source: null,
  note: null,
  comment: null,
  isCustom: false,
  timeline: [],
  ...over,
});
const cached = (id: number): NewOrder => ({ id, userId: 7, username: 'aminah', action: 'SELL', orderType: 'LIMIT', symbol: 'XAU/MYR', currency: 'MYR', quantityGram: '2.0000', price: '400.000', createdAt: '2026-01-05T03:00:00.000Z' });

describe('live order updates', () => {
  it('merges a partial update into the known order by its fields', () => {
    const merged = mergeOrder(node(1), { id: 1, status: 'SETTLED', settledAt: '2026-01-06T02:00:00.000Z', somethingElse: 'ignored' });
    expect(merged.status).toBe('SETTLED');
    expect(merged.settledAt).toBe('2026-01-06T02:00:00.000Z');
    expect(merged.myrPrice).toBe('380.000');
    expect('somethingElse' in merged).toBe(false);
  });

  it('keeps the same object when nothing changes, and ignores an unknown status', () => {
    const known = node(1);
    expect(mergeOrder(known, undefined)).toBe(known);
    expect(mergeOrder(known, { id: 1, status: 'FILLED' })).toBe(known);
    expect(mergeOrder(known, { id: 1, status: 'EXPLODED' })).toBe(known);
  });

  it('applies each update to its own order only (ids as text or number)', () => {
    const updates = new Map([['2', { id: 2, status: 'PAID' as const }]]);
    const [a, b] = mergeOrders([node(1), node(2)], updates);
    expect(a!.status).toBe('FILLED');
    expect(b!.status).toBe('PAID');
  });
});

describe('list rows', () => {
  it('shows cached new orders as Pending on top until the server list has them', () => {
    const { rows, seen } = listRows([node(5), node(4)], new Map(), [cached(6), cached(4)]);
    expect(rows.map((r) => [r.id, r.status, r.pending])).toEqual([
      [6, 'PENDING', true],
      [5, 'FILLED', false],
      [4, 'FILLED', false],
    ]);
    expect(seen).toEqual([4]);
    expect(rows[0]!.price).toBe('400.000');
  });

  it('a page that does not show cached orders (filtered, older) still tells which of them the server has', () => {
    const { rows, seen } = listRows([node(5), node(4)], new Map(), [cached(6), cached(4)], false);
    expect(rows.map((r) => r.id)).toEqual([5, 4]);
    expect(seen).toEqual([4]);
  });

  it('merges live updates into the rows', () => {
    const { rows } = listRows([node(5)], new Map([['5', { id: 5, status: 'SETTLED' }]]), []);
    expect(rows[0]!.status).toBe('SETTLED');
  });

  it('prices a waiting limit order at its limit, a filled one at its price in its currency', () => {
    expect(listPrice(node(1, { orderType: 'LIMIT', status: 'CREATED', limitPrice: '300.000', myrPrice: null }))).toBe('300.000');
    expect(listPrice(node(1, { orderType: 'LIMIT', status: 'FILLED', limitPrice: '300.000', myrPrice: '299.500' }))).toBe('299.500');
    expect(listPrice(node(1, { currency: 'USD', symbol: 'XAU/USD' }))).toBe('2650.00');
  });
});

describe('timeline and chart', () => {
  it('keeps only timeline entries dated before now', () => {
    const now = new Date('2026-01-05T12:00:00Z');
    const entries = [
      { id: 1, date: '2026-01-05T11:59:59Z' },
      { id: 2, date: '2026-01-05T12:00:00Z' },
      { id: 3, date: '2026-01-08T00:00:00Z' },
      { id: 4, date: 'not a date' },
    ];
    expect(pastEntries(entries, now).map((e) => e.id)).toEqual([1]);
  });

  it('tells when the earliest entry not yet shown comes due (an entry dated ahead of this clock shows then)', () => {
    const now = new Date('2026-01-05T12:00:00Z');
    const entries = [
      { date: '2026-01-05T11:59:59Z' },
      { date: '2026-01-08T00:00:00Z' },
      { date: '2026-01-05T12:00:00.350Z' },
      { date: 'not a date' },
    ];
    expect(nextEntryDue(entries, now)).toBe(351);
    expect(pastEntries(entries, new Date(now.getTime() + 351))).toHaveLength(2);
    expect(nextEntryDue([{ date: '2026-01-05T12:00:00Z' }], now)).toBe(1);
    expect(nextEntryDue(entries.slice(0, 1), now)).toBeNull();
  });

  it('sizes bars against the largest count', () => {
    expect(barWidths([{ count: 5 }, { count: 10 }, { count: 0 }])).toEqual([50, 100, 0]);
    expect(barWidths([{ count: 0 }, { count: 0 }])).toEqual([0, 0]);
  });
});
