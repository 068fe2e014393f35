import { describe, expect, it } from 'vitest';
import { interestDue, splitPayment } from '../order-money.ts';

describe('interest on settled orders', () => {
  const rates = { personal: '0.02', global: '0.08' };
  it('accrues nothing before the interest start date, then owed x rate x days / 365 plus what was carried', () => {
    expect(interestDue('3000.00', '0', '2030-01-10', '2030-01-08', rates, 2)).toBe('0.00');
    expect(interestDue('3000.00', '0', '2030-01-10', '2030-01-20', rates, 2)).toBe('8.22');
    expect(interestDue('3000.00', '1.50', '2030-01-10', '2030-01-20', rates, 2)).toBe('9.72');
    expect(interestDue('10.0000', '0', null, '2030-01-20', rates, 4)).toBe('0.0000');
  });
  it('a payment covers the interest due first, then the principal; the unpaid interest is carried', () => {
    expect(splitPayment('100.00', '8.22', 2)).toEqual({ toInterest: '8.22', toPrincipal: '91.78', carried: '0.00' });
    expect(splitPayment('5.00', '8.22', 2)).toEqual({ toInterest: '5.00', toPrincipal: '0.00', carried: '3.22' });
  });
});
