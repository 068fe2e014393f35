import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getOrder } from './get-order.ts';
import { fetchOrders, type ConnectionVariables } from './list-orders.ts';
import { getOrderCounts } from './order-counts.ts';
import { getOrderSummary } from './order-summary.ts';
import { getPaymentView } from './payment-view.ts';
import { getRevertedDetail } from './reverted-detail.ts';
import { getTotalOwed } from './total-owed.ts';

const isId = (id: number) => Number.isSafeInteger(id) && id > 0;
const isDate = (date: string | null): date is string => date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date);

/** The order queries and their cache keys: one root, so a change invalidates every order view. */
export const orderQueries = {
  all: () => ['orders'] as const,
  /** Every page of every order list (what the live socket refetches). */
  connections: () => [...orderQueries.all(), 'connection'] as const,
  connection: (variables: ConnectionVariables) =>
    queryOptions({ queryKey: [...orderQueries.connections(), variables], queryFn: ({ signal }) => fetchOrders(variables, signal), placeholderData: keepPreviousData }),
  detail: (orderId: number) => queryOptions({ queryKey: [...orderQueries.all(), 'detail', orderId], queryFn: ({ signal }) => getOrder(orderId, signal), enabled: isId(orderId) }),
  payment: (orderId: number) => queryOptions({ queryKey: [...orderQueries.all(), 'payment', orderId], queryFn: ({ signal }) => getPaymentView(orderId, signal), enabled: orderId > 0 }),
  /** Asked only when the order is reverted (SPEC.md §4). */
  reverted: (orderId: number, reverted: boolean) =>
    queryOptions({ queryKey: [...orderQueries.all(), 'reverted', orderId], queryFn: ({ signal }) => getRevertedDetail(orderId, signal), enabled: reverted && orderId > 0 }),
  owed: (orderId: number, paymentDate: string | null) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'owed', orderId, paymentDate ?? ''],
      queryFn: ({ signal }) => getTotalOwed(orderId, paymentDate as string, signal),
      enabled: isDate(paymentDate),
      placeholderData: keepPreviousData,
    }),
  counts: () => queryOptions({ queryKey: [...orderQueries.all(), 'counts'], queryFn: ({ signal }) => getOrderCounts(signal) }),
  summary: (userId: number) => queryOptions({ queryKey: [...orderQueries.all(), 'summary', userId], queryFn: ({ signal }) => getOrderSummary(userId, signal), enabled: userId > 0 }),
};
