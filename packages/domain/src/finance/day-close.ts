import { Decimal } from '../money/decimal.ts';
import { businessDate, daysBetween, startOfBusinessDay } from '../system/business-time.ts';
import { isBusinessDay } from '../system/market-status.ts';
import type { LedgerAsset, LedgerMetal } from '../wallet/ledger.ts';

/**
 * The day close's rules (decision 1001), pure: which business day may be closed now, and the
 * checks a day must pass. Days close in order; weekends and holidays may close on their own or
 * with the next business day, but no business day is ever left open behind a closed one.
 */

/** Why a date cannot be closed now, or null. */
export type CloseDateRefusal =
  | { rule: 'notEnded'; today: string }
  | { rule: 'alreadyClosed'; lastClosed: string }
  | { rule: 'businessDayOpen'; open: string }
  | { rule: 'beforeJournal'; first: string }
  | { rule: 'yearOpen'; open: string };

/** The day after (or n days after) a business date. */
export function dayAfter(date: string, days = 1): string {
  return businessDate(startOfBusinessDay(date, days));
}

/**
 * Whether `date` may be closed: it has ended (before today, Kuala Lumpur), it comes after the last
 * closed day, and every business day between them (not weekends, not holidays) is closed. The
 * first close of a journal may be any day that has ended: it covers everything before it.
 */
export function closeDateRefusal(date: string, lastClosed: string | null, today: string, holidays: readonly string[]): CloseDateRefusal | null {
  if (date >= today) return { rule: 'notEnded', today };
  if (lastClosed === null) return null;
  if (date <= lastClosed) return { rule: 'alreadyClosed', lastClosed };
  // the days between, counted (never compared as text: the day after 9999-12-31 is no date text)
  const between = daysBetween(lastClosed, date);
  for (let i = 1; i < between; i++) {
    const d = dayAfter(lastClosed, i);
    if (isBusinessDay(startOfBusinessDay(d), holidays)) return { rule: 'businessDayOpen', open: d };
  }
  return null;
}

/**
 * The moment an entry of business date `date` is dated at (its value time): now when the date is
 * today, the day's last moment when it is earlier. A later date has no value time yet (null).
 */
export function valueMoment(date: string, now: Date): Date | null {
  const today = businessDate(now);
  if (date > today) return null;
  return date === today ? now : new Date(startOfBusinessDay(date, 1).getTime() - 1);
}

/**
 * The `at` an entry of business date `date` is written with: the day's last moment when the date is
 * earlier than today; undefined when it is today (the entry takes its transaction's own moment, as
 * every other entry does).
 */
export function backdatedMoment(date: string, now: Date): Date | undefined {
  return date < businessDate(now) ? new Date(startOfBusinessDay(date, 1).getTime() - 1) : undefined;
}

/** The first day postings may still be dated in: the day after the last closed one (today when none is closed since). */
export function firstOpenDay(lastClosed: string | null, today: string): string {
  if (lastClosed === null) return today;
  const next = dayAfter(lastClosed);
  return next < today ? next : today;
}

/** What the close's checks read: the range's trial balance per unit, the customer books below zero, the metal books against the bars. */
export interface DayCloseFigures {
  /** The day's trial balance per unit: balanced when every column's debits equal its credits. */
  units: ReadonlyArray<{ unit: LedgerAsset; balanced: boolean }>;
  /** Customer accounts whose balance at the day's end is below zero (the first few). */
  negativeCustomerBooks: ReadonlyArray<{ account: string; balance: string }>;
  /** Per metal: the books of metal in vaults and in transit, and the book weight of the bars the house holds. */
  metals: ReadonlyArray<{ metal: LedgerMetal; books: string; bars: string }>;
}

export type DayCloseCheck =
  | { check: 'balanced'; ok: boolean; unbalanced: LedgerAsset[] }
  | { check: 'customerBooks'; ok: boolean; negative: Array<{ account: string; balance: string }> }
  | { check: 'metalBooks'; ok: boolean; differences: Array<{ metal: LedgerMetal; books: string; bars: string; difference: string }> };

/** The three checks of a close, in the order the screen shows them: all must pass. */
export function dayCloseChecks(f: DayCloseFigures): DayCloseCheck[] {
  const unbalanced = f.units.filter((u) => !u.balanced).map((u) => u.unit);
  const differences = f.metals
    .map((m) => ({ ...m, difference: new Decimal(m.books).minus(m.bars).toFixed(4) }))
    .filter((m) => !new Decimal(m.difference).isZero());
  return [
    { check: 'balanced', ok: unbalanced.length === 0, unbalanced },
    { check: 'customerBooks', ok: f.negativeCustomerBooks.length === 0, negative: [...f.negativeCustomerBooks] },
    { check: 'metalBooks', ok: differences.length === 0, differences },
  ];
}
