import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../money/decimal.ts';
import { DISPLAY_STATUSES, FILTER_TO_STATUS, ORDER_MODES, ORDER_STATUSES, displayStatus, statusesForFilter } from '../order-status.ts';
import { FINAL_STATUSES, ORDER_ACTIONS, ORDER_MACHINE, canTransition, nextStatus, permissionFor } from '../order-machine.ts';
import { buyOwed, interest, interestDays, orderAmount, paymentAllowed, sellOwed } from '../order-money.ts';
import { can } from '../../access/permissions.ts';

const now = new Date('2026-11-21T08:00:00Z');

describe('display status (SPEC.md §4)', () => {
  it.each([
    ['PRICING', null, 'pending'],
    ['Pending', null, 'pending'],
    ['CREATED', null, 'matching'],
    ['FILLED', null, 'unsettled'],
    ['SETTLED', null, 'unpaid'],
    ['SETTLED', '2026-11-22T00:00:00Z', 'unpaid'],
    ['SETTLED', '2026-11-20T00:00:00Z', 'overdue'],
    ['PAID', null, 'completed'],
    ['OVERDUE', null, 'overdue'],
    ['REVERTED', null, 'reverted'],
    ['CANCELED', null, 'canceled'],
    ['REFUNDED', null, 'canceled'],
    ['SOMETHING_NEW', null, 'canceled'],
  ])('%s (interest start %s) shows %s', (status, start, shown) => {
    expect(displayStatus(status, start, now)).toBe(shown);
  });

  it('maps every filter back to a server status', () => {
    expect(FILTER_TO_STATUS).toEqual({
      pending: 'CREATED',
      matching: 'CREATED',
      unsettled: 'FILLED',
      unpaid: 'SETTLED',
      overdue: 'OVERDUE',
      completed: 'PAID',
      reverted: 'REVERTED',
      canceled: 'CANCELED',
    });
    expect(statusesForFilter(['pending', 'matching', 'overdue'])).toEqual(['CREATED', 'OVERDUE']);
  });

  it('property: a status shown for a server status filters back to one that shows the same way', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== 'REFUNDED')), (status) => {
        const shown = displayStatus(status, null, now);
        expect(displayStatus(FILTER_TO_STATUS[shown], null, now)).toBe(shown === 'pending' ? 'matching' : shown);
      }),
    );
    expect(DISPLAY_STATUSES).toHaveLength(8);
  });

  it('splits open and closed orders between the two list modes', () => {
    expect([...ORDER_MODES.tr, ...ORDER_MODES.th].sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('order state machine (DECISIONS.md §5)', () => {
  it('follows the life cycle', () => {
    expect(nextStatus('match', 'CREATED')).toBe('FILLED');
    expect(nextStatus('settle', 'FILLED')).toBe('SETTLED');
    expect(nextStatus('markOverdue', 'SETTLED')).toBe('OVERDUE');
    expect(nextStatus('pay', 'OVERDUE')).toBe('OVERDUE');
    expect(nextStatus('complete', 'OVERDUE')).toBe('PAID');
    expect(nextStatus('cancel', 'CREATED')).toBe('CANCELED');
    expect(nextStatus('cancel', 'FILLED')).toBe('CANCELED');
    expect(nextStatus('revert', 'PAID')).toBe('REVERTED');
  });
  it('refuses what the table does not allow', () => {
    expect(nextStatus('cancel', 'SETTLED')).toBeNull();
    expect(nextStatus('revert', 'CREATED')).toBeNull();
    expect(nextStatus('settle', 'CREATED')).toBeNull();
    expect(nextStatus('pay', 'FILLED')).toBeNull();
  });
  it('property: nothing leaves a final status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_ACTIONS), fc.constantFrom(...FINAL_STATUSES), (action, status) => {
        expect(canTransition(action, status)).toBe(false);
      }),
    );
  });
  it('admin actions carry the permissions of DECISIONS.md §8', () => {
    expect(permissionFor('settle')).toBe('settleOrder');
    expect(permissionFor('cancel')).toBe('cancelOrder');
    expect(permissionFor('revert')).toBe('revertOrder');
    expect(permissionFor('pay')).toBe('addOrderPayment');
    expect(permissionFor('match')).toBeNull();
    expect(can({ role: 'financeApprover' }, permissionFor('revert')!)).toBe(true);
    expect(can({ role: 'operationApprover' }, permissionFor('revert')!)).toBe(false);
    expect(Object.keys(ORDER_MACHINE).sort()).toEqual([...ORDER_ACTIONS].sort());
  });
});

describe('order money', () => {
  it('amount is price x quantity rounded half-up to 2 decimals', () => {
    expect(orderAmount('384.536', '10.0000')).toBe('3845.36');
    expect(orderAmount('384.535', '1.0001')).toBe('384.57'); // 384.5734535 -> .57
  });
  it('owed never goes below zero and is exact', () => {
    expect(buyOwed('3845.36', '1000.00', ['500.00', '345.36'])).toBe('2000.00');
    expect(buyOwed('100.00', '100.00', ['1.00'])).toBe('0.00');
    expect(sellOwed('10.0000', '4.5000', ['2.2500'])).toBe('3.2500');
  });
  it('interest: owed x (personal + global) x days / 365', () => {
    expect(interestDays('2026-11-01', '2026-11-21')).toBe(20);
    expect(interestDays('2026-11-21', '2026-11-01')).toBe(0);
    // 10000 x 0.08 x 20 / 365 = 43.8356...
    expect(interest('10000.00', '0.020000', '0.060000', 20, 2)).toBe('43.84');
    expect(interest('10.0000', '0', '0.08', 365, 4)).toBe('0.8000');
  });
  it('property: interest grows with days and never exceeds owed x rate x years, plus rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (cents, days, permille) => {
        const owed = new Decimal(cents).div(100).toFixed(2);
        const rate = new Decimal(permille).div(1000).toFixed(6);
        const a = interest(owed, rate, '0', days, 2);
        const b = interest(owed, rate, '0', days + 1, 2);
        expect(new Decimal(b).gte(a)).toBe(true);
        expect(new Decimal(a).lte(new Decimal(owed).times(rate).times(days).div(365).plus('0.005'))).toBe(true);
      }),
    );
  });
  it('a payment is positive, at most owed and at most available', () => {
    expect(paymentAllowed('100.00', '150.00', '200.00')).toBe(true);
    expect(paymentAllowed('160.00', '150.00', '200.00')).toBe(false);
    expect(paymentAllowed('100.00', '150.00', '50.00')).toBe(false);
    expect(paymentAllowed('0', '150.00', '200.00')).toBe(false);
  });
});
