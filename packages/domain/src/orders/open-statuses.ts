import { ORDER_MACHINE, ORDER_ACTIONS } from './order-machine.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';

/**
 * Open orders (SPEC.md §2: the trade requests list, orderMode tr): the statuses the life cycle still
 * moves forward from, i.e. every status some action leaves other than `revert` (a correction, which
 * may also undo a Paid order). Derived from ORDER_MACHINE, in life-cycle order: Created, Filled,
 * Settled, Overdue. Closed orders (trade history, th) are every other status.
 */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  ...new Set(ORDER_ACTIONS.filter((action) => action !== 'revert').flatMap((action) => ORDER_MACHINE[action].from)),
];

/** Closed orders (SPEC.md §2, orderMode th): Paid, Canceled, Refunded, Reverted. */
export const CLOSED_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !OPEN_STATUSES.includes(s));

export function isOpenStatus(status: OrderStatus): boolean {
  return OPEN_STATUSES.includes(status);
}
