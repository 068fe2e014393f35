import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { errorMessage } from '#shared/http/api-error.ts';
import { fractionToPercent } from '#shared/format/number.ts';
import { orDash } from '#shared/format/display.ts';
import { displayDate } from '@aurum/domain/system/display-date';
import { DetailList, type DetailItem } from '#shared/ui/detail-list.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';
import { orderQueries } from '../api/order-queries.ts';
import { Failure, Section, money } from './order-detail-section.tsx';

/**
 * The payment section: what the fill took from the user's wallet (balance, credit), then
 * payment_view alone for what is left to pay (total, paid, owed, interest, rates) and the
 * payments. The header's figures are these, so nothing on the page says otherwise.
 */
export function PaymentBlock({ d }: { d: OrderDetail }) {
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
    { label: t('fields.paymentDate'), value: d.paymentDate ? displayDate(d.paymentDate) : '-' },
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
                  <td className="px-4 py-2">{displayDate(row.paymentMadeAt)}</td>
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
