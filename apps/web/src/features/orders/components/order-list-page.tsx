import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DISPLAY_STATUSES, ORDER_MODES, displayStatus, type DisplayStatus, type OrderMode } from '@aurum/domain/orders/order-status';
import { isDecimalText } from '@aurum/domain/money/decimal';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { FilterButton } from '#shared/list/filter-button.tsx';
import type { FilterField } from '#shared/list/filter-field.ts';
import { TableSkeleton } from '#shared/list/table-skeleton.tsx';
import { stripSeparators } from '#shared/format/number.ts';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import { searchOfVariables } from '#shared/export/export-list.ts';
import { forgetNewOrders, useNewOrders } from '../model/new-order-cache.ts';
import { filterVariables, ORDER_FILTERS } from '../model/order-filters.ts';
import { useLiveOrders, useOrderRefetch } from '../api/live-orders.ts';
import { orderQueries } from '../api/order-queries.ts';
import { listRows } from '../model/order-view.ts';
import { cursorsFor, forDisplay, offsetAfter, pageRange, pageStart, pageVariables, patched, readCursorState, tailRows, withLimit, type PagingMove } from '../model/order-paging.ts';
import { CursorPager } from './cursor-pager.tsx';
import { OrdersTable } from './orders-table.tsx';

/** The display statuses a mode's list can show (tr: open orders, th: closed ones). */
export function statusesOfMode(mode: OrderMode | null): DisplayStatus[] {
  if (!mode) return [...DISPLAY_STATUSES];
  const shown = new Set<DisplayStatus>(ORDER_MODES[mode].map((s) => displayStatus(s, null, new Date())));
  if (mode === 'tr') shown.add('pending');
  return DISPLAY_STATUSES.filter((s) => shown.has(s));
}

const modeOf = (value: string | null): OrderMode | null => (value === 'tr' || value === 'th' ? value : null);

/**
 * Order List (/order/?orderMode=tr|th): Trade Requests (open orders) and Trade History (closed
 * ones) on the orders connection, newest first, with cursor paging, every filter of the
 * connection, live updates from the socket and, on trade requests, the new orders this session
 * created shown as Pending until the list has them.
 */
export function OrderListPage() {
  const { t } = useTranslation(['order', 'common', 'sidebar']);
  const [query, setQuery] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mode = modeOf(query.get('orderMode'));
  const paging = readCursorState(query);
  const filters = filterVariables(query, mode);
  const variables = { ...filters, ...pageVariables(paging) };
  const orders = useQuery(orderQueries.connection(variables));
  const updates = useLiveOrders();
  const cached = useNewOrders();
  const shownStatuses = useMemo(() => new Map(orders.data?.edges.map((e) => [String(e.node.id), e.node.status]) ?? []), [orders.data]);
  // an update of an order not on this page may bring it into the list, a new status of one on it
  // may take it out (a filled, expired or canceled order leaves trade requests): refetch
  useOrderRefetch([orderQueries.connections()], {
    onUpdate: (id, update) => !shownStatuses.has(id) || (update.status !== undefined && update.status !== shownStatuses.get(id)),
  });

  const filterFields = useOrderFilterFields(mode);
  const filtered = ORDER_FILTERS.some((f) => (query.get(f) ?? '').trim() !== '');
  // cached new orders: on trade requests, newest page, no filter (they are open orders the server has not listed yet)
  const showCached = mode === 'tr' && !filtered && !paging.after && !paging.before && !paging.oldest;
  const nodes = useMemo(() => (orders.data ? forDisplay(orders.data.edges) : []), [orders.data]);
  const { rows, seen } = useMemo(() => listRows(nodes, updates, cached, showCached), [nodes, updates, cached, showCached]);
  useEffect(() => {
    if (seen.length > 0) forgetNewOrders(seen);
  }, [seen]);

  const offset = typeof (location.state as { offset?: unknown } | null)?.offset === 'number' ? (location.state as { offset: number }).offset : null;
  const move = (to: PagingMove) => {
    if (!orders.data) return;
    const { totalCount, totalIsLowerBound } = orders.data;
    const cursors = cursorsFor(to, orders.data.pageInfo, tailRows(totalCount, paging.limit, totalIsLowerBound));
    if (!cursors) return;
    setQuery(patched(query, cursors), { state: { offset: offsetAfter(to, pageStart(paging, orders.data, offset), orders.data.edges.length, paging.limit) } });
  };

  const title = mode === 'tr' ? t('sidebar:tradeRequests') : mode === 'th' ? t('sidebar:tradeHistory') : t('order:list');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        actions={
          <ActionGroup>
            <ExportButton list={mode === 'tr' ? 'trade_requests' : mode === 'th' ? 'trade_history' : 'orders'} search={searchOfVariables({ ...filters })} />
            <ActionButton permission="createOrder" onClick={() => void navigate('/order/create')} data-testid="create-order">
              {t('order:createOrder')}
            </ActionButton>
          </ActionGroup>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <FilterButton fields={filterFields} page="empty" />
        {orders.isFetching && !orders.isPending ? <span className="text-xs text-slate-500">{t('common:loading')}</span> : null}
      </div>
      {orders.isPending ? (
        <TableSkeleton columns={10} pagination />
      ) : orders.isError ? (
        <p role="alert" data-testid="orders-error" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {orders.error.message}
        </p>
      ) : (
        <>
          <OrdersTable rows={rows} label={title} stale={orders.isPlaceholderData} columnsParam="hide" />
          <CursorPager
            info={orders.data.pageInfo}
            limit={paging.limit}
            rows={orders.data.edges.length}
            total={orders.data.totalCount}
            totalIsLowerBound={orders.data.totalIsLowerBound}
            range={pageRange(paging, offset, orders.data.edges.length, orders.data.totalCount, orders.data.totalIsLowerBound)}
            onMove={move}
            stale={orders.isPlaceholderData}
            onLimit={(limit) => setQuery(withLimit(query, limit), { state: { offset: 0 } })}
          />
        </>
      )}
    </div>
  );
}

/** The filter modal's fields: every filter of the connection. */
function useOrderFilterFields(mode: OrderMode | null): FilterField[] {
  const { t } = useTranslation('order');
  return useMemo<FilterField[]>(() => {
    const all = { value: '', label: t('filter.all') };
    const decimal = (value: string) => (value.trim() === '' || isDecimalText(stripSeparators(value)) ? undefined : ValidationMessage.invalidNumber);
    return [
      {
        name: 'userCondition',
        label: t('filter.userCondition'),
        kind: 'select',
        qualifier: true,
        options: [
          { value: 'UserName', label: t('filter.conditions.UserName') },
          { value: 'UserId', label: t('filter.conditions.UserId') },
        ],
      },
      { name: 'userInput', label: t('filter.userInput') },
      { name: 'orderId', label: t('fields.id'), validate: (v) => (v.trim() === '' || /^\d{1,15}$/.test(v.trim()) ? undefined : ValidationMessage.invalidNumber) },
      {
        name: 'status',
        label: t('fields.status'),
        kind: 'multi',
        options: statusesOfMode(mode)
          .filter((s) => s !== 'pending')
          .map((s) => ({ value: s, label: t(`status.${s}`) })),
      },
      { name: 'action', label: t('fields.action'), kind: 'select', options: [all, { value: 'buy', label: t('actions.buy') }, { value: 'sell', label: t('actions.sell') }] },
      {
        name: 'orderType',
        label: t('fields.type'),
        kind: 'select',
        options: [all, ...(['market', 'limit', 'offline'] as const).map((v) => ({ value: v, label: t(`types.${v}`) }))],
      },
      { name: 'symbol', label: t('fields.pair'), kind: 'select', options: [all, { value: 'XAU/MYR', label: 'XAU/MYR' }, { value: 'XAU/USD', label: 'XAU/USD' }] },
      { name: 'currency', label: t('fields.currency'), kind: 'select', options: [all, { value: 'MYR', label: 'MYR' }, { value: 'USD', label: 'USD' }] },
      { name: 'quantity', label: t('filter.quantity'), validate: decimal },
      { name: 'createdAfter', label: t('filter.createdAfter'), kind: 'date' },
      { name: 'createdBefore', label: t('filter.createdBefore'), kind: 'date', notBefore: 'createdAfter' },
      { name: 'filledAt', label: t('filter.filledAt'), kind: 'date' },
      { name: 'goodTillDate', label: t('filter.goodTillDate'), kind: 'date' },
    ];
  }, [t, mode]);
}
