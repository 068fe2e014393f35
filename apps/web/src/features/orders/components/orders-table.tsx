import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { formatDecimal } from '#shared/format/number.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { Badge } from '#shared/ui/badge.tsx';
import type { OrderRowView } from '../model/order-view.ts';
import { OrderStatusBadge, orderTypeKey } from './order-labels.tsx';

/**
 * The order table of the lists and the user tabs: a row links to Order Information. Type, price and
 * time may be hidden (the chooser; `columnsParam` keeps the choice in the address, so a saved view
 * keeps it) and are left out of a phone's cards, which keep what an order is about: who, what, how
 * much, its amount and its status.
 */
export function OrdersTable({
  rows,
  label,
  stale = false,
  showUser = true,
  testId = 'order-table',
  columnsParam,
}: {
  rows: readonly OrderRowView[];
  label: string;
  stale?: boolean;
  showUser?: boolean;
  testId?: string;
  columnsParam?: string;
}) {
  const { t } = useTranslation('order');
  const columns = useMemo<FitColumn<OrderRowView>[]>(() => {
    const all: FitColumn<OrderRowView>[] = [
      {
        key: 'id',
        header: t('fields.id'),
        cell: (o) =>
          o.pending ? (
            <span className="font-medium">#{o.id}</span>
          ) : (
            <Link to={`/order/${o.id}`} className="font-medium text-amber-700 hover:underline" data-testid="order-link">
              #{o.id}
            </Link>
          ),
      },
      {
        key: 'user',
        header: t('fields.username'),
        cell: (o) => (
          <Link to={`/account/user/${o.userId}`} className="hover:underline">
            {o.username ?? `#${o.userId}`}
          </Link>
        ),
      },
      { key: 'type', header: t('fields.type'), optional: true, inCards: false, cell: (o) => <Badge variant="gray">{t(`types.${orderTypeKey(o.orderType)}`)}</Badge> },
      {
        key: 'action',
        header: `${t('fields.action')} / ${t('fields.pair')}`,
        cell: (o) => (
          <>
            <span className={o.action === 'BUY' ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}>{t(`actions.${o.action === 'BUY' ? 'buy' : 'sell'}`)}</span>{' '}
            <span className="text-slate-600">{o.symbol}</span>
          </>
        ),
      },
      { key: 'quantity', header: t('fields.quantityGram'), className: 'text-right', cell: (o) => formatDecimal(o.quantityGram, 4) },
      { key: 'price', header: t('fields.price'), optional: true, inCards: false, className: 'text-right', cell: (o) => (o.price ? `${formatDecimal(o.price, o.currency === 'USD' ? 2 : 3)} ${o.currency}` : '-') },
      { key: 'amount', header: `${t('fields.amount')} (MYR)`, className: 'text-right', cell: (o) => (o.amount ? formatDecimal(o.amount, 2) : '-') },
      { key: 'status', header: t('fields.status'), cell: (o) => <OrderStatusBadge status={o.status} interestStartAt={o.interestStartAt} /> },
      { key: 'createdAt', header: t('fields.createdAt'), optional: true, inCards: false, cell: (o) => formatDateTime(o.createdAt) },
    ];
    return showUser ? all : all.filter((c) => c.key !== 'user');
  }, [t, showUser]);
  return (
    <FitTable
      label={label}
      chooserId="orders"
      testId={testId}
      columns={columns}
      rows={rows}
      rowKey={(o) => `${o.pending ? 'p' : 'o'}${o.id}`}
      stale={stale}
      compact={false}
      hideOptionalBelowWide={false}
      {...(columnsParam ? { addressParam: columnsParam } : {})}
    />
  );
}
