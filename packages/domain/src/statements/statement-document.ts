import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { monthRange } from './statement-schemas.ts';

/**
 * What makes a statement a document the dealer sends (decisions 1014, 1015): its number, whether
 * its period has ended, and the MYR value of the metal held at the period's closing mid. Pure.
 */

/** The user id's digits in a statement number: ids up to 99,999,999 keep one width (longer ones print whole). */
const USER_DIGITS = 8;

/** Whether a range is one whole calendar month (its first to its last day). */
function wholeMonth(range: { from: string; to: string }): boolean {
  const month = monthRange(range.from.slice(0, 7));
  return month.from === range.from && month.to === range.to;
}

/**
 * A statement's number, the same for the same user and period however often it is downloaded:
 * `ST-<yyyyMM>-<user id, 8 digits>` for a whole month, `ST-<yyyyMMdd>-<yyyyMMdd>-<user id>` for any
 * other range. An interim statement of a period carries the period's number (its INTERIM mark and
 * cut-off tell the copies apart).
 */
export function statementNumber(userId: number, range: { from: string; to: string }): string {
  const user = String(userId).padStart(USER_DIGITS, '0');
  const period = wholeMonth(range) ? range.from.slice(0, 7).replace('-', '') : `${range.from.replaceAll('-', '')}-${range.to.replaceAll('-', '')}`;
  return `ST-${period}-${user}`;
}

/**
 * Where a period stands on a business date (`today`, Kuala Lumpur): 'future' when it starts after
 * today (refused: nothing to state), 'interim' when it includes today (its figures stop at the
 * cut-off), 'ended' when its last day is past.
 */
export function periodState(range: { from: string; to: string }, today: string): 'future' | 'interim' | 'ended' {
  if (range.from > today) return 'future';
  return range.to >= today ? 'interim' : 'ended';
}

/** A metal holding at a closing mid: the unit price shown (MYR per gram, 4 decimals) and the value (MYR, 2 decimals). */
export interface MetalValue {
  unitPriceMyr: string;
  valueMyr: string;
}

/** The price shown per gram: four decimals, as the treasury's prices read. */
const UNIT_PRICE_SCALE = 4;

/**
 * Grams at a MYR-per-gram mid: the value is grams x the unrounded mid, rounded half-up to sen once;
 * the unit price is shown to four decimals (so a reader's grams x shown price may differ by a sen on large holdings).
 */
export function metalValue(grams: string, myrPerGram: string): MetalValue {
  return { unitPriceMyr: roundTo(myrPerGram, UNIT_PRICE_SCALE), valueMyr: roundTo(new Decimal(grams).times(myrPerGram), SCALE.MYR) };
}

/** The sum of values in MYR, at sen. */
export function totalMyr(values: readonly string[]): string {
  return roundTo(values.reduce((sum, v) => sum.plus(v), new Decimal(0)), SCALE.MYR);
}
