import { describe, expect, it } from 'vitest';
import { phoneInSomePlan } from '../phone-plan.ts';
import { UserEditBody } from '../user-schemas.ts';

describe('phone numbers: some country plan must accept +<countryCode><number>', () => {
  it.each([
    ['60', '123456789'], // Malaysia, mobile 012-345 6789 (the demo seed's shape)
    ['60', '190000001'],
    ['601', '23456789'], // the same number split elsewhere: the fields stay as given
    ['65', '91234567'], // Singapore
    ['1', '2015550123'], // United States
    ['44', '7400123456'], // United Kingdom mobile
  ])('accepts +%s %s', (countryCode, number) => {
    expect(phoneInSomePlan({ countryCode, number })).toBe(true);
  });

  it.each([
    ['60', '1'], // far too short for Malaysia
    ['60', '123456789012345'], // far too long
    ['999', '123456789'], // no such country code
    ['1', '12345'],
    ['60', '12a4567'], // not digits
    ['', '123456789'],
  ])('refuses +%s %s', (countryCode, number) => {
    expect(phoneInSomePlan({ countryCode, number })).toBe(false);
  });

  it('refuses an unplanned number on phone.number with invalidNumber, after the field rules', () => {
    const body = {
      username: 'planned1',
      email: 'planned1@example.com',
      firstName: 'Plan',
      lastName: 'Ned',
      category: 'individual',
      internal: false,
    };
    const refused = UserEditBody.safeParse({ ...body, phone: { countryCode: '60', number: '1' } });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['phone.number', 'invalidNumber']]);
    // a field rule that fails first is the only answer (no plan check on malformed digits)
    const malformed = UserEditBody.safeParse({ ...body, phone: { countryCode: '60', number: '1234567890123456' } });
    expect(malformed.error?.issues.map((i) => i.path.join('.'))).toEqual(['phone.number']);
    expect(UserEditBody.safeParse({ ...body, phone: { countryCode: '60', number: '123456789' } }).success).toBe(true);
  });
});
