import type { OrderNode } from '@aurum/domain/orders/order-schemas';
import { ORDER_STATUSES } from '@aurum/domain/orders/order-status';
import type { OrderUpdate } from '#shared/live/live-store.ts';
import type { NewOrder } from './new-order-cache.ts';

/**
 * What the order screens show, as pure functions: live socket updates merged into known orders,
 * list rows (server orders and cached new orders), the timeline up to now.
 */
/** The Order fields a socket update may change (anything else it carries is ignored). */
const NODE_KEYS = new Set<keyof OrderNode>([
  'executionId', 'orderType', 'status', 'action', 'symbol', 'userId', 'username', 'currency', 'quantityGram', 'quantityOz',
  'costPrice', 'quotePrice', 'myrPrice', 'usdPrice', 'exchangeRate', 'limitPrice', 'amount', 'createdAt', 'filledAt',
  'settledAt', 'interestStartAt', 'completedAt', 'goodTillDate', 'goodTilDate', 'creditDeducted', 'balanceDeducted',
  'goldReserved', 'spreadAdjustment', 'customizedAdjustment', 'userFee', 'globalFee', 'source', 'note', 'comment',
  'isCustom', 'timeline',
]);

/** One order with a socket update merged in (SPEC.md §7: a partial order by id, merged into the known order). */
export function mergeOrder(node: OrderNode, update: OrderUpdate | undefined): OrderNode {
  if (!update) return node;
  let merged: OrderNode | null = null;
  for (const [key, value] of Object.entries(update)) {
    if (!NODE_KEYS.has(key as keyof OrderNode) || value === undefined) continue;
    if (key === 'status' && !(ORDER_STATUSES as readonly unknown[]).includes(value)) continue;
    if ((node as unknown as Record<string, unknown>)[key] === value) continue;
    merged ??= { ...node };
    (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged ?? node;
}

/** Known orders with the live updates merged (the same objects when nothing changed). */
export function mergeOrders(nodes: readonly OrderNode[], updates: ReadonlyMap<string, OrderUpdate>): OrderNode[] {
  return nodes.map((node) => mergeOrder(node, updates.get(String(node.id))));
}

/** A row of an order list: a server order, or a cached new order (Pending). */
export interface OrderRowView {
  id: number;
  userId: number;
  username: string | null;
  orderType: OrderNode['orderType'];
  action: OrderNode['action'];
  symbol: string;
  currency: string;
  quantityGram: string;
  price: string | null;
  amount: string | null;
  /** Server status, or PENDING for a cached new order. */
  status: string;
  interestStartAt: string | null;
  createdAt: string;
  pending: boolean;
}

/** The price a list shows: the limit while a limit order waits, else the filled price in the order's currency. */
export function listPrice(node: Pick<OrderNode, 'status' | 'orderType' | 'limitPrice' | 'currency' | 'myrPrice' | 'usdPrice'>): string | null {
  if (node.orderType === 'LIMIT' && node.status === 'CREATED') return node.limitPrice;
  return node.currency === 'USD' ? (node.usdPrice ?? node.limitPrice) : (node.myrPrice ?? node.limitPrice);
}

export function rowOf(node: OrderNode): OrderRowView {
  return {
    id: node.id,
    userId: node.userId,
    username: node.username,
    orderType: node.orderType,
    action: node.action,
    symbol: node.symbol,
    currency: node.currency,
    quantityGram: node.quantityGram,
    price: listPrice(node),
    amount: node.amount,
    status: node.status,
    interestStartAt: node.interestStartAt,
    createdAt: node.createdAt,
    pending: false,
  };
}

export function pendingRowOf(order: NewOrder): OrderRowView {
  return {
    id: order.id,
    userId: order.userId,
    username: order.username ?? null,
    orderType: order.orderType,
    action: order.action,
    symbol: order.symbol,
    currency: order.currency,
    quantityGram: order.quantityGram,
    price: order.price ?? null,
    amount: null,
    status: 'PENDING',
    interestStartAt: null,
    createdAt: order.createdAt,
    pending: true,
  };
}

/**
 * The rows of a list page: the cached new orders the server list does not include yet (Pending,
 * on top, when `showCached`), then the page's orders with the live updates merged. `seen` are the
 * cached ids this page of the server list has given, whatever its filter or page (those are
 * dropped from the cache by the caller).
 */
export function listRows(
  nodes: readonly OrderNode[],
  updates: ReadonlyMap<string, OrderUpdate>,
  cached: readonly NewOrder[],
  showCached = true,
): { rows: OrderRowView[]; seen: number[] } {
  const ids = new Set(nodes.map((n) => n.id));
  const seen = cached.filter((c) => ids.has(c.id)).map((c) => c.id);
  const pending = showCached ? cached.filter((c) => !ids.has(c.id)).map(pendingRowOf) : [];
  return { rows: [...pending, ...mergeOrders(nodes, updates).map(rowOf)], seen };
}

/** Timeline entries dated earlier than now (SPEC.md §3), in the server's order. */
export function pastEntries<T extends { date: string }>(entries: readonly T[], now: Date): T[] {
  return entries.filter((e) => {
    const at = Date.parse(e.date);
    return !Number.isNaN(at) && at < now.getTime();
  });
}

/**
 * Milliseconds until the earliest entry not yet shown by pastEntries comes due (its date has
 * passed), or null when none is waiting. An entry the server dated a moment ahead of this
 * browser's clock (a skew of the two clocks, or an interest start still to come) shows then.
 */
export function nextEntryDue(entries: ReadonlyArray<{ date: string }>, now: Date): number | null {
  let next: number | null = null;
  for (const e of entries) {
    const at = Date.parse(e.date);
    if (Number.isNaN(at) || at < now.getTime()) continue;
    next = next === null ? at : Math.min(next, at);
  }
  return next === null ? null : next - now.getTime() + 1;
}

/** Bar widths in percent of the largest count (all 0 when every count is 0). */
export function barWidths(counts: ReadonlyArray<{ count: number }>): number[] {
  const max = Math.max(0, ...counts.map((c) => c.count));
  return counts.map((c) => (max === 0 ? 0 : Math.round((c.count / max) * 100)));
}
