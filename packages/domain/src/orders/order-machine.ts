import type { Permission } from '../access/permissions.ts';
import type { OrderStatus } from './order-status.ts';

/**
 * The order life cycle as one table (DECISIONS.md §5): for each action, the statuses it may start
 * from, where it leads, and who may take it (an admin permission, or the system's engine).
 * Anything not in the table is a 409.
 */
export const ORDER_ACTIONS = ['match', 'expire', 'settle', 'markOverdue', 'pay', 'complete', 'cancel', 'revert'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface Transition {
  from: readonly OrderStatus[];
  /** null: the status does not change (a part payment). */
  to: OrderStatus | null;
  by: 'system' | Permission | readonly ['system', Permission];
}

export const ORDER_MACHINE: Readonly<Record<OrderAction, Transition>> = {
  match: { from: ['CREATED'], to: 'FILLED', by: 'system' },
  expire: { from: ['CREATED'], to: 'CANCELED', by: 'system' },
  settle: { from: ['FILLED'], to: 'SETTLED', by: ['system', 'settleOrder'] },
  markOverdue: { from: ['SETTLED'], to: 'OVERDUE', by: 'system' },
  pay: { from: ['SETTLED', 'OVERDUE'], to: null, by: 'addOrderPayment' },
  complete: { from: ['SETTLED', 'OVERDUE'], to: 'PAID', by: 'system' },
  cancel: { from: ['CREATED', 'FILLED'], to: 'CANCELED', by: 'cancelOrder' },
  revert: { from: ['FILLED', 'SETTLED', 'OVERDUE', 'PAID'], to: 'REVERTED', by: 'revertOrder' },
};

export function canTransition(action: OrderAction, from: OrderStatus): boolean {
  return ORDER_MACHINE[action].from.includes(from);
}

/** The permission an admin needs for an action, or null when only the engine takes it. */
export function permissionFor(action: OrderAction): Permission | null {
  const by = ORDER_MACHINE[action].by;
  if (by === 'system') return null;
  return typeof by === 'string' ? by : by[1];
}

/** The status after an action, or null when the action is not allowed from `from`. */
export function nextStatus(action: OrderAction, from: OrderStatus): OrderStatus | null {
  if (!canTransition(action, from)) return null;
  return ORDER_MACHINE[action].to ?? from;
}

/** Statuses no action leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['CANCELED', 'REVERTED', 'REFUNDED'];
