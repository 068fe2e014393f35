import { describe, expect, it } from 'vitest';
import { disagreementBps, feedHealth, isFeedOpen, isOutOfOrder, isStale, openMillisBetween, sourcesDisagree } from '../price-health.ts';
import { marketStatus } from '../../system/market-status.ts';

// business time is UTC+8: 2026-11-20 is a Friday, 2026-11-23 a Monday, 2026-11-24 a Tuesday
const kl = (local: string) => new Date(`${local}+08:00`);
const plain = { holidays: [], tradingPeriod: false };
const MIN = 60_000;

describe('freshness on the market calendar', () => {
  it('a Friday close to Monday open without ticks is not stale', () => {
    const lastTick = kl('2026-11-20T17:29:59');
    expect(isStale(lastTick, kl('2026-11-21T12:00:00'), 10_000, plain)).toBe(false); // Saturday
    expect(isStale(lastTick, kl('2026-11-22T23:59:59'), 10_000, plain)).toBe(false); // Sunday night
    expect(isStale(lastTick, kl('2026-11-23T09:00:05'), 10_000, plain)).toBe(false); // Monday, 1 s + 5 s of open time
    expect(openMillisBetween(lastTick, kl('2026-11-23T09:00:05'), plain)).toBe(6_000);
    // ... and becomes stale once the Monday session has run longer than the limit without a tick
    expect(isStale(lastTick, kl('2026-11-23T09:00:10'), 10_000, plain)).toBe(true);
  });

  it('a silent hour on a Tuesday is stale; a tick within the limit is fresh', () => {
    expect(isStale(kl('2026-11-24T10:00:00'), kl('2026-11-24T11:00:00'), 10_000, plain)).toBe(true);
    expect(isStale(kl('2026-11-24T10:00:00'), kl('2026-11-24T10:00:10'), 10_000, plain)).toBe(false);
    expect(isStale(kl('2026-11-24T10:00:00'), kl('2026-11-24T10:00:10.001'), 10_000, plain)).toBe(true);
  });

  it('a holiday is not stale; the night counts only in trading-period mode', () => {
    const holiday = { holidays: ['2026-11-24'], tradingPeriod: false };
    expect(isFeedOpen(kl('2026-11-24T10:00:00'), holiday)).toBe(false);
    expect(isStale(kl('2026-11-23T17:29:00'), kl('2026-11-24T16:00:00'), 120_000, holiday)).toBe(false);
    expect(isStale(kl('2026-11-24T20:00:00'), kl('2026-11-24T23:00:00'), 10_000, plain)).toBe(false);
    expect(isStale(kl('2026-11-24T20:00:00'), kl('2026-11-24T23:00:00'), 10_000, { holidays: [], tradingPeriod: true })).toBe(true);
    // trading-period mode still keeps weekends out
    expect(isStale(kl('2026-11-20T23:59:59'), kl('2026-11-23T00:00:05'), 10_000, { holidays: [], tradingPeriod: true })).toBe(false);
  });

  it('counts open time across days exactly and never a negative span', () => {
    // Monday 17:00 to Tuesday 10:00: 30 min on Monday, 60 min on Tuesday
    expect(openMillisBetween(kl('2026-11-23T17:00:00'), kl('2026-11-24T10:00:00'), plain)).toBe(90 * MIN);
    expect(openMillisBetween(kl('2026-11-24T10:00:00'), kl('2026-11-24T09:00:00'), plain)).toBe(0);
    expect(isStale(null, kl('2026-11-21T12:00:00'), 10_000, plain)).toBe(true); // never ticked: stale even on a weekend
  });
});

describe('out-of-order ticks', () => {
  it('drops a tick older than the last accepted one of its source, keeps an equal or newer one', () => {
    const last = new Date('2026-11-24T02:00:00.500Z');
    expect(isOutOfOrder(new Date('2026-11-24T02:00:00.499Z'), last)).toBe(true);
    expect(isOutOfOrder(new Date('2026-11-24T02:00:00.500Z'), last)).toBe(false);
    expect(isOutOfOrder(new Date('2026-11-24T02:00:01Z'), last)).toBe(false);
    expect(isOutOfOrder(new Date('2020-01-01T00:00:00Z'), null)).toBe(false);
  });
});

describe('disagreement of two sources', () => {
  const primary = { bid: '2000.00', ask: '2002.00' }; // mid 2001
  it('measures the mids in basis points of the primary and compares with the threshold', () => {
    expect(disagreementBps(primary, { bid: '2011.005', ask: '2011.005' }).toFixed(2)).toBe('50.00');
    expect(sourcesDisagree(primary, { bid: '2011.005', ask: '2011.005' }, 50)).toBe(false); // at the threshold: agree
    expect(sourcesDisagree(primary, { bid: '2012.00', ask: '2012.00' }, 50)).toBe(true);
    expect(sourcesDisagree(primary, { bid: '1990.00', ask: '1990.00' }, 50)).toBe(true); // below as well as above
  });

  it('the feed health: stale first, then disagree, else healthy; no check source, no cross-check', () => {
    const now = kl('2026-11-24T10:00:05');
    const tick = kl('2026-11-24T10:00:04');
    const far = { bid: '2100.00', ask: '2100.00' };
    const base = { now, calendar: plain, primary: { lastTickAt: tick, limitMs: 10_000, quote: primary } };
    expect(feedHealth({ ...base, check: null })).toBe('healthy');
    expect(feedHealth({ ...base, check: { lastTickAt: tick, limitMs: 10_000, quote: far, thresholdBps: 50 } })).toBe('disagree');
    expect(feedHealth({ ...base, check: { lastTickAt: tick, limitMs: 10_000, quote: primary, thresholdBps: 50 } })).toBe('healthy');
    expect(feedHealth({ ...base, check: { lastTickAt: kl('2026-11-24T09:00:00'), limitMs: 10_000, quote: primary, thresholdBps: 50 } })).toBe('stale');
    expect(feedHealth({ ...base, primary: { ...base.primary, lastTickAt: null }, check: null })).toBe('stale');
  });

  it('the market status closes the live pairs with the reason while sources disagree; offline stays open', () => {
    const s = marketStatus({ now: kl('2026-11-24T10:00:00'), holidays: [], modes: { panic: false, tradingPeriod: false, autoSettle: false }, sourceConnected: true, sourcesDisagree: true });
    expect(s.reason).toBe('sources disagree');
    expect([s.myr.available, s.usd.available, s.offline.available]).toEqual([false, false, true]);
  });
});
