import { describe, expect, it } from 'vitest';
import { CLOSED_STATUSES, OPEN_STATUSES, isOpenStatus } from '../open-statuses.ts';
import { ORDER_MODES } from '../order-status.ts';

describe('open order statuses (SPEC.md §2, orderMode tr)', () => {
  it('are Created, Filled, Settled and Overdue, in life-cycle order, derived from the order machine', () => {
    expect(OPEN_STATUSES).toEqual(['CREATED', 'FILLED', 'SETTLED', 'OVERDUE']);
    expect(isOpenStatus('SETTLED')).toBe(true);
    expect(isOpenStatus('PAID')).toBe(false);
  });

  it('closed orders are the rest: Paid, Canceled, Refunded, Reverted', () => {
    expect([...CLOSED_STATUSES].sort()).toEqual(['CANCELED', 'PAID', 'REFUNDED', 'REVERTED']);
  });

  it('the list modes name the same statuses', () => {
    expect([...ORDER_MODES.tr].sort()).toEqual([...OPEN_STATUSES].sort());
    expect([...ORDER_MODES.th].sort()).toEqual([...CLOSED_STATUSES].sort());
  });
});
