import { describe, expect, it } from 'vitest';
import { TradeConfigBody, UserCreateBody, UserCreateForm } from '../user-schemas.ts';
import { allowsPair, allowsSide, feeAppliesTo } from '../user-enums.ts';
import { mayDecide } from '../../access/maker-checker.ts';

const valid = {
  username: 'aminah2',
  email: 'aminah2@example.com',
  firstName: 'Aminah',
  lastName: 'Rahman',
  password: 'Strong#Pass1',
  phone: { countryCode: '60', number: '123456789' },
  category: 'individual',
};
const firstIssue = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? null : `${r.error!.issues[0]!.path.join('.')}:${r.error!.issues[0]!.message}`;

describe('user rules (SPEC.md §5)', () => {
  it('accepts a complete user', () => {
    expect(UserCreateBody.safeParse(valid).success).toBe(true);
  });
  it.each([
    [{ username: 'ami nah' }, 'username:lettersAndNumbers'],
    [{ email: 'nope' }, 'email:email'],
    [{ firstName: ' Aminah' }, 'firstName:noEdgeSpaces'],
    [{ firstName: '' }, 'firstName:required'],
    [{ password: 'weakpass1' }, 'password:passwordStrength'],
    [{ phone: { countryCode: '6012', number: '1' } }, 'phone.countryCode:maxLength'],
    [{ phone: { countryCode: '60', number: '1234567890123456' } }, 'phone.number:maxLength'],
    [{ phone: { countryCode: '60', number: '12-34' } }, 'phone.number:invalidNumber'],
    [{ category: 'vip' }, 'category:Invalid option: expected one of "none"|"jewelleryShop"|"wholesaler"|"individual"|"agent"|"manufacturer"'],
  ])('%j is refused with %s', (patch, expected) => {
    expect(firstIssue(UserCreateBody.safeParse({ ...valid, ...patch }))).toBe(expected);
  });
  it('the form checks the confirmation', () => {
    expect(firstIssue(UserCreateForm.safeParse({ ...valid, confirmPassword: 'Other#Pass1' }))).toBe('confirmPassword:confirmPassword');
  });
  it('trade config keeps rates as fractions with 6 decimals at most 1', () => {
    const base = { allowedAction: 'all', allowedPair: 'none', interestRate: '0.085', premium: '1.500', refineryFees: '0', tradeLimit: null, feeAdjustMode: 'both', tier: 'gold' };
    expect(TradeConfigBody.safeParse(base).success).toBe(true);
    expect(firstIssue(TradeConfigBody.safeParse({ ...base, interestRate: '8.5' }))).toBe('interestRate:lessThanOrEqual');
    expect(firstIssue(TradeConfigBody.safeParse({ ...base, interestRate: '0.0850001' }))).toBe('interestRate:decimalPlaces');
    expect(firstIssue(TradeConfigBody.safeParse({ ...base, tradeLimit: '0' }))).toBe('tradeLimit:greaterThanZero');
  });
});

describe('allowed action, pair and fee-adjust mode', () => {
  it('sides', () => {
    expect(allowsSide('all', 'sell')).toBe(true);
    expect(allowsSide('buyAndSell', 'buy')).toBe(true);
    expect(allowsSide('buyOnly', 'sell')).toBe(false);
    expect(allowsSide('sellOnly', 'sell')).toBe(true);
    expect(allowsSide('readOnly', 'buy')).toBe(false);
  });
  it('pairs', () => {
    expect(allowsPair('none', 'XAU/USD')).toBe(true);
    expect(allowsPair('XAU/MYR', 'XAU/USD')).toBe(false);
    expect(allowsPair('XAU/USD', 'XAU/USD')).toBe(true);
  });
  it('fees', () => {
    expect(feeAppliesTo('both', 'buy')).toBe(true);
    expect(feeAppliesTo('buy', 'sell')).toBe(false);
    expect(feeAppliesTo('none', 'buy')).toBe(false);
  });
});

describe('maker-checker', () => {
  it('nobody decides what they submitted', () => {
    expect(mayDecide({ submittedBy: 7 }, 7)).toBe(false);
    expect(mayDecide({ submittedBy: 7 }, 8)).toBe(true);
    expect(mayDecide({ submittedBy: null }, 8)).toBe(true);
  });
});
