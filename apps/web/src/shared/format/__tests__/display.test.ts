import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, orDash } from '../display.ts';

describe('display formats', () => {
  it('numbers: en-US, 2 decimals by default, dash when unparsable', () => {
    expect(formatNumber('1234.5')).toBe('1,234.50');
    expect(formatNumber('12.34567', 4)).toBe('12.3457');
    expect(formatNumber('abc')).toBe('-');
    expect(formatNumber(null)).toBe('-');
  });
  it('dates: dd/MM/yyyy, dash when absent', () => {
    expect(formatDate('2026-03-04T10:00:00')).toBe('04/03/2026');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('nope')).toBe('-');
    expect(orDash('  ')).toBe('-');
  });
});
