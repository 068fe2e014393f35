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

/** The first moment after `since` when the business clock shows hour:minute (today's, or else tomorrow's). */
export function nextBusinessTime(since: Date, at: { hour: number; minute: number }): Date {
  const localMs = since.getTime() + OFFSET_MS;
  const local = new Date(localMs);
  const then = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), at.hour, at.minute);
  const next = then > localMs ? then : then + DAY_MS;
  return new Date(next - OFFSET_MS);
}
