import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatPeriod, orDash } from '../display.ts';

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
    // business dates and times: Kuala Lumpur's, whatever the machine's zone; a stored date is never shifted
    expect(formatDate('2026-03-04T16:30:00Z')).toBe('05/03/2026');
    expect(formatDate('2026-03-04')).toBe('04/03/2026');
    expect(formatDateTime('2026-03-04T16:30:00Z')).toBe('05/03/2026 00:30 MYT');
    expect(formatDateTime('2026-03-04')).toBe('04/03/2026');
    expect(formatDate('nope')).toBe('-');
    expect(orDash('  ')).toBe('-');
  });
  it('periods: a day dd/MM/yyyy, a month MM/yyyy', () => {
    expect(formatPeriod('2026-11-28')).toBe('28/11/2026');
    expect(formatPeriod('2026-11')).toBe('11/2026');
    expect(formatPeriod('2026')).toBe('2026');
  });
  describe('whatever the machine is set to', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      process.env.TZ = zone;
    });
    it('a moment reads the same in New York and in Tokyo: dd/MM/yyyy HH:mm MYT', () => {
      for (const tz of ['America/New_York', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = tz;
        expect(formatDateTime('2026-11-27T16:00:00.000Z')).toBe('28/11/2026 00:00 MYT');
        expect(formatDate('2026-11-27T16:00:00.000Z')).toBe('28/11/2026');
      }
    });
  });
});
