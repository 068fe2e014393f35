import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MODES } from '@aurum/domain/orders/order-status';
import { canTransition, permissionFor, type OrderAction } from '@aurum/domain/orders/order-machine';
import { useCanCheck } from '#shared/access/use-can.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { liveStore } from '#shared/live/live.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { fractionToPercent, formatDecimal } from '#shared/format/number.ts';
import { formatDate, formatDateTime, orDash } from '#shared/format/display.ts';
import { isoToDisplay } from '#shared/format/date.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList, type DetailItem } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';
import { useLiveOrders } from '../api/live-orders.ts';
import { orderQueries } from '../api/order-queries.ts';
import { mergeOrder, nextEntryDue, pastEntries } from '../api/order-view.ts';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { ConfirmOrderDialog, PaymentDialog, RevertDialog, type ActionTarget } from './order-action-dialogs.tsx';
import { OrderStatusBadge } from './order-labels.tsx';
import { OrderHedges } from './order-hedges.tsx';
import { businessToday } from '../api/payment-rules.ts';

type Dialog = 'settle' | 'cancel' | 'revert' | 'pay' | null;
/** The admin actions of Order Information, in button order, with the machine's action names. */
const ACTIONS: ReadonlyArray<{ dialog: Exclude<Dialog, null>; action: OrderAction }> = [
  { dialog: 'settle', action: 'settle' },
  { dialog: 'pay', action: 'pay' },
  { dialog: 'cancel', action: 'cancel' },
  { dialog: 'revert', action: 'revert' },
];

const money = (value: string | null | undefined, unit: string, decimals = 2) => (value === null || value === undefined ? '-' : `${formatDecimal(value, decimals)} ${unit}`);

/**
 * Order Information (/order/{orderId}): every field of SPEC.md §3 "Order detail" the server gives
 * (GET order/{id}), as a summary header (status, action, quantity, the amounts of the status) and
 * grouped sections: the order, pricing, payment (payment_view), timeline (entries dated before
 * now), external source, revert and audit; the actions Settle, Order
 * Payment, Cancel and Revert, each enabled when the state machine allows it from the status and
 * the admin's role has its permission. Live: an update of this order refetches it.
 */
export function OrderInformationPage() {
  const { t } = useTranslation(['order', 'common']);
  const params = useParams();
  const orderId = Number(params.orderId);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const detail = useQuery(orderQueries.detail(valid ? orderId : 0));
  const client = useQueryClient();
  const from = usePreviousPath();
  const updates = useLiveOrders();
  const can = useCanCheck();
  const [dialog, setDialog] = useState<Dialog>(null);

  // an update of this order on the socket: show its status at once, refetch the rest
  useEffect(
    () =>
      liveStore.onMessage((message) => {
        if ((message.type === 'OrderUpdated' || message.type === 'Market' || message.type === 'Limit') && String(message.data.id) === String(orderId)) {
          void client.invalidateQueries({ queryKey: orderQueries.detail(orderId).queryKey });
          void client.invalidateQueries({ queryKey: orderQueries.payment(orderId).queryKey });
        }
      }),
    [client, orderId],
  );

  if (!valid) return <Failure text={t('order:detail.emptyId')} />;
  if (detail.isPending) return <SectionSpinner />;
  if (detail.isError) return <Failure text={errorMessage(detail.error)} />;

  const d = detail.data;
  const node = mergeOrder(d.order, updates.get(String(orderId)));
  const status = node.status;
  const target: ActionTarget = { id: d.id, userId: node.userId, username: d.username, action: node.action };
  const mode = (ORDER_MODES.th as readonly string[]).includes(status) ? 'th' : 'tr';
  const back = from ?? `/order/?orderMode=${mode}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('order:detail.title', { id: d.id })}
        back={back}
        subtitle={<OrderStatusBadge status={status} interestStartAt={node.interestStartAt} />}
        actions={ACTIONS.map(({ dialog: name, action }) => {
          const permission = permissionFor(action);
          const allowedByRole = permission === null ? false : can(permission);
          const allowedByStatus = canTransition(action, status);
          return (
            <Button
              key={name}
              variant={name === 'revert' || name === 'cancel' ? 'secondary' : 'primary'}
              disabled={!allowedByRole || !allowedByStatus}
              title={!allowedByRole ? t('common:noPermission') : !allowedByStatus ? t('order:detail.notFromStatus') : undefined}
              onClick={() => setDialog(name)}
              data-testid={`action-${name}`}
            >
              {t(`order:${name === 'pay' ? 'payment' : name}.button`)}
            </Button>
          );
        })}
      />
      <div className="flex flex-col gap-6" data-testid="order-overview">
        <SummaryHeader d={d} status={status} interestStartAt={node.interestStartAt} />
        <Overview d={d} />
      </div>
      <Pricing d={d} />
      <PaymentBlock d={d} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Timeline entries={node.timeline} d={d} />
        <div className="flex flex-col gap-6">
          <External external={d.external} currency={d.order.currency} />
          <OrderHedges d={d} />
          <RevertInfo orderId={d.id} reverted={status === 'REVERTED'} />
          <Audit d={d} />
        </div>
      </div>
      {dialog === 'settle' || dialog === 'cancel' ? <ConfirmOrderDialog key={dialog} kind={dialog} order={target} onClose={() => setDialog(null)} /> : null}
      {dialog === 'revert' ? <RevertDialog order={target} onClose={() => setDialog(null)} /> : null}
      {dialog === 'pay' ? <PaymentDialog order={target} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {text}
    </p>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card>
      <div data-testid={testId}>
        <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
        {children}
      </div>
    </Card>
  );
}

/** A section that lists label and value pairs. */
function DetailSection({ title, items, columns = 2, testId }: { title: string; items: readonly DetailItem[]; columns?: 1 | 2 | 3; testId?: string }) {
  return (
    <Section title={title} testId={testId}>
      <DetailList items={items} columns={columns} />
    </Section>
  );
}

/**
 * The summary header: status, action, quantity, and the amounts that matter for the status, all
 * from the server's payment_view (total, paid, owed) and, while something is owed, total_owed at
 * today's business date (interest included): the same figures as the payment block and the
 * payment dialog, in the order's payment unit.
 */
function SummaryHeader({ d, status, interestStartAt }: { d: OrderDetail; status: string; interestStartAt: string | null }) {
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
function Overview({ d }: { d: OrderDetail }) {
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
    { label: t('fields.expiration'), value: d.expiration.type === 'GTD' ? `GTD · ${isoToDisplay(d.expiration.date ?? '')}` : 'GTC', testId: 'expiration' },
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
function Pricing({ d }: { d: OrderDetail }) {
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

/**
 * The payment section: what the fill took from the user's wallet (balance, credit), then
 * payment_view alone for what is left to pay (total, paid, owed, interest, rates) and the
 * payments. The header's figures are these, so nothing on the page says otherwise.
 */
function PaymentBlock({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('order');
  const view = useQuery(orderQueries.payment(d.id));
  if (view.isPending) return <SectionSpinner />;
  if (view.isError) return <Failure text={errorMessage(view.error)} />;
  const p = view.data;
  const unit = p.kind === 'myr' ? 'MYR' : 'g';
  const decimals = p.kind === 'myr' ? 2 : 4;
  const items: DetailItem[] = [
    d.action === 'buy'
      ? { label: t('fields.balanceDeducted'), value: money(d.order.balanceDeducted, 'MYR'), testId: 'balance-deducted' }
      : { label: t('payment.goldReserved'), value: money(d.order.goldReserved, 'g', 4), testId: 'gold-reserved' },
    { label: t('fields.creditDeducted'), value: money(d.order.creditDeducted, 'MYR') },
    { label: t('fields.paymentDate'), value: d.paymentDate ? isoToDisplay(d.paymentDate) : '-' },
    { label: t('payment.amountTotal'), value: money(p.amountTotal, unit, decimals), testId: 'pv-amount-total' },
    { label: t('payment.amountPaid'), value: money(p.amountPaid, unit, decimals), testId: 'pv-amount-paid' },
    { label: t('payment.amountOwed'), value: money(p.amountOwed, unit, decimals), testId: 'pv-amount-owed' },
    { label: t('payment.interestTotal'), value: money(p.interestTotal, unit, decimals), testId: 'pv-interest-total' },
    { label: t('payment.interestPaid'), value: money(p.interestPaid, unit, decimals), testId: 'pv-interest-paid' },
    { label: t('payment.interestOwed'), value: money(p.interestOwed, unit, decimals), testId: 'pv-interest-owed' },
    { label: t('payment.ratePersonal'), value: `${fractionToPercent(p.interestRate.personal)} %` },
    { label: t('payment.rateGlobal'), value: `${fractionToPercent(p.interestRate.global)} %` },
    { label: t('payment.rateTotal'), value: `${fractionToPercent(p.interestRate.total)} %` },
  ];
  return (
    <Section title={t('payment.block')} testId="payment-block">
      <DetailList items={items} columns={3} />
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-800">{t('payment.list')}</h3>
      {p.payments.length === 0 ? (
        <p className="text-sm text-slate-500">{t('payment.none')}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="payments-table" aria-label={t('payment.list')}>
            <TableHead
              className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase"
              cellClassName="px-4 py-2"
              labels={[t('payment.paymentId'), t('payment.received'), t('payment.date'), t('payment.submittedBy'), t('payment.note')]}
              numeric={[1]}
            />
            <tbody className="divide-y divide-slate-100">
              {p.payments.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-2">{row.id}</td>
                  <td className="px-4 py-2 text-right">{money(row.received.value, row.received.kind === 'myr' ? 'MYR' : 'g', row.received.kind === 'myr' ? 2 : 4)}</td>
                  <td className="px-4 py-2">{isoToDisplay(row.paymentMadeAt)}</td>
                  <td className="px-4 py-2">{orDash(row.submittedBy)}</td>
                  <td className="px-4 py-2">{orDash(row.note)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** The longest wait setTimeout takes (about 24.8 days); a later entry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The timeline entries dated before now, again whenever a later one comes due: an entry the
 * server dated ahead of this browser's clock shows once its moment has passed here.
 */
function usePastEntries(entries: OrderDetail['timeline']): OrderDetail['timeline'] {
  // `now` changes when an entry comes due: the entries are filtered again at the clock's moment
  const [now, setNow] = useState(() => new Date());
  const shown = useMemo(() => pastEntries(entries, new Date()), [entries, now]);
  useEffect(() => {
    const due = nextEntryDue(entries, new Date());
    if (due === null) return;
    const timer = setTimeout(() => setNow(new Date()), Math.min(due, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [entries, now]);
  return shown;
}

/** The timeline (entries dated before now) and the order's key moments. */
function Timeline({ entries, d }: { entries: OrderDetail['timeline']; d: OrderDetail }) {
  const { t } = useTranslation('order');
  const shown = usePastEntries(entries);
  return (
    <Section title={t('detail.timeline')} testId="section-timeline">
      <div data-testid="timeline">
      {shown.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.noTimeline')}</p>
      ) : (
        <ol className="relative ml-2 border-l border-slate-200">
          {shown.map((entry) => (
            <li key={entry.id} className="mb-4 ml-4" data-testid="timeline-entry" data-action={entry.action}>
              <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border border-white bg-amber-500" />
              <p className="text-sm font-medium text-slate-900">{t(`timeline.${entry.action}`)}</p>
              <p className="text-xs text-slate-500">
                {formatDateTime(entry.date)}
                {entry.secondaryDate ? ` · ${t('timeline.secondary', { date: formatDate(entry.secondaryDate) })}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <DetailList
          columns={2}
          items={[
            { label: t('fields.filledAt'), value: formatDateTime(d.order.filledAt) },
            { label: t('fields.settledAt'), value: formatDateTime(d.settledAt) },
            { label: t('fields.interestStartAt'), value: formatDateTime(d.order.interestStartAt) },
            { label: t('fields.completedAt'), value: formatDateTime(d.order.completedAt) },
          ]}
        />
      </div>
    </Section>
  );
}

/** The offline order's external source (the treasury issue adds its hedges here); none online. */
function External({ external, currency }: { external: OrderDetail['external']; currency: string }) {
  const { t } = useTranslation('order');
  return (
    <Section title={t('detail.external')} testId="external-source">
      {external ? (
        <DetailList
          columns={1}
          items={[
            { label: t('fields.source'), value: orDash(external.source) },
            { label: t('fields.externalPrice'), value: money(external.price, `${currency}/g`, 3) },
            { label: t('fields.externalQuantity'), value: money(external.quantity, 'g', 4) },
          ]}
        />
      ) : (
        <p className="text-sm text-slate-500">{t('detail.noExternal')}</p>
      )}
    </Section>
  );
}

function RevertInfo({ orderId, reverted }: { orderId: number; reverted: boolean }) {
  const { t } = useTranslation('order');
  const info = useQuery(orderQueries.reverted(orderId, reverted));
  return (
    <Section title={t('detail.revert')} testId="revert-info">
      {!reverted ? (
        <p className="text-sm text-slate-500">{t('detail.notReverted')}</p>
      ) : info.isPending ? (
        <SectionSpinner />
      ) : (
        <DetailList
          columns={1}
          items={[
            { label: t('fields.revertReason'), value: orDash(info.data?.reason), testId: 'revert-reason' },
            { label: t('fields.revertedExecutor'), value: orDash(info.data?.executor), testId: 'revert-executor' },
            { label: t('fields.revertedAt'), value: formatDateTime(info.data?.executedAt) },
          ]}
        />
      )}
    </Section>
  );
}

/** Who placed the order and when, and the notes written on it. */
function Audit({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('order');
  return (
    <DetailSection
      title={t('detail.audit')}
      testId="section-audit"
      columns={1}
      items={[
        { label: t('fields.createdAt'), value: formatDateTime(d.createdAt) },
        { label: t('fields.createdBy'), value: orDash(d.createdBy) },
        { label: t('fields.adminNote'), value: orDash(d.adminNote), testId: 'admin-note' },
        { label: t('fields.userComment'), value: orDash(d.userComment), testId: 'user-comment' },
      ]}
    />
  );
}
