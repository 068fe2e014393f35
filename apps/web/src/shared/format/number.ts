import { Decimal, isDecimalText, roundTo } from '@aurum/domain/money/decimal';
import { groupThousands } from '@aurum/domain/money/grouping';

/**
 * Numeric inputs may be typed with thousands separators (SPEC.md §5): they are stripped (and
 * the surrounding spaces trimmed) before a value is validated and sent. '1,234.50' -> '1234.50'.
 */
export function stripSeparators(value: unknown): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  return value.trim().replace(/[,\s]/g, '');
}

/**
 * The register options of every money, price and quantity input (react-hook-form): what is typed
 * is kept with its separators stripped, so validation, previews and the call all see '1000' for
 * '1,000' (SPEC.md §5). `register('tradeLimit', separatorsStripped)`.
 */
export const separatorsStripped = { setValueAs: stripSeparators } as const;

/**
 * A decimal string for display: en-US grouping, `decimals` places (2 by default), '-' when
 * it is not a number (SPEC.md §9). Exact: rounds the decimal half-up, never through a float.
 */
export function formatDecimal(value: string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined) return '-';
  const text = value.trim();
  if (!isDecimalText(text)) return '-';
  return groupThousands(roundTo(text, decimals));
}

/**
 * An amount with its unit after it, the one way the console writes money and metal: '2,000.00 MYR',
 * '85.13 USD', '1.2345 g' (gold, platinum and silver in grams at 4 places).
 */
export function formatAmount(value: string | null | undefined, unit: string): string {
  const metal = unit === 'XAU' || unit === 'XPT' || unit === 'XAG';
  const text = formatDecimal(value, metal ? 4 : 2);
  if (text === '-') return text;
  return metal ? `${text} g${unit === 'XAU' ? '' : ` ${unit}`}` : `${text} ${unit}`;
}

/** A signed display ('+0.0100', '-0.0100', '0.0000'). */
export function formatSigned(value: string | null | undefined, decimals = 2): string {
  const text = formatDecimal(value, decimals);
  if (text === '-' || text.startsWith('-') || new Decimal(text.replace(/,/g, '')).isZero()) return text;
  return `+${text}`;
}

/**
 * Interest rates are stored as fractions and shown x 100 (SPEC.md §3, §9): '0.055000' -> '5.5'.
 * Trailing zeros go; '-' when not a number.
 */
export function fractionToPercent(fraction: string): string {
  if (!isDecimalText(fraction.trim())) return '-';
  return new Decimal(fraction.trim()).times(100).toFixed();
}

/** A percent typed by an admin to the fraction sent: '5.5' -> '0.055'. Exact (decimal shift). */
export function percentToFraction(percent: string): string {
  return new Decimal(stripSeparators(percent)).div(100).toFixed();
}
