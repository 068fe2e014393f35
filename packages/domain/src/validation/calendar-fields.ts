import { z } from 'zod';
import { CALENDAR_FIRST_DATE, CALENDAR_LAST_DATE, daysBetween, isBusinessDateText, isCalendarDate, isCalendarMoment } from '../system/business-time.ts';
import { ValidationMessage } from './rules.ts';

/**
 * The date fields of every request, bounded by the product calendar (decision 0111) where they are
 * parsed: a refusal is 1001 naming the field, and a date that exists but lies outside the calendar
 * carries `detail` {rule: 'calendar', first, last} (decision 0102). The OpenAPI document says which
 * fields are dates through their `format` (date, date-time) or their yyyy-MM pattern.
 */

/** The refusal's detail of a date that exists but lies outside the calendar. */
export const CALENDAR_DETAIL = { rule: 'calendar', first: CALENDAR_FIRST_DATE, last: CALENDAR_LAST_DATE } as const;

const CALENDAR_TEXT = `from ${CALENDAR_FIRST_DATE} to ${CALENDAR_LAST_DATE} (Asia/Kuala_Lumpur)`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO 8601 moment with its offset, to the minute, second or microsecond (what PostgreSQL keeps). */
const MOMENT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Epoch milliseconds of a moment text whose own date exists (2026-02-30T... is refused, not rolled over); null otherwise. */
export function momentOf(text: string): number | null {
  const m = MOMENT.exec(text);
  if (!m || !isBusinessDateText(m[1]!)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether a text is an ISO moment with its offset within the calendar. */
export const isCalendarMomentText = (text: string): boolean => {
  const ms = momentOf(text);
  return ms !== null && isCalendarMoment(ms);
};

/** Whether a yyyy-MM text names a month of the calendar. */
export const isCalendarMonth = (text: string): boolean => MONTH.test(text) && isCalendarDate(`${text}-01`);

/**
 * One refusal per value: not a date at all (invalidDate), or a date outside the calendar (invalidDate
 * with the calendar's detail). `exists` says whether the text is a date the calendar could hold.
 */
function bounded(exists: (v: string) => boolean, inCalendar: (v: string) => boolean) {
  return z.string({ error: (issue) => (issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidDate) }).superRefine((v, ctx) => {
    if (!exists(v)) ctx.addIssue({ code: 'custom', message: ValidationMessage.invalidDate });
    else if (!inCalendar(v)) ctx.addIssue({ code: 'custom', message: ValidationMessage.invalidDate, params: CALENDAR_DETAIL });
  });
}

/** A business date yyyy-MM-dd of the calendar. */
export const calendarDate = bounded(isBusinessDateText, isCalendarDate).meta({ format: 'date', description: `yyyy-MM-dd ${CALENDAR_TEXT}` });

/** A month yyyy-MM of the calendar. */
export const calendarMonth = bounded((v) => MONTH.test(v), isCalendarMonth).meta({ pattern: MONTH.source, description: `yyyy-MM ${CALENDAR_TEXT}` });

/** An ISO 8601 moment with its offset (2026-11-27T10:00:00+08:00 or ...Z) within the calendar. */
export const calendarMoment = bounded((v) => momentOf(v) !== null, isCalendarMomentText).meta({
  format: 'date-time',
  description: `an ISO 8601 date-time with its offset, ${CALENDAR_TEXT}`,
});

/** Whether a text is a date or a moment of the calendar. */
export const isCalendarDateOrMoment = (v: string): boolean => (DATE.test(v) ? isCalendarDate(v) : isCalendarMomentText(v));

/** How the OpenAPI document describes a field that takes a date or a moment (a filter's end). */
export const DATE_OR_MOMENT_DOC = {
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
  description: `yyyy-MM-dd (a whole business day) or an ISO 8601 date-time with its offset, ${CALENDAR_TEXT}`,
};

/** A business date (a whole day) or an ISO moment with its offset, within the calendar. */
export const calendarDateOrMoment = bounded((v) => (DATE.test(v) ? isBusinessDateText(v) : momentOf(v) !== null), isCalendarDateOrMoment).meta(DATE_OR_MOMENT_DOC);

/**
 * The rule of a range from..to of business dates (its fields already valid dates): `to` not before
 * `from`, and at most `maxDays` dates in all; a refusal names `to` (with {rule: 'maxDays', value}
 * when the range is too long).
 */
export function dateRangeRule<T extends { from?: string | undefined; to?: string | undefined }>(maxDays: number) {
  return (v: T, ctx: z.RefinementCtx): void => {
    // a date the calendar lacks is refused by its own field
    if (v.from === undefined || v.to === undefined || !isCalendarDate(v.from) || !isCalendarDate(v.to)) return;
    const days = daysBetween(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: ValidationMessage.greaterThanOrEqual });
    else if (days >= maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: ValidationMessage.lessThanOrEqual, params: { rule: 'maxDays', value: maxDays } });
  };
}
