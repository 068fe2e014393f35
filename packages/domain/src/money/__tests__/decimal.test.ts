import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, decimalField, roundTo } from '../decimal.ts';

describe('decimal money', () => {
  it('rounds half-up at the scale', () => {
    expect(roundTo('1.005', 2)).toBe('1.01');
    expect(roundTo('1.0049', 2)).toBe('1.00');
    expect(roundTo('2.5', 0)).toBe('3');
    expect(roundTo('0.1', 4)).toBe('0.1000');
    expect(roundTo('-0.004', 2)).toBe('0.00');
    expect(roundTo('-1.005', 2)).toBe('-1.01');
  });
  it('answers a value already at the scale as it is, the same as rounding it would', () => {
    expect(roundTo('-0.00', 2)).toBe('0.00');
    expect(roundTo('1.5000', 4)).toBe('1.5000');
    expect(roundTo('007.50', 2)).toBe('7.50');
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), (n, scale) => {
        const text = (n / 10 ** scale).toFixed(scale);
        expect(roundTo(text, scale)).toBe(new Decimal(text).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toFixed(scale).replace(/^-(0\.?0*)$/, '$1'));
      }),
    );
  });
  it('property: a plain decimal text rounds as Decimal rounds it (leading zeros, minus zero, any places, any scale)', () => {
    const byDecimal = (text: string, scale: number) => {
      const r = new Decimal(text).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
      return (r.isZero() ? new Decimal(0) : r).toFixed(scale);
    };
    const text = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 2 }))
      .map(([negative, units, places, zeros]) => {
        const digits = '0'.repeat(zeros) + units.toString().padStart(places + 1, '0');
        return `${negative ? '-' : ''}${places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`}`;
      });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), (value, scale) => {
        expect(roundTo(value, scale), `${value} at ${scale}`).toBe(byDecimal(value, scale));
      }),
      { numRuns: 3000 },
    );
    expect(roundTo('2400.125', 2)).toBe('2400.13');
    expect(roundTo('-2400.125', 2)).toBe('-2400.13');
    expect(roundTo('-0.005', 2)).toBe('-0.01');
    expect(roundTo('-0.0049', 2)).toBe('0.00');
    expect(roundTo('12.5', 0)).toBe('13');
    expect(roundTo('1e3', 2)).toBe('1000.00');
  });
  it('is exact where floats are not', () => {
    expect(new Decimal('0.1').plus('0.2').toFixed()).toBe('0.3');
  });
  it('decimalField reports the rule that failed', () => {
    const f = decimalField(2);
    const msg = (v: string) => {
      const r = f.safeParse(v);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(msg('10.25')).toBeNull();
    expect(msg('10.255')).toBe('decimalPlaces');
    expect(msg('abc')).toBe('invalidNumber');
    expect(msg('1,000')).toBe('invalidNumber');
    expect(msg('0')).toBe('greaterThanZero');
    expect(msg('-1')).toBe('greaterThanZero');
    expect(msg('')).toBe('required');
    expect(decimalField(2, { allowZero: true }).safeParse('0').success).toBe(true);
    expect(decimalField(2, { max: '100' }).safeParse('100.01').success).toBe(false);
  });
  it('property: rounding to a scale is within half a unit and idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), (n, exp, scale) => {
        const value = new Decimal(n).div(new Decimal(10).pow(exp)).toFixed();
        const r = roundTo(value, scale);
        expect(new Decimal(r).minus(value).abs().lte(new Decimal(0.5).div(new Decimal(10).pow(scale)))).toBe(true);
        expect(roundTo(r, scale)).toBe(r);
      }),
    );
  });
});
