/**
 * Order statuses and their display (SPEC.md §4), declared once: the server stores the server
 * statuses, the console shows display statuses and filters by mapping them back.
 */
export const ORDER_STATUSES = ['CANCELED', 'CREATED', 'FILLED', 'OVERDUE', 'PAID', 'REFUNDED', 'REVERTED', 'SETTLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TIMELINE_ACTIONS = [
  'CANCELED',
  'COMPLETE',
  'DECLINED',
  'FILLED',
  'INTEREST_START',
  'ORDER',
  'RECEIVED',
  'RECEIVING',
  'REFUNDED',
  'REVERTED',
  'SETTLED',
] as const;
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

export const DISPLAY_STATUSES = ['pending', 'matching', 'unsettled', 'unpaid', 'overdue', 'completed', 'reverted', 'canceled'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/** Order list modes: tr (trade requests, open orders) and th (trade history, closed orders). */
export const ORDER_MODES = { tr: ['CREATED', 'FILLED', 'SETTLED', 'OVERDUE'], th: ['PAID', 'CANCELED', 'REFUNDED', 'REVERTED'] } as const satisfies Record<
  string,
  readonly OrderStatus[]
>;
export type OrderMode = keyof typeof ORDER_MODES;

/**
 * Display status of an order: Pricing or Pending (a locally cached new order) → pending; Created →
 * matching; Filled → unsettled; Settled → unpaid, or overdue once its interest start has passed;
 * Paid → completed; Overdue → overdue; Reverted → reverted; anything else → canceled.
 */
export function displayStatus(status: string, interestStartAt: Date | string | null | undefined, now: Date): DisplayStatus {
  switch (status.toUpperCase()) {
    case 'PRICING':
    case 'PENDING':
      return 'pending';
    case 'CREATED':
      return 'matching';
    case 'FILLED':
      return 'unsettled';
    case 'SETTLED': {
      if (!interestStartAt) return 'unpaid';
      const start = typeof interestStartAt === 'string' ? new Date(interestStartAt) : interestStartAt;
      return !Number.isNaN(start.getTime()) && start.getTime() < now.getTime() ? 'overdue' : 'unpaid';
    }
    case 'PAID':
      return 'completed';
    case 'OVERDUE':
      return 'overdue';
    case 'REVERTED':
      return 'reverted';
    default:
      return 'canceled';
  }
}

/** The server status a display-status filter asks for (SPEC.md §4). */
export const FILTER_TO_STATUS: Readonly<Record<DisplayStatus, OrderStatus>> = {
  pending: 'CREATED',
  matching: 'CREATED',
  unsettled: 'FILLED',
  unpaid: 'SETTLED',
  overdue: 'OVERDUE',
  completed: 'PAID',
  reverted: 'REVERTED',
  canceled: 'CANCELED',
};

/** Server statuses for a list of display-status filters, without duplicates, in catalogue order. */
export function statusesForFilter(filters: readonly DisplayStatus[]): OrderStatus[] {
  const wanted = new Set(filters.map((f) => FILTER_TO_STATUS[f]));
  return ORDER_STATUSES.filter((s) => wanted.has(s));
}
