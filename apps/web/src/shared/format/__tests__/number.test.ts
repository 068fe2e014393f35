import { describe, expect, it } from 'vitest';
import { formatDecimal, formatSigned, fractionToPercent, percentToFraction, stripSeparators, formatAmount } from '../number.ts';

describe('stripSeparators', () => {
  it('removes thousands separators and surrounding spaces', () => {
    expect(stripSeparators('1,234.50')).toBe('1234.50');
    expect(stripSeparators(' 12,345,678 ')).toBe('12345678');
    expect(stripSeparators('-1,000.0001')).toBe('-1000.0001');
    expect(stripSeparators('0.5')).toBe('0.5');
  });
  it('turns missing values into an empty text', () => {
    expect(stripSeparators(undefined)).toBe('');
    expect(stripSeparators(null)).toBe('');
    expect(stripSeparators(12)).toBe('12');
  });
});

describe('formatDecimal', () => {
  it('groups en-US with 2 decimals by default', () => {
    expect(formatDecimal('1234567.891')).toBe('1,234,567.89');
    expect(formatDecimal('0')).toBe('0.00');
    expect(formatDecimal('-1234.5', 3)).toBe('-1,234.500');
    expect(formatDecimal('4.44445', 4)).toBe('4.4445');
  });
  it("is '-' when not a number", () => {
    expect(formatDecimal('abc')).toBe('-');
    expect(formatDecimal(null)).toBe('-');
    expect(formatDecimal(undefined)).toBe('-');
  });
  it('signs positive values', () => {
    expect(formatSigned('0.01', 4)).toBe('+0.0100');
    expect(formatSigned('-0.01', 4)).toBe('-0.0100');
    expect(formatSigned('0', 4)).toBe('0.0000');
  });
});

describe('percent and fraction', () => {
  it('shows a stored fraction x 100', () => {
    expect(fractionToPercent('0.055000')).toBe('5.5');
    expect(fractionToPercent('0.000001')).toBe('0.0001');
    expect(fractionToPercent('1')).toBe('100');
    expect(fractionToPercent('0')).toBe('0');
    expect(fractionToPercent('x')).toBe('-');
  });
  it('sends a typed percent as a fraction, exactly', () => {
    expect(percentToFraction('5.5')).toBe('0.055');
    expect(percentToFraction('0.0001')).toBe('0.000001');
    expect(percentToFraction('100')).toBe('1');
    expect(percentToFraction('12.3456')).toBe('0.123456');
    expect(percentToFraction('0.1')).toBe('0.001');
  });
  it('round-trips (trailing zeros of the stored scale drop)', () => {
    expect(percentToFraction(fractionToPercent('0.123456'))).toBe('0.123456');
    expect(percentToFraction(fractionToPercent('0.050000'))).toBe('0.05');
    expect(percentToFraction(fractionToPercent('0.000000'))).toBe('0');
  });
});

describe('formatAmount: an amount with its unit after it', () => {
  it('writes money with 2 places and its currency, metal in grams with 4', () => {
    expect(formatAmount('2000', 'MYR')).toBe('2,000.00 MYR');
    expect(formatAmount('85.125', 'USD')).toBe('85.13 USD');
    expect(formatAmount('1.23456', 'XAU')).toBe('1.2346 g');
    expect(formatAmount('3', 'XPT')).toBe('3.0000 g XPT');
    expect(formatAmount(null, 'MYR')).toBe('-');
  });
});
