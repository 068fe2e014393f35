/**
 * Rules of a date range (the range calendar, `DateRangeField`): both ends stored yyyy-MM-dd,
 * `to` inclusive, so a range of one day has from === to. Pure text handling, no time zone.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface DateRange {
  from: string;
  to: string;
}

export interface RangeLimits {
  /** The fewest days (inclusive of both ends) a range may cover; 1 when absent. */
  minDays?: number;
  /** The most days (inclusive of both ends) a range may cover. */
  maxDays?: number;
}

export type RangeProblem = 'incomplete' | 'invalidDate' | 'reversed' | 'tooShort' | 'tooLong';

function dayNumber(iso: string): number | null {
  const m = ISO.exec(iso);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** Days a range covers, both ends included (2026-01-01..2026-01-01 is 1); null when not two dates. */
export function rangeDays(from: string, to: string): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  return a === null || b === null ? null : b - a + 1;
}

/** What is wrong with a range, or null: an empty range ('' and '') is fine (no filter). */
export function rangeProblem(range: DateRange, limits: RangeLimits = {}): RangeProblem | null {
  if (range.from === '' && range.to === '') return null;
  if (range.from === '' || range.to === '') return 'incomplete';
  const days = rangeDays(range.from, range.to);
  if (days === null) return 'invalidDate';
  if (days < 1) return 'reversed';
  if (days < (limits.minDays ?? 1)) return 'tooShort';
  if (limits.maxDays !== undefined && days > limits.maxDays) return 'tooLong';
  return null;
}

/** The last day a range starting at `from` may end on (maxDays inclusive); null without a limit. */
export function lastAllowedDay(from: string, maxDays: number | undefined): string | null {
  const start = dayNumber(from);
  if (start === null || maxDays === undefined) return null;
  return new Date((start + maxDays - 1) * DAY_MS).toISOString().slice(0, 10);
}
