import { describe, expect, it } from 'vitest';
import { balanceProblem, EMPTY_REQUEST_FORM, requestFields, requestFormSchema, type RequestFormValues } from '../request-form.ts';

const balances = { fund: '1000.00', gold: '12.5000' };
const form = (changes: Partial<RequestFormValues>): RequestFormValues => ({ ...EMPTY_REQUEST_FORM, userId: '4', ...changes });
const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('balanceProblem', () => {
  it('refuses a withdrawal or transfer above the available fund or gold, exactly', () => {
    expect(balanceProblem('withdrawal', 'MYR', '1000.01', balances)).toBe('withdrawalAmount');
    expect(balanceProblem('withdrawal', 'MYR', '1000.00', balances)).toBeNull();
    expect(balanceProblem('transfer', 'XAU', '12.5001', balances)).toBe('withdrawalGold');
    expect(balanceProblem('transfer', 'XAU', '12.5', balances)).toBeNull();
    // 0.1 + 0.2 style float traps do not apply: decimals compare exactly
    expect(balanceProblem('withdrawal', 'MYR', '0.30', { fund: '0.3', gold: '0' })).toBeNull();
  });

  it('lets deposits, unknown balances and non-numbers through (their own rules speak)', () => {
    expect(balanceProblem('deposit', 'MYR', '999999', balances)).toBeNull();
    expect(balanceProblem('withdrawal', 'MYR', '5', null)).toBeNull();
    expect(balanceProblem('withdrawal', 'MYR', 'abc', balances)).toBeNull();
    expect(balanceProblem('withdrawal', 'MYR', undefined, balances)).toBeNull();
  });
});

describe('requestFormSchema', () => {
  it("uses the server's rules: required value of the type, 2 decimals for MYR, 4 for XAU, > 0", () => {
    expect(issues(requestFormSchema('deposit', null).safeParse(form({ amount: '' })))).toEqual({ amount: 'required' });
    expect(issues(requestFormSchema('deposit', null).safeParse(form({ amount: '1.234' })))).toEqual({ amount: 'decimalPlaces' });
    expect(issues(requestFormSchema('deposit', null).safeParse(form({ amount: '0' })))).toEqual({ amount: 'greaterThanZero' });
    expect(issues(requestFormSchema('deposit', null).safeParse(form({ type: 'XAU', quantity: '1.23456' })))).toEqual({ quantity: 'decimalPlaces' });
    expect(requestFormSchema('deposit', null).safeParse(form({ type: 'XAU', quantity: '1.2345', amount: 'left over' })).success).toBe(true);
    expect(issues(requestFormSchema('deposit', null).safeParse(form({ userId: '', amount: '5' })))).toHaveProperty('userId');
  });

  it('adds the wallet check for withdrawals and transfers', () => {
    expect(issues(requestFormSchema('withdrawal', balances).safeParse(form({ amount: '1000.01' })))).toEqual({ amount: 'withdrawalAmount' });
    expect(issues(requestFormSchema('transfer', balances).safeParse(form({ type: 'XAU', quantity: '13', receiverUserId: '5' })))).toEqual({ quantity: 'withdrawalGold' });
    expect(requestFormSchema('withdrawal', balances).safeParse(form({ amount: '1000' })).success).toBe(true);
    expect(requestFormSchema('deposit', balances).safeParse(form({ amount: '5000' })).success).toBe(true);
  });

  it('a transfer needs a receiver other than the sender; other kinds ignore it', () => {
    expect(issues(requestFormSchema('transfer', balances).safeParse(form({ amount: '1' })))).toEqual({ receiverUserId: 'required' });
    expect(issues(requestFormSchema('transfer', balances).safeParse(form({ amount: '1', receiverUserId: '4' })))).toEqual({ receiverUserId: 'sameUser' });
    expect(requestFormSchema('deposit', balances).safeParse(form({ amount: '1', receiverUserId: '9' })).success).toBe(true);
  });
});

describe('requestFields', () => {
  it('sends only the value of the type and the receiver of a transfer', () => {
    expect(requestFields('withdrawal', form({ type: 'XAU', amount: '3', quantity: '2.5', receiverUserId: '7', note: 'n' }))).toEqual({
      userId: '4',
      type: 'XAU',
      amount: undefined,
      quantity: '2.5',
      receiverUserId: undefined,
      note: 'n',
    });
    expect(requestFields('transfer', form({ amount: '3', receiverUserId: '7' }))).toMatchObject({ amount: '3', receiverUserId: '7', quantity: undefined });
  });
});
