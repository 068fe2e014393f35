import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { businessClock } from '../business-time.ts';
import { autoSettleReenableAt, marketStatus, type Modes } from '../market-status.ts';

const off: Modes = { panic: false, tradingPeriod: false, autoSettle: false };
// 2026-11-23 is a Monday; 10:00 in Kuala Lumpur is 02:00 UTC
const at = (iso: string) => new Date(iso);
const status = (iso: string, patch: Partial<{ holidays: string[]; modes: Partial<Modes>; sourceConnected: boolean }> = {}) =>
  marketStatus({ now: at(iso), holidays: patch.holidays ?? [], modes: { ...off, ...patch.modes }, sourceConnected: patch.sourceConnected ?? true });

describe('market status per pair', () => {
  it('is open in trading hours on a business day, with the regular variant', () => {
    const s = status('2026-11-23T02:00:00Z');
    expect(s).toEqual({ myr: { available: true, reason: null }, usd: { available: true, reason: null }, offline: { available: true, reason: null }, variant: 'regular', reason: null });
  });
  it('opens at 09:00 and closes at 17:30 Kuala Lumpur time', () => {
    expect(status('2026-11-23T00:59:59Z').usd.available).toBe(false);
    expect(status('2026-11-23T01:00:00Z').usd.available).toBe(true);
    expect(status('2026-11-23T09:29:59Z').usd.available).toBe(true);
    const closed = status('2026-11-23T09:30:00Z');
    expect(closed.usd).toEqual({ available: false, reason: 'bank closed' });
    expect(closed.variant).toBe('afterHour');
  });
  it('is closed at weekends (bank closed) and on system holidays', () => {
    expect(status('2026-11-22T02:00:00Z').reason).toBe('bank closed'); // Sunday
    const h = status('2026-11-23T02:00:00Z', { holidays: ['2026-11-23'] });
    expect(h.myr).toEqual({ available: false, reason: 'system holiday' });
    expect(h.offline.available).toBe(true);
  });
  it('uses the business date, not the UTC date, for holidays', () => {
    // 2026-11-23 16:30 UTC is 2026-11-24 00:30 in Kuala Lumpur
    expect(businessClock(at('2026-11-23T16:30:00Z')).date).toBe('2026-11-24');
  });
  it('trading-period mode keeps XAU/MYR open after hours, not XAU/USD', () => {
    const s = status('2026-11-23T12:00:00Z', { modes: { tradingPeriod: true } });
    expect(s.myr).toEqual({ available: true, reason: 'trading period mode' });
    expect(s.usd).toEqual({ available: false, reason: 'bank closed' });
  });
  it('panic mode closes everything, offline included', () => {
    const s = status('2026-11-23T02:00:00Z', { modes: { panic: true, tradingPeriod: true } });
    expect([s.myr.available, s.usd.available, s.offline.available]).toEqual([false, false, false]);
    expect(s.reason).toBe('panic mode');
  });
  it('a disconnected source closes the live pairs but not offline orders', () => {
    const s = status('2026-11-23T02:00:00Z', { sourceConnected: false });
    expect(s.myr.reason).toBe('market source disconnect');
    expect(s.offline.available).toBe(true);
  });
  it('property: XAU/USD is never open when XAU/MYR is closed, and panic always closes everything', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }), fc.boolean(), fc.boolean(), fc.boolean(), (now, panic, tradingPeriod, sourceConnected) => {
        const s = marketStatus({ now, holidays: ['2026-12-25'], modes: { panic, tradingPeriod, autoSettle: false }, sourceConnected });
        if (s.usd.available) expect(s.myr.available).toBe(true);
        if (panic) expect(s.myr.available || s.usd.available || s.offline.available).toBe(false);
        if (!s.myr.available || !s.usd.available) expect(s.reason).not.toBeNull();
      }),
    );
  });
});

describe('auto settle re-enable', () => {
  it('is the next 12:00 Kuala Lumpur time', () => {
    expect(autoSettleReenableAt(at('2026-11-23T02:00:00Z')).toISOString()).toBe('2026-11-23T04:00:00.000Z'); // 10:00 -> 12:00 same day
    expect(autoSettleReenableAt(at('2026-11-23T05:00:00Z')).toISOString()).toBe('2026-11-24T04:00:00.000Z'); // 13:00 -> tomorrow
    expect(autoSettleReenableAt(at('2026-11-23T04:00:00Z')).toISOString()).toBe('2026-11-24T04:00:00.000Z'); // exactly 12:00 -> tomorrow
  });
});
