import { describe, expect, it } from 'vitest';
import { priceFrame, trendOf } from '../price-frame.ts';
import { marketStatus } from '../../system/market-status.ts';
import type { CustomerPrice } from '../../orders/order-pricing.ts';

const kl = (local: string) => new Date(`${local}+08:00`);
const modes = { panic: false, tradingPeriod: false, autoSettle: false };
const tuesdayMorning = marketStatus({ now: kl('2026-11-24T10:00:00'), holidays: [], modes, sourceConnected: true });
const price = (myrBuy: string, myrSell: string): CustomerPrice => ({
  myr: { buy: myrBuy, sell: myrSell },
  usd: { buy: '2650.50', sell: '2640.10' },
  effectiveRate: { bid: '4.4000', ask: '4.4100' },
});

describe('trendOf', () => {
  it('is down only when strictly lower than the price before, up on equal, higher or no price before', () => {
    expect(trendOf('375.120', '375.121')).toBe('down');
    expect(trendOf('375.120', '375.120')).toBe('up');
    expect(trendOf('375.121', '375.120')).toBe('up');
    expect(trendOf('375.120', undefined)).toBe('up');
    // compared as decimals, not as text
    expect(trendOf('99.5', '100.0')).toBe('down');
  });
});

describe('priceFrame', () => {
  it('the first frame: every trend up, open pairs, the quote it was priced at', () => {
    const frame = priceFrame({ p: price('375.120', '370.000'), prev: null, status: tuesdayMorning, source: 'simulated', at: '2026-11-24T02:00:00.000Z', quote: { quoteId: 'q1', expiresAt: '2026-11-24T02:00:10.000Z' } });
    expect(frame).toEqual({
      myr: { buy: '375.120', sell: '370.000', buyTrend: 'up', sellTrend: 'up' },
      usd: { buy: '2650.50', sell: '2640.10', buyTrend: 'up', sellTrend: 'up' },
      available: { myr: true, usd: true, offline: true },
      reason: null,
      variant: 'regular',
      source: 'simulated',
      at: '2026-11-24T02:00:00.000Z',
      quoteId: 'q1',
      expiresAt: '2026-11-24T02:00:10.000Z',
    });
  });

  it('each side trends against the same side of the frame before; in panic nothing is open or quoted', () => {
    const first = priceFrame({ p: price('375.120', '370.000'), prev: null, status: tuesdayMorning, source: 'simulated', at: 'a', quote: null });
    const panic = marketStatus({ now: kl('2026-11-24T10:00:01'), holidays: [], modes: { ...modes, panic: true }, sourceConnected: true });
    const next = priceFrame({ p: price('375.000', '370.500'), prev: first, status: panic, source: 'manual', at: 'b', quote: null });
    expect(next.myr).toEqual({ buy: '375.000', sell: '370.500', buyTrend: 'down', sellTrend: 'up' });
    expect(next.available).toEqual({ myr: false, usd: false, offline: false });
    expect(next.reason).toBe('panic mode');
    expect([next.quoteId, next.expiresAt, next.source]).toEqual([null, null, 'manual']);
  });
});
