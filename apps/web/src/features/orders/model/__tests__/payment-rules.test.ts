import { describe, expect, it } from 'vitest';
import { businessToday, paymentProblem, paymentUnit } from '../payment-rules.ts';

describe('order payment rules', () => {
  it('pays a buy in MYR (2 decimals), a sell in XAU grams (4)', () => {
    expect(paymentUnit('BUY')).toEqual({ kind: 'myr', scale: 2 });
    expect(paymentUnit('sell')).toEqual({ kind: 'xau', scale: 4 });
  });

  it('checks the typed amount: required, a number, above 0, decimals, at most what is owed', () => {
    expect(paymentProblem('', 2, null)?.message).toBe('required');
    expect(paymentProblem('abc', 2, null)?.message).toBe('invalidNumber');
    // above what the user has (fund for a buy, gold for a sell): SPEC.md §5's message
    expect(paymentProblem('500.01', 2, '1000.00', '500.00')?.message).toBe('paymentValue');
    expect(paymentProblem('500.00', 2, '1000.00', '500.00')).toBeNull();
    expect(paymentProblem('0', 2, null)?.message).toBe('greaterThanZero');
    expect(paymentProblem('-5', 2, null)?.message).toBe('greaterThanZero');
    expect(paymentProblem('1.234', 2, null)).toEqual({ message: 'decimalPlaces', values: { count: 2 } });
    expect(paymentProblem('1.2345', 4, null)).toBeNull();
    expect(paymentProblem('1,000.01', 2, '1000.00')).toEqual({ message: 'lessThanOrEqual', values: { compared: '1000.00' } });
    expect(paymentProblem('1,000.00', 2, '1000.00')).toBeNull();
    // exact: no float rounding lets 0.1 + 0.2 pass as 0.3
    expect(paymentProblem('0.31', 2, '0.30')?.message).toBe('lessThanOrEqual');
  });

  it("takes today's date in Kuala Lumpur", () => {
    expect(businessToday(new Date('2026-01-05T15:59:00Z'))).toBe('2026-01-05');
    expect(businessToday(new Date('2026-01-05T16:00:00Z'))).toBe('2026-01-06');
  });
});
