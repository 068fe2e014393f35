import { describe, expect, it } from 'vitest';
import { TradeConfigBody } from '@aurum/domain/users/user-schemas';
import { FeeForm, TradeConfigForm, fractionOf, percentOf, tradeConfigBodyOf, tradeConfigFormOf } from '../fee-form.ts';

describe('interest rate in percent', () => {
  it('shows the stored fraction x 100 and sends percent / 100', () => {
    expect(percentOf('0.015')).toBe('1.5');
    expect(percentOf('0')).toBe('0');
    expect(fractionOf('1.5')).toBe('0.015');
    expect(fractionOf('12.3456')).toBe('0.123456');
  });

  it('the percent field allows 0..100 with 4 places', () => {
    const base = { premium: '0', refineryFees: '0', feeAdjustMode: 'none' };
    expect(FeeForm.safeParse({ ...base, interestRate: '100' }).success).toBe(true);
    expect(FeeForm.safeParse({ ...base, interestRate: '100.01' }).success).toBe(false);
    expect(FeeForm.safeParse({ ...base, interestRate: '1.23456' }).success).toBe(false);
  });

  it('a trade configuration round-trips through the form into a valid body', () => {
    const view = { allowedAction: 'buyOnly', allowedPair: 'XAU/MYR', interestRate: '0.05', premium: '1.5', refineryFees: '0', tradeLimit: null, feeAdjustMode: 'both', tier: 'silver' } as const;
    const form = tradeConfigFormOf(view);
    expect(form.interestRate).toBe('5');
    expect(form.tradeLimit).toBe('');
    expect(TradeConfigForm.parse(form)).toEqual(form);
    const body = tradeConfigBodyOf({ ...form, tradeLimit: '250.5' });
    expect(TradeConfigBody.parse(body)).toEqual({ ...view, tradeLimit: '250.5' });
  });
});
