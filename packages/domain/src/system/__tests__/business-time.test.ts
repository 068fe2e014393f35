import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BUSINESS_TIME_ZONE,
  BUSINESS_UTC_OFFSET,
  businessClock,
  businessDate,
  isBusinessDateText,
  nextBusinessTime,
  startOfBusinessDay,
} from '../business-time.ts';

describe('business clock (Asia/Kuala_Lumpur)', () => {
  it('agrees with the time zone database on every date since 1990', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(businessDate(d)).toBe(zone.format(d));
      }),
    );
  });

  it('writes its offset as ISO 8601 does', () => {
    expect(BUSINESS_UTC_OFFSET).toBe('+08:00');
    expect(startOfBusinessDay('2026-11-24').getTime()).toBe(Date.parse(`2026-11-24T00:00:00${BUSINESS_UTC_OFFSET}`));
  });

  it('turns the date at 16:00 UTC', () => {
    expect(businessDate(new Date('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(businessDate(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(businessClock(new Date('2026-11-23T16:30:00Z'))).toEqual({ date: '2026-11-24', weekday: 2, minutes: 30 });
  });

  it('starts a business day at its midnight in Kuala Lumpur, plus whole days', () => {
    expect(startOfBusinessDay('2026-11-24').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(startOfBusinessDay('2026-11-24', 1).toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(startOfBusinessDay('2026-11-24', -1).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(Number.isNaN(startOfBusinessDay('someday').getTime())).toBe(true);
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        const start = startOfBusinessDay(businessDate(d));
        expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
        expect(startOfBusinessDay(businessDate(d), 1).getTime()).toBeGreaterThan(d.getTime());
        expect(businessDate(start)).toBe(businessDate(d));
      }),
    );
  });

  it('knows a real calendar date from a rolled-over one', () => {
    expect(isBusinessDateText('2028-02-29')).toBe(true);
    expect(isBusinessDateText('2026-02-29')).toBe(false);
    expect(isBusinessDateText('2026-13-01')).toBe(false);
    expect(isBusinessDateText('2026-1-01')).toBe(false);
  });

  it('finds the next wall-clock time, strictly after the moment', () => {
    const noon = { hour: 12, minute: 0 };
    expect(nextBusinessTime(new Date('2026-11-23T02:00:00Z'), noon).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(nextBusinessTime(new Date('2026-11-23T04:00:00Z'), noon).toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(nextBusinessTime(new Date('2026-11-23T17:00:00Z'), noon).toISOString()).toBe('2026-11-24T04:00:00.000Z');
  });
});
