import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { formatDecimal } from '#shared/format/number.ts';
import { displayDate } from '@aurum/domain/system/display-date';
import { Card } from '#shared/ui/card.tsx';
import { DetailList, type DetailItem } from '#shared/ui/detail-list.tsx';
import { orderQueries } from '../api/order-queries.ts';
import { businessToday } from '../model/payment-rules.ts';
import { DetailSection, Section, money } from './order-detail-section.tsx';
import { OrderStatusBadge } from './order-labels.tsx';

/**
 * The summary header: status, action, quantity, and the amounts that matter for the status, all
 * from the server's payment_view (total, paid, owed) and, while something is owed, total_owed at
 * today's business date (interest included): the same figures as the payment block and the
 * payment dialog, in the order's payment unit.
 */
export function SummaryHeader({ d, status, interestStartAt }: { d: OrderDetail; status: string; interestStartAt: string | null }) {
  const { t } = useTranslation('order');
  const view = useQuery(orderQueries.payment(d.id));
  const owing = status === 'SETTLED' || status === 'OVERDUE';
  const owed = useQuery({ ...orderQueries.owed(d.id, owing ? businessToday() : null), placeholderData: undefined });
  const p = view.data;
  const unit = p ? (p.kind === 'myr' ? 'MYR' : 'g') : '';
  const decimals = p?.kind === 'myr' ? 2 : 4;
  const figure = (label: string, value: ReactNode, testId: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-base font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <Card>
      <h2 className="sr-only">{t('detail.summary')}</h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="order-summary-header">
        {figure(t('fields.status'), <OrderStatusBadge status={status} interestStartAt={interestStartAt} />, 'summary-status')}
        {figure(t('fields.action'), t(`actions.${d.action}`), 'summary-action')}
        {figure(t('fields.quantityGram'), `${formatDecimal(d.quantity.gram, 4)} g`, 'summary-quantity')}
        {figure(t('detail.total'), p ? money(p.amountTotal, unit, decimals) : '-', 'summary-total')}
        {figure(t('detail.paid'), p ? money(p.amountPaid, unit, decimals) : '-', 'summary-paid')}
        {owing
          ? figure(t('detail.owedToday'), owed.data ? money(owed.data.value, owed.data.kind === 'myr' ? 'MYR' : 'g', owed.data.kind === 'myr' ? 2 : 4) : '-', 'summary-owed')
          : figure(t('payment.amountOwed'), p ? money(p.amountOwed, unit, decimals) : '-', 'summary-owed')}
      </dl>
    </Card>
  );
}

/** What the order is: who, which market, how much, until when (status and amounts are in the header). */
export function Overview({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('order');
  const items: DetailItem[] = [
    { label: t('fields.id'), value: d.id, testId: 'order-id' },
    {
      label: t('fields.username'),
      value: (
        <Link to={`/account/user/${d.order.userId}`} className="text-amber-700 hover:underline">
          {d.username}
        </Link>
      ),
    },
    { label: t('fields.type'), value: `${t(`types.${d.type}`)}${d.type === 'online' ? ` (${t(`types.${d.orderType}`)})` : ''}`, testId: 'order-type' },
    { label: t('fields.action'), value: t(`actions.${d.action}`), testId: 'order-action' },
    { label: t('fields.pair'), value: d.pair },
    { label: t('fields.quantityGram'), value: `${formatDecimal(d.quantity.gram, 4)} g`, testId: 'quantity-gram' },
    { label: t('fields.quantityOz'), value: `${formatDecimal(d.quantity.oz, 4)} oz` },
    { label: t('fields.expiration'), value: d.expiration.type === 'GTD' ? `GTD · ${displayDate(d.expiration.date ?? '')}` : 'GTC', testId: 'expiration' },
    { label: t('fields.executionId'), value: d.order.executionId },
  ];
  return (
    <Section title={t('detail.overview')} testId="order-details">
      <DetailList items={items} columns={3} />
    </Section>
  );
}

/**
 * Pricing: what the trade is worth. The prices of the fill, spreads and fees, and the trade's
 * total amount, cost and settlement amount (MYR). What is paid and owed is the payment section's.
 */
export function Pricing({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('order');
  const fee = (f: OrderDetail['premium']) => (f ? `${money(f.personal ?? '0', 'MYR/g', 3)} + ${money(f.global ?? '0', 'MYR/g', 3)}` : '-');
  const items: DetailItem[] = [
    { label: t('fields.myrPerGram'), value: money(d.price.myrPerGram, 'MYR/g', 3), testId: 'price-myr-g' },
    { label: t('fields.myrPerKg'), value: money(d.price.myrPerKg, 'MYR/kg') },
    { label: t('fields.usdPerGram'), value: money(d.price.usdPerGram, 'USD/g', 3) },
    { label: t('fields.usdPerKg'), value: money(d.price.usdPerKg, 'USD/kg') },
    { label: t('fields.usdPerOz'), value: money(d.price.usdPerOz, 'USD/oz') },
    { label: t('fields.limitPrice'), value: money(d.price.limit, d.order.currency === 'USD' ? 'USD/oz' : 'MYR/g', d.order.currency === 'USD' ? 2 : 3), testId: 'limit-price' },
    { label: t('fields.buySpread'), value: money(d.spread.buy, 'USD') },
    { label: t('fields.sellSpread'), value: money(d.spread.sell, 'USD') },
    { label: t('fields.exchangeRate'), value: d.exchangeRate ? formatDecimal(d.exchangeRate, 4) : '-' },
    { label: t('fields.premium'), value: fee(d.premium) },
    { label: t('fields.refineryFees'), value: fee(d.refineryFees) },
    { label: t('fields.averagePrice'), value: money(d.averagePrice, 'MYR/g', 3) },
    { label: t('fields.totalAmount'), value: money(d.totalAmount, 'MYR'), testId: 'total-amount' },
    { label: t('fields.costAmount'), value: money(d.costAmount, 'MYR') },
    { label: t('fields.settlementAmount'), value: money(d.settlementAmount, 'MYR') },
  ];
  return <DetailSection title={t('detail.pricing')} items={items} columns={3} testId="section-pricing" />;
}
