import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALENDAR_DETAIL, calendarDate, calendarDateOrMoment, calendarMoment, calendarMonth, dateRangeRule } from '../calendar-fields.ts';

/** What a field says of a value: ok, or its first issue's message and the rule's values (the refusal's detail). */
const verdict = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? 'ok' : { message: r.error.issues[0]!.message, detail: (r.error.issues[0] as { params?: unknown }).params ?? null };
};
const outside = { message: 'invalidDate', detail: CALENDAR_DETAIL };
const notADate = { message: 'invalidDate', detail: null };

describe('the date fields of every request', () => {
  it('take a date of the calendar, and refuse a date outside it with the calendar in the detail', () => {
    for (const d of ['2000-01-01', '2000-02-29', '2026-11-27', '2100-12-31']) expect(verdict(calendarDate, d), d).toBe('ok');
    for (const d of ['0000-01-01', '0001-01-01', '1970-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) expect(verdict(calendarDate, d), d).toEqual(outside);
    for (const d of ['2100-02-29', '2026-02-30', '2026-1-01', '+010000-01-01', '', 'x']) expect(verdict(calendarDate, d), d).toEqual(notADate);
    expect(verdict(calendarDate, undefined)).toEqual({ message: 'required', detail: null });
    expect(CALENDAR_DETAIL).toEqual({ rule: 'calendar', first: '2000-01-01', last: '2100-12-31' });
  });

  it('take a moment with its offset whose business date is in the calendar', () => {
    for (const m of ['2000-01-01T00:00:00+08:00', '1999-12-31T16:00:00Z', '2100-12-31T23:59:59.999999+08:00', '2026-11-27T10:00Z']) expect(verdict(calendarMoment, m), m).toBe('ok');
    for (const m of ['1999-12-31T23:59:59.999+08:00', '2100-12-31T16:00:00Z', '0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '1970-01-01T00:00:00Z']) {
      expect(verdict(calendarMoment, m), m).toEqual(outside);
    }
    for (const m of ['2026-11-27', '2026-11-27T10:00:00', '2026-02-30T10:00:00Z', '-100000-01-01T00:00:00Z', '2026-11-27T10:00:00.1234567Z']) expect(verdict(calendarMoment, m), m).toEqual(notADate);
  });

  it('take a month of the calendar, and a filter end that is either a date or a moment', () => {
    for (const m of ['2000-01', '2100-12']) expect(verdict(calendarMonth, m), m).toBe('ok');
    for (const m of ['1999-12', '2101-01', '0001-01', '9999-12']) expect(verdict(calendarMonth, m), m).toEqual(outside);
    for (const m of ['2026-13', '2026-1', '2026-01-01']) expect(verdict(calendarMonth, m), m).toEqual(notADate);
    for (const v of ['2000-01-01', '2100-12-31T15:59:59Z']) expect(verdict(calendarDateOrMoment, v), v).toBe('ok');
    for (const v of ['9999-12-31', '0001-01-01T00:00:00Z']) expect(verdict(calendarDateOrMoment, v), v).toEqual(outside);
  });

  it('bound a range to its span and order, naming `to`', () => {
    const Range = z.object({ from: calendarDate, to: calendarDate }).superRefine(dateRangeRule(366));
    const issue = (from: string, to: string) => Range.safeParse({ from, to }).error?.issues.map((i) => ({ path: i.path.join('.'), params: (i as { params?: unknown }).params ?? null }));
    expect(issue('2096-01-01', '2096-12-31')).toBeUndefined();
    expect(issue('2000-01-01', '2001-01-01')).toEqual([{ path: 'to', params: { rule: 'maxDays', value: 366 } }]);
    expect(issue('2026-01-02', '2026-01-01')).toEqual([{ path: 'to', params: null }]);
    expect(issue('9999-12-31', '9999-12-31')).toEqual([
      { path: 'from', params: CALENDAR_DETAIL },
      { path: 'to', params: CALENDAR_DETAIL },
    ]);
  });

  it('say in the OpenAPI document which fields are dates', () => {
    const doc = z.toJSONSchema(z.object({ d: calendarDate.optional(), m: calendarMoment, y: calendarMonth, e: calendarDateOrMoment }), { io: 'input' }) as {
      properties: Record<string, { format?: string; pattern?: string; anyOf?: unknown[]; description?: string }>;
    };
    expect(doc.properties.d).toMatchObject({ type: 'string', format: 'date' });
    expect(doc.properties.d!.description).toContain('2000-01-01 to 2100-12-31');
    expect(doc.properties.m).toMatchObject({ type: 'string', format: 'date-time' });
    expect(new RegExp(doc.properties.y!.pattern!).test('2026-11')).toBe(true);
    expect(doc.properties.e!.anyOf).toEqual([{ format: 'date' }, { format: 'date-time' }]);
  });
});
