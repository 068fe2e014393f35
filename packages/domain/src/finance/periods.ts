import { closeDateRefusal, dayAfter, type CloseDateRefusal } from './day-close.ts';

/**
 * Months and years of the books (decision 1041), pure: which may close, in what order, and what a
 * reopened day takes with it. A month closes once every one of its days is closed; months close in
 * order; a year closes once its December has, and no day of the next year closes before it.
 */

/** A month as yyyy-MM, a year as yyyy. */
export const monthOf = (date: string): string => date.slice(0, 7);
export const yearOf = (dateOrMonth: string): string => dateOrMonth.slice(0, 4);

/** The month after a month (yyyy-MM), computed on numbers, never by a loop. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
}

/** The last day of a month (yyyy-MM-dd). */
export function lastDayOfMonth(month: string): string {
  return dayAfter(`${nextMonth(month)}-01`, -1);
}

export const nextYear = (year: string): string => String(Number(year) + 1).padStart(4, '0');

/** The moment a year's closing entry is dated at: the next year's first day (its first moment). */
export const yearClosingDate = (year: string): string => `${nextYear(year)}-01-01`;

export type PeriodCloseRefusal =
  | { rule: 'daysOpen'; lastClosedDay: string }
  | { rule: 'alreadyClosed'; lastClosed: string }
  | { rule: 'monthOpen'; open: string }
  | { rule: 'yearOpen'; open: string }
  | { rule: 'beforeJournal'; first: string };

/** What is closed already: the last closed day, month and year (null before the first). */
export interface ClosedThrough {
  day: string | null;
  month: string | null;
  year: string | null;
  /** The first closed day of the journal (the first close covers everything before it). */
  firstDay: string | null;
}

/** Why a month cannot close now, or null: its days all closed, the month before it closed (or it is the first). */
export function monthCloseRefusal(month: string, closed: ClosedThrough): PeriodCloseRefusal | null {
  if (closed.month !== null && month <= closed.month) return { rule: 'alreadyClosed', lastClosed: closed.month };
  if (closed.day === null || closed.day < lastDayOfMonth(month)) return { rule: 'daysOpen', lastClosedDay: closed.day ?? '' };
  if (closed.month === null) {
    // the first month close: the month of the journal's first close or later
    if (closed.firstDay !== null && month < monthOf(closed.firstDay)) return { rule: 'beforeJournal', first: monthOf(closed.firstDay) };
    return null;
  }
  const open = nextMonth(closed.month);
  return month === open ? null : { rule: 'monthOpen', open };
}

/** Why a year cannot close now, or null: its December closed, the year before it closed (or it is the first). */
export function yearCloseRefusal(year: string, closed: ClosedThrough): PeriodCloseRefusal | null {
  if (closed.year !== null && year <= closed.year) return { rule: 'alreadyClosed', lastClosed: closed.year };
  const december = `${year}-12`;
  if (closed.month === null || closed.month < december) return { rule: 'monthOpen', open: closed.month === null ? december : nextMonth(closed.month) };
  if (closed.year === null) {
    if (closed.firstDay !== null && year < yearOf(closed.firstDay)) return { rule: 'beforeJournal', first: yearOf(closed.firstDay) };
    return null;
  }
  const open = nextYear(closed.year);
  return year === open ? null : { rule: 'yearOpen', open };
}

/**
 * Whether closing `date` must wait for a year to close first: the last closed day is in an earlier
 * year that has not closed (its closing entry is dated at the next year's first moment, which a day
 * closed after it would put behind a close). Null when it need not.
 */
export function yearToCloseFirst(date: string, closed: ClosedThrough): string | null {
  if (closed.day === null) return null;
  const last = yearOf(closed.day);
  if (yearOf(date) <= last) return null;
  return closed.year !== null && closed.year >= last ? null : last;
}

export type ReopenRefusal = { rule: 'notClosed'; lastClosed: string } | { rule: 'yearClosed'; year: string };

/** Why a day cannot be reopened, or null: it is closed, and its year is not. */
export function reopenRefusal(date: string, closed: ClosedThrough): ReopenRefusal | null {
  if (closed.day === null || date > closed.day) return { rule: 'notClosed', lastClosed: closed.day ?? '' };
  if (closed.year !== null && yearOf(date) <= closed.year) return { rule: 'yearClosed', year: closed.year };
  return null;
}

/** The closed months a reopened day takes with it: its own and every later one (a month closes only when all its days are). */
export function monthsReopenedWith(date: string, closedMonths: readonly string[]): string[] {
  return closedMonths.filter((m) => m >= monthOf(date));
}

/**
 * Why a day cannot close now, or null: the day rules (closeDateRefusal), then the journal's first
 * close not before its first entry's day (a close of years back would leave every day since to close
 * one by one), then no day of a year whose previous year has closed days but has not closed.
 */
export function dayCloseRefusal(
  date: string,
  closed: ClosedThrough,
  today: string,
  holidays: readonly string[],
  firstEntryDay: string | null,
): CloseDateRefusal | null {
  const refusal = closeDateRefusal(date, closed.day, today, holidays);
  if (refusal) return refusal;
  if (closed.day === null && (firstEntryDay === null || date < firstEntryDay)) return { rule: 'beforeJournal', first: firstEntryDay ?? today };
  const year = yearToCloseFirst(date, closed);
  return year === null ? null : { rule: 'yearOpen', open: year };
}
