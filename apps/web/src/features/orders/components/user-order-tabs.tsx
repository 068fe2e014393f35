import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserTabProps } from '#shared/slots/slots.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { TableSkeleton } from '#shared/list/table-skeleton.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { DEFAULT_PAGE_SIZE } from '@aurum/domain/list/paging';
import { useLiveOrders, useOrderRefetch } from '../api/live-orders.ts';
import { orderQueries } from '../api/order-queries.ts';
import { mergeOrders, rowOf } from '../model/order-view.ts';
import { forDisplay, pageRange, pageVariables, pagingAfter, type CursorState, type PagingMove } from '../model/order-paging.ts';
import { CursorPager } from './cursor-pager.tsx';
import { OrdersTable } from './orders-table.tsx';

/** Online orders tab of User Information: the user's market and limit orders, with the order summary above. */
export function UserOnlineOrdersTab({ userId }: UserTabProps) {
  return <UserOrders userId={userId} kind="online" />;
}

/** Offline orders tab of User Information: the user's offline (customised) orders, with the order summary above. */
export function UserOfflineOrdersTab({ userId }: UserTabProps) {
  return <UserOrders userId={userId} kind="offline" />;
}

/**
 * The connection filters by one order type, so the online tab asks for the user's orders and
 * leaves the offline ones out of each page (a page can thus hold fewer rows than its size);
 * the offline tab asks for OffLine. Reverted orders are left out of both (they leave the user's
 * trade record). Paging is kept in the tab (the page's URL holds the tab).
 */
function UserOrders({ userId, kind }: { userId: number; kind: 'online' | 'offline' }) {
  const { t } = useTranslation('order');
  const [paging, setPaging] = useState<CursorState & { offset: number | null }>({ after: null, before: null, oldest: false, limit: DEFAULT_PAGE_SIZE, offset: 0 });
  const variables = {
    userCondition: 'UserId' as const,
    userInput: String(userId),
    ...(kind === 'offline' ? { orderType: 'OffLine' as const } : {}),
    ...pageVariables(paging),
  };
  const orders = useQuery(orderQueries.connection(variables));
  const updates = useLiveOrders();
  useOrderRefetch([orderQueries.connections(), orderQueries.summary(userId).queryKey], { onUpdate: true });
  const rows = useMemo(() => {
    const nodes = orders.data ? forDisplay(orders.data.edges) : [];
    return mergeOrders(nodes, updates)
      .filter((n) => (kind === 'offline' ? n.orderType === 'OFF_LINE' || n.isCustom : n.orderType !== 'OFF_LINE' && !n.isCustom))
      // a reverted order leaves the user's trade record (SPEC.md §4); it stays in trade history
      .filter((n) => n.status !== 'REVERTED')
      .map(rowOf);
  }, [orders.data, updates, kind]);
  const label = t(kind === 'online' ? 'tabs.online' : 'tabs.offline');

  const move = (to: PagingMove) => {
    const next = orders.data ? pagingAfter(to, paging, orders.data) : null;
    if (next) setPaging(next);
  };

  return (
    <div className="flex flex-col gap-6" data-testid={`user-orders-${kind}`}>
      <OrderSummaryCard userId={userId} />
      {orders.isPending ? (
        <TableSkeleton columns={9} pagination />
      ) : orders.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {orders.error.message}
        </p>
      ) : (
        <>
          <OrdersTable rows={rows} label={label} showUser={false} stale={orders.isPlaceholderData} testId={`user-order-table-${kind}`} />
          <CursorPager
            info={orders.data.pageInfo}
            limit={paging.limit}
            rows={rows.length}
            total={orders.data.totalCount}
            totalIsLowerBound={orders.data.totalIsLowerBound}
            // the online tab leaves offline orders out of each page: its range is not known
            range={kind === 'offline' ? pageRange(paging, paging.offset, orders.data.edges.length, orders.data.totalCount, orders.data.totalIsLowerBound) : null}
            onMove={move}
            stale={orders.isPlaceholderData}
            onLimit={(limit) => setPaging({ after: null, before: null, oldest: false, limit, offset: 0 })}
          />
        </>
      )}
    </div>
  );
}

/** The user order summary (order/summary/{userId}): buy and sell totals. */
function OrderSummaryCard({ userId }: { userId: number }) {
  const { t } = useTranslation('order');
  const summary = useQuery(orderQueries.summary(userId));
  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('summary.title')}</h2>
      {summary.isPending ? (
        <p className="text-sm text-slate-500">…</p>
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(summary.error)}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="order-summary">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-emerald-700">{t('actions.buy')}</h3>
            <DetailList
              columns={1}
              items={[
                { label: t('summary.totalAmount'), value: `${formatDecimal(summary.data.buy.totalAmount)} MYR`, testId: 'summary-buy-total' },
                { label: t('summary.unpaidAmount'), value: `${formatDecimal(summary.data.buy.unpaidAmount)} MYR`, testId: 'summary-buy-unpaid' },
                { label: t('summary.outstandingQuantity'), value: `${formatDecimal(summary.data.buy.outstandingQuantity, 4)} g` },
              ]}
            />
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-red-700">{t('actions.sell')}</h3>
            <DetailList
              columns={1}
              items={[
                { label: t('summary.totalQuantity'), value: `${formatDecimal(summary.data.sell.totalQuantity, 4)} g` },
                { label: t('summary.unpaidQuantity'), value: `${formatDecimal(summary.data.sell.unpaidQuantity, 4)} g` },
                { label: t('summary.outstandingAmount'), value: `${formatDecimal(summary.data.sell.outstandingAmount)} MYR` },
              ]}
            />
          </div>
        </div>
      )}
    </Card>
  );
}
