import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BUSINESS_TIME_ZONE,
  BUSINESS_UTC_OFFSET,
  businessClock,
  businessDate,
  businessDatesBetween,
  CALENDAR_FIRST_DATE,
  CALENDAR_LAST_DATE,
  daysBetween,
  isBusinessDateText,
  isCalendarDate,
  isCalendarMoment,
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

  it('bounds the product calendar: its first and last days are in, the days around them and the far edges out', () => {
    expect([CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE]).toEqual(['2000-01-01', '2100-12-31']);
    for (const d of ['2000-01-01', '2000-02-29', '2096-02-29', '2100-12-31']) expect(isCalendarDate(d), d).toBe(true);
    for (const d of ['1999-12-31', '2101-01-01', '0001-01-01', '0000-01-01', '1970-01-01', '9999-12-31', '2100-02-29', '+10000-01-01']) expect(isCalendarDate(d), d).toBe(false);
    // a moment is in when its business date is: 2000-01-01 00:00 and 2100-12-31 23:59:59.999 in Kuala Lumpur
    expect(isCalendarMoment(Date.parse('1999-12-31T16:00:00Z'))).toBe(true);
    expect(isCalendarMoment(Date.parse('1999-12-31T15:59:59.999Z'))).toBe(false);
    expect(isCalendarMoment(Date.parse('2100-12-31T15:59:59.999Z'))).toBe(true);
    expect(isCalendarMoment(Date.parse('2100-12-31T16:00:00Z'))).toBe(false);
    expect(isCalendarMoment(Number.NaN)).toBe(false);
  });

  it('counts the dates of a range instead of comparing texts: the far edges end too', () => {
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(0);
    expect(daysBetween('2096-02-28', '2096-03-01')).toBe(2);
    expect(daysBetween('2026-11-25', '2026-11-24')).toBe(-1);
    expect(businessDatesBetween('2096-02-28', '2096-03-01', 366)).toEqual(['2096-02-28', '2096-02-29', '2096-03-01']);
    // the day after 9999-12-31 is no yyyy-MM-dd text: a loop comparing texts never ended there
    expect(businessDatesBetween('9999-12-31', '9999-12-31', 366)).toEqual(['9999-12-31']);
    expect(businessDatesBetween('0001-01-01', '0001-01-02', 366)).toEqual(['0001-01-01', '0001-01-02']);
    expect(businessDatesBetween('2026-11-25', '2026-11-24', 366)).toEqual([]);
    expect(() => businessDatesBetween(CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE, 366)).toThrow(RangeError);
    expect(() => businessDatesBetween('x', '2026-11-24', 366)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_889 }), fc.integer({ min: 0, max: 400 }), (start, length) => {
        const from = businessDate(startOfBusinessDay(CALENDAR_FIRST_DATE, start));
        const to = businessDate(startOfBusinessDay(from, length));
        const dates = businessDatesBetween(from, to, 401);
        expect(dates.length).toBe(length + 1);
        expect(dates[0]).toBe(from);
        expect(dates.at(-1)).toBe(to);
        dates.slice(1).forEach((d, i) => expect(daysBetween(dates[i]!, d)).toBe(1));
      }),
    );
  });
});
