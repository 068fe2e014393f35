import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { formatDecimal, formatSigned } from '#shared/format/number.ts';
import { Card } from '#shared/ui/card.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';

/**
 * The hedges covering an order, beside its external source: the hedge, its provider,
 * the grams of this order it covers, its price and the spread earned, in the order's currency
 * (the rule in the treasury-hedges namespace and decisions 0844 and 0845).
 */
export function OrderHedges({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('treasury-hedges');
  const cell = 'px-3 py-2 whitespace-nowrap';
  return (
    <Card>
      <div data-testid="order-hedges">
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t('order.title')}</h2>
        {d.hedges.length === 0 ? (
          <p className="text-sm text-slate-500">{t('order.none')}</p>
        ) : (
          <div tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-amber-600">
            <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={t('order.title')}>
              <TableHead
                className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase"
                cellClassName={cell}
                labels={[t('order.hedge'), t('order.provider'), t('order.quantity'), t('order.price'), t('order.spread')]}
                numeric={[2, 3, 4]}
              />
              <tbody className="divide-y divide-slate-100">
                {d.hedges.map((h) => (
                  <tr key={h.hedgeId} className={h.state === 'canceled' ? 'text-slate-500 line-through' : undefined}>
                    <td className={cell}>
                      <Link to={`/treasury/?hedge=${h.hedgeId}`} className="font-medium text-amber-700 hover:underline">
                        {h.clientRef}
                      </Link>
                      {h.state === 'canceled' ? <span className="ml-2 text-xs">{t('order.canceled')}</span> : null}
                    </td>
                    <td className={cell}>{h.provider}</td>
                    <td className={`${cell} text-right`}>{formatDecimal(h.quantity, 4)} g</td>
                    <td className={`${cell} text-right`}>{`${formatDecimal(h.price, 3)} ${h.currency === 'MYR' ? 'MYR/g' : 'USD/oz'}`}</td>
                    <td className={`${cell} text-right font-medium`} data-testid="order-hedge-spread">
                      {h.spread === null ? '-' : `${formatSigned(h.spread, 2)} ${d.order.currency}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.hedges.length > 0 ? <p className="mt-3 text-xs text-slate-500">{t('hedges.spreadNote')}</p> : null}
      </div>
    </Card>
  );
}
