/**
 * The business clock (DECISIONS.md §3), declared once for the server and the console: business
 * time is Asia/Kuala_Lumpur, which keeps UTC+8 all year (no daylight saving), so local time is UTC
 * shifted by 8 hours. A business date is a yyyy-MM-dd day there; every "today", day boundary and
 * local hour of the product is computed here, never with an offset or zone written elsewhere.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Kuala_Lumpur';
export const BUSINESS_UTC_OFFSET_MINUTES = 8 * 60;

const OFFSET_MS = BUSINESS_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The offset as ISO 8601 writes it ('+08:00'). */
export const BUSINESS_UTC_OFFSET = `${BUSINESS_UTC_OFFSET_MINUTES < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(BUSINESS_UTC_OFFSET_MINUTES) / 60))}:${pad(Math.abs(BUSINESS_UTC_OFFSET_MINUTES) % 60)}`;

/** Business-local date (yyyy-MM-dd), weekday (0 = Sunday) and minutes since midnight. */
export function businessClock(now: Date): { date: string; weekday: number; minutes: number } {
  const local = new Date(now.getTime() + OFFSET_MS);
  const date = local.toISOString().slice(0, 10);
  return { date, weekday: local.getUTCDay(), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The business date (yyyy-MM-dd) of a moment: "today" in Kuala Lumpur. */
export function businessDate(now: Date): string {
  return businessClock(now).date;
}

/**
 * The first moment of a business date (yyyy-MM-dd), plus whole days: `startOfBusinessDay(d, 1)` is
 * the end (exclusive) of the day d. A text that is not a date gives an Invalid Date.
 */
export function startOfBusinessDay(date: string, plusDays = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - OFFSET_MS + plusDays * DAY_MS);
}

/** Whether a yyyy-MM-dd text names a real calendar day (2026-02-30 does not). */
export function isBusinessDateText(date: string): boolean {
  const start = startOfBusinessDay(date);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(start.getTime()) && businessDate(start) === date;
}

/**
 * The product calendar (decision 0111): the first and last business dates any request may name,
 * both included. Every date, moment, month and range a request carries is refused outside it where
 * it is parsed, so that nothing downstream (a loop over days, a database column) meets 0001-01-01
 * or 9999-12-31.
 */
export const CALENDAR_FIRST_DATE = '2000-01-01';
export const CALENDAR_LAST_DATE = '2100-12-31';
/** The calendar's first moment and the moment after its last (exclusive), epoch milliseconds. */
const CALENDAR_START_MS = startOfBusinessDay(CALENDAR_FIRST_DATE).getTime();
const CALENDAR_END_MS = startOfBusinessDay(CALENDAR_LAST_DATE, 1).getTime();

/** Whether a text names a real business date within the product calendar. */
export function isCalendarDate(date: string): boolean {
  return isBusinessDateText(date) && date >= CALENDAR_FIRST_DATE && date <= CALENDAR_LAST_DATE;
}

/** Whether a moment (epoch milliseconds) falls on a business date of the product calendar. */
export function isCalendarMoment(ms: number): boolean {
  return ms >= CALENDAR_START_MS && ms < CALENDAR_END_MS;
}

/** Whole days from one business date to another: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((startOfBusinessDay(to).getTime() - startOfBusinessDay(from).getTime()) / DAY_MS);
}

/**
 * Every business date from `from` to `to`, both included, counted rather than compared as text (the
 * day after 9999-12-31 is no four-digit date). More than `maxDays` dates is a caller's bug: it throws
 * before building anything, so no range can make a loop run as long as a caller chooses.
 */
export function businessDatesBetween(from: string, to: string, maxDays: number): string[] {
  const count = daysBetween(from, to) + 1;
  if (!Number.isInteger(count)) throw new RangeError(`not business dates: ${from}, ${to}`);
  if (count > maxDays) throw new RangeError(`${from} to ${to} holds ${count} dates, more than ${maxDays}`);
  return Array.from({ length: Math.max(0, count) }, (_, i) => businessDate(startOfBusinessDay(from, i)));
}

/** The first moment after `since` when the business clock shows hour:minute (today's, or else tomorrow's). */
export function nextBusinessTime(since: Date, at: { hour: number; minute: number }): Date {
  const localMs = since.getTime() + OFFSET_MS;
  const local = new Date(localMs);
  const then = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), at.hour, at.minute);
  const next = then > localMs ? then : then + DAY_MS;
  return new Date(next - OFFSET_MS);
}
