import { describe, expect, it } from 'vitest';
import { isSocketMessage, type PriceData } from '@aurum/domain/system/live-messages';
import { applyLiveMessage, createLiveStore, EMPTY_LIVE_STATE, marketStatusOf } from '../live-store.ts';
import type { MarketStatus } from '../market-status.ts';

const price = (available: PriceData['available'], reason: PriceData['reason'] = null): PriceData => ({
  myr: { buy: '400.000', sell: '390.000', buyTrend: 'up', sellTrend: 'down' },
  usd: { buy: '2650.00', sell: '2640.00', buyTrend: 'up', sellTrend: 'up' },
  available,
  reason,
  variant: 'regular',
  source: 'simulated',
  at: '2026-01-05T03:00:00.000Z',
});

describe('live store', () => {
  it("is 'connecting' until the first price, then the price's reason; unavailable when any market is", () => {
    expect(marketStatusOf(EMPTY_LIVE_STATE)).toEqual({ phase: 'connecting' });
    expect(marketStatusOf({ price: price({ myr: true, usd: true, offline: true }) })).toEqual({ phase: 'live', reason: null, unavailable: false, open: ['myr', 'usd', 'offline'] });
    // closed, and what still trades beside it (XAU/MYR and offline orders while the bank is closed)
    expect(marketStatusOf({ price: price({ myr: true, usd: false, offline: true }, 'bank closed') })).toEqual({
      phase: 'live',
      reason: 'bank closed',
      unavailable: true,
      open: ['myr', 'offline'],
    });
    expect(marketStatusOf({ price: price({ myr: false, usd: false, offline: false }, 'panic mode') })).toMatchObject({ unavailable: true, open: [] });
    expect(marketStatusOf({ price: price({ myr: true, usd: true, offline: false }) })).toMatchObject({ unavailable: true });
  });

  it('merges order updates by id', () => {
    let s = applyLiveMessage(EMPTY_LIVE_STATE, { type: 'OrderUpdated', data: { id: 5, status: 'FILLED', note: 'a' } });
    s = applyLiveMessage(s, { type: 'Market', data: { id: '5', status: 'SETTLED' } });
    expect(s.orders.get('5')).toEqual({ id: '5', status: 'SETTLED', note: 'a' });
  });

  it('passes RequestUpdated to message listeners (request screens refetch) without keeping it', () => {
    const store = createLiveStore();
    const seen: string[] = [];
    store.onMessage((m) => seen.push(m.type));
    const before = store.get();
    const request = { id: 7, action: 'deposit', method: 'bankTransfer', type: 'MYR', amount: '10.00', quantity: null, status: 'approved', userId: 3, sender: null, receiver: { id: 3, username: 'aminah' }, note: null, submittedBy: 'financemaker', submittedById: 3, verifiedBy: 'financeapprover', declineReason: null, userReceiptUrl: null, verifiedReceiptUrl: null, createdAt: '2026-01-05T03:00:00.000Z', decidedAt: '2026-01-05T04:00:00.000Z' } as const;
    store.apply({ type: 'RequestUpdated', data: request });
    expect(seen).toEqual(['RequestUpdated']);
    expect(store.get()).toBe(before);
    expect(isSocketMessage({ type: 'RequestUpdated', data: request })).toBe(true);
  });

  it('reset clears prices, rate and orders and tells the top bar', () => {
    const statuses: MarketStatus[] = [];
    const store = createLiveStore((s) => statuses.push(s));
    store.apply({ type: 'Price', data: price({ myr: true, usd: true, offline: true }) });
    store.apply({ type: 'MyrRate', data: { bidPrice: '4.1', askPrice: '4.2', highPrice: '4.3', lowPrice: '4.0' } });
    store.apply({ type: 'OrderUpdated', data: { id: 1 } });
    expect(store.get().priceSeq).toBe(1);
    store.reset(false);
    expect(store.get()).toEqual(EMPTY_LIVE_STATE);
    expect(statuses.at(0)).toEqual({ phase: 'live', reason: null, unavailable: false, open: ['myr', 'usd', 'offline'] });
    expect(statuses.at(-1)).toEqual({ phase: 'connecting' });
  });
});
