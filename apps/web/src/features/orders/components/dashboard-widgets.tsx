import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_MODES } from '@aurum/domain/orders/order-status';
import { formatDecimal } from '#shared/format/number.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { statusEnum } from '../model/order-filters.ts';
import { useLiveOrders, useOrderRefetch } from '../api/live-orders.ts';
import { orderQueries } from '../api/order-queries.ts';
import { barWidths, mergeOrders } from '../model/order-view.ts';
import { forDisplay } from '../model/order-paging.ts';
import { OrderStatusBadge } from './order-labels.tsx';

const LATEST = 5;

function WidgetCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <TitledCard title={title} action={action} className="h-full" headerGap="gap-3">
      {children}
    </TitledCard>
  );
}

/** Dashboard 'trade requests': the latest open orders, live, with 'view all' to the trade requests list. */
export function TradeRequestsWidget() {
  const { t } = useTranslation('order');
  const orders = useQuery(orderQueries.connection({ status: ORDER_MODES.tr.map(statusEnum), last: LATEST }));
  const updates = useLiveOrders();
  useOrderRefetch([orderQueries.connections()], { onUpdate: true });
  const rows = useMemo(() => mergeOrders(orders.data ? forDisplay(orders.data.edges) : [], updates), [orders.data, updates]);
  return (
    <WidgetCard
      title={t('widgets.tradeRequests')}
      action={
        <Link to="/order/?orderMode=tr" className="text-sm font-medium text-amber-700 hover:underline" data-testid="trade-requests-view-all">
          {t('widgets.viewAll')}
        </Link>
      }
    >
      {orders.isPending ? (
        <SectionSpinner />
      ) : orders.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {orders.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t('widgets.noRequests')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="trade-requests-widget">
          {rows.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <Link to={`/order/${o.id}`} className="font-medium text-amber-700 hover:underline">
                  #{o.id}
                </Link>{' '}
                <span className="text-slate-700">{o.username}</span>{' '}
                <span className={o.action === 'BUY' ? 'text-emerald-700' : 'text-red-700'}>{t(`actions.${o.action === 'BUY' ? 'buy' : 'sell'}`)}</span>{' '}
                <span className="text-slate-600">{formatDecimal(o.quantityGram, 4)} g</span>
                <p className="text-xs text-slate-500">{formatDateTime(o.createdAt)}</p>
              </div>
              <OrderStatusBadge status={o.status} interestStartAt={o.interestStartAt} />
            </li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}

const BAR_COLOURS: Readonly<Record<string, string>> = { CREATED: '#f59e0b', FILLED: '#0ea5e9', SETTLED: '#6366f1', OVERDUE: '#dc2626' };
const STATUS_LABEL: Readonly<Record<string, 'matching' | 'unsettled' | 'unpaid' | 'overdue'>> = { CREATED: 'matching', FILLED: 'unsettled', SETTLED: 'unpaid', OVERDUE: 'overdue' };

/** Dashboard 'trade overview': open orders counted by status (order/list_count) as a small bar chart; live. */
export function TradeOverviewWidget() {
  const { t } = useTranslation('order');
  const counts = useQuery(orderQueries.counts());
  useOrderRefetch([orderQueries.counts().queryKey], { onUpdate: true });
  return (
    <WidgetCard title={t('widgets.tradeOverview')}>
      <QueryContent query={counts} compact>
        {(rows) => (
          <ul className="flex flex-col gap-3" data-testid="trade-overview">
            {rows.map((row, index) => (
              <li key={row.status} className="grid grid-cols-[7rem_1fr_3rem] items-center gap-3 text-sm" data-testid={`count-${row.status}`}>
                <span className="text-slate-700">{t(`status.${STATUS_LABEL[row.status] ?? 'canceled'}`)}</span>
                <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                  <span className="block h-3 rounded-full" style={{ width: `${barWidths(rows)[index]}%`, backgroundColor: BAR_COLOURS[row.status] ?? '#64748b' }} />
                </span>
                <span className="text-right font-semibold text-slate-900" data-testid="count-value">
                  {row.count}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </WidgetCard>
  );
}
