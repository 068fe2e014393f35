import { Decimal as DecimalJs } from 'decimal.js';
import { z } from 'zod';
import { ValidationMessage } from '../validation/rules.ts';

/**
 * Exact decimals for every amount, quantity, price and rate (DECISIONS.md §3): decimal strings on
 * the wire and in PostgreSQL NUMERIC, decimal arithmetic here, never a JS float. Rounding is
 * half-up at the unit's scale.
 */
export const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;

/** Decimal places of each unit (DECISIONS.md §3). */
export const SCALE = {
  MYR: 2,
  USD: 2,
  XAU: 4,
  XPT: 4,
  XAG: 4,
  pricePerGram: 3,
  /** The market mid a fill is split at, MYR per gram (decision 1020): fine enough that mid x grams is exact to the sen. */
  midPerGram: 8,
  exchangeRate: 4,
  interestRate: 6,
} as const;
export type ScaleName = keyof typeof SCALE;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

export function isDecimalText(value: string): boolean {
  return DECIMAL_TEXT.test(value);
}

export function dec(value: string | number | Decimal): Decimal {
  return new Decimal(value);
}

/** A decimal as toFixed writes it: no leading zeros, no plus sign, no exponent. */
const CANONICAL_DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const NEGATIVE_ZERO = /^-0(?:\.0*)?$/;

/** A plain decimal text (isDecimalText) as its magnitude in units of its last place and its places: '-1.50' is 150n, 2 places, negative. */
export function scaledInteger(text: string): { units: bigint; places: number; negative: boolean } {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const dot = digits.indexOf('.');
  return dot < 0
    ? { units: BigInt(digits), places: 0, negative }
    : { units: BigInt(digits.slice(0, dot) + digits.slice(dot + 1)), places: digits.length - dot - 1, negative };
}

/**
 * num / den (both >= 0) rounded half-up, written with `scale` decimals, where num / den is the value
 * times 10^scale; negative puts a minus sign before anything but zero (never '-0.00').
 */
export function scaledQuotientText(num: bigint, den: bigint, scale: number, negative: boolean): string {
  let q = num / den;
  if (2n * (num - q * den) >= den) q += 1n;
  const digits = q.toString().padStart(scale + 1, '0');
  const sign = negative && q !== 0n ? '-' : '';
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Rounds half-up to a scale and writes it with exactly that many decimals. */
export function roundTo(value: string | Decimal, scale: number): string {
  // already at the scale in canonical form (as NUMERIC columns read): nothing to round
  if (typeof value === 'string' && decimalPlaces(value) === scale && CANONICAL_DECIMAL.test(value) && !NEGATIVE_ZERO.test(value)) return value;
  // a plain decimal text: rounded exactly in integers (the same answer as Decimal's, without building one)
  if (typeof value === 'string' && Number.isInteger(scale) && scale >= 0 && DECIMAL_TEXT.test(value)) {
    const { units, places, negative } = scaledInteger(value);
    return places >= scale
      ? scaledQuotientText(units, 10n ** BigInt(places - scale), scale, negative)
      : scaledQuotientText(units * 10n ** BigInt(scale - places), 1n, scale, negative);
  }
  const rounded = new Decimal(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
  // never '-0.00': a value that rounds to zero is zero
  return (rounded.isZero() ? new Decimal(0) : rounded).toFixed(scale);
}

export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

export function add(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed();
}
export function sub(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed();
}
export function cmp(a: string, b: string): -1 | 0 | 1 {
  return new Decimal(a).comparedTo(b) as -1 | 0 | 1;
}
export function isZero(a: string): boolean {
  return new Decimal(a).isZero();
}

/**
 * A decimal string field: a number, at most `scale` decimals, and (by default) greater than 0.
 * Messages are validation keys ('invalidNumber', 'greaterThanZero', 'decimalPlaces').
 */
export function decimalField(scale: number, options: { allowZero?: boolean; max?: string } = {}) {
  return z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .refine(isDecimalText, { error: ValidationMessage.invalidNumber })
    .refine((v) => !isDecimalText(v) || decimalPlaces(v) <= scale, {
      error: ValidationMessage.decimalPlaces,
      params: { count: scale },
    })
    .refine((v) => !isDecimalText(v) || (options.allowZero ? new Decimal(v).gte(0) : new Decimal(v).gt(0)), {
      error: options.allowZero ? ValidationMessage.notNegative : ValidationMessage.greaterThanZero,
    })
    .refine((v) => !isDecimalText(v) || options.max === undefined || new Decimal(v).lte(options.max), {
      error: ValidationMessage.lessThanOrEqual,
      params: { compared: options.max },
    });
}
