import { describe, expect, it } from 'vitest';
import { displayToIso, isoToLocalDate, localDateToIso } from '../date.ts';
import { displayDate } from '@aurum/domain/system/display-date';

describe('calendar dates', () => {
  it('shows yyyy-MM-dd as dd/MM/yyyy', () => {
    expect(displayDate('2026-01-05')).toBe('05/01/2026');
    expect(displayDate('')).toBe('');
  });
  it('reads dd/MM/yyyy (leading zeros optional) into yyyy-MM-dd', () => {
    expect(displayToIso('05/01/2026')).toBe('2026-01-05');
    expect(displayToIso(' 5/1/2026 ')).toBe('2026-01-05');
    expect(displayToIso('29/02/2028')).toBe('2028-02-29');
  });
  it('refuses dates that do not exist and other formats', () => {
    expect(displayToIso('30/02/2026')).toBeNull();
    expect(displayToIso('2026-01-05')).toBeNull();
    expect(displayToIso('13/13/2026')).toBeNull();
    expect(displayToIso('')).toBeNull();
  });
  it('converts to and from local calendar days without shifting', () => {
    const d = isoToLocalDate('2026-12-31');
    expect(d?.getDate()).toBe(31);
    expect(localDateToIso(d!)).toBe('2026-12-31');
    expect(isoToLocalDate('2026-02-30')).toBeNull();
    expect(isoToLocalDate(null)).toBeNull();
  });
});
