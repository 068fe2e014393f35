import { describe, expect, it } from 'vitest';
import { lastAllowedDay, rangeDays, rangeProblem } from '../date-range.ts';

describe('date range rules', () => {
  it('counts days with both ends included', () => {
    expect(rangeDays('2026-01-01', '2026-01-01')).toBe(1);
    expect(rangeDays('2026-01-01', '2026-12-31')).toBe(365);
    expect(rangeDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(rangeDays('2026-02-30', '2026-03-01')).toBeNull();
  });

  it('reports what is wrong', () => {
    expect(rangeProblem({ from: '', to: '' })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '' })).toBe('incomplete');
    expect(rangeProblem({ from: '2026-01-02', to: '2026-01-01' })).toBe('reversed');
    expect(rangeProblem({ from: 'x', to: '2026-01-01' })).toBe('invalidDate');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-02' }, { minDays: 3 })).toBe('tooShort');
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-01' }, { maxDays: 366 })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-02' }, { maxDays: 366 })).toBe('tooLong');
  });

  it('gives the last day a range may reach', () => {
    expect(lastAllowedDay('2026-01-01', 366)).toBe('2027-01-01');
    expect(lastAllowedDay('2026-01-01', undefined)).toBeNull();
  });
});
