import { useTranslation } from 'react-i18next';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { formatDateTime } from '#shared/format/display.ts';
import { formatDecimal, formatSigned } from '#shared/format/number.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Card } from '#shared/ui/card.tsx';
import { detectAdjustSource } from '../model/adjust-source.ts';
import type { ExchangeAnswer } from '#shared/queries/system-queries.ts';
import { TableHead } from '#shared/ui/table-head.tsx';
import { useExchange } from '../api/get-exchange.ts';
import { priceSourceLabel } from '#shared/live/price-source.ts';

type SetName = 'effective' | 'current' | 'integral' | 'investing';

/**
 * Exchange prices (SPEC.md §3): the effective, current, integral and investing USD/MYR sets, the
 * adjustment applied now and the detected adjustment source (SPEC.md §4). A reference source
 * (integral, investing) that has sent nothing yet answers null and shows 'not connected'.
 */
export function ExchangePrices() {
  const { t } = useTranslation(['system', 'common', 'shell']);
  const exchange = useExchange();
  const data: ExchangeAnswer | undefined = exchange.data;
  const rows: Array<{ name: SetName; set: ExchangeAnswer['adjustExchange']; source?: string }> = data
    ? [
        { name: 'effective', set: data.adjustExchange },
        { name: 'current', set: data.current, source: data.current?.source },
        { name: 'integral', set: data.integral },
        { name: 'investing', set: data.investing },
      ]
    : [];
  const source = data ? detectAdjustSource(data.adjustExchange, data.current, data.adjustments) : null;
  const applied =
    data?.adjustExchange && data.current
      ? { bid: roundTo(new Decimal(data.adjustExchange.bid).minus(data.current.bid), 4), ask: roundTo(new Decimal(data.adjustExchange.ask).minus(data.current.ask), 4) }
      : null;

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('system:exchange.title')}</h2>
        {source ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {t('system:exchange.source')}
            <Badge variant="pending">
              <span data-testid="adjust-source">{t(`system:constant.variant.${source}`)}</span>
            </Badge>
          </p>
        ) : null}
      </div>
      {applied ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="applied-adjustment">
          {t('system:exchange.applied', { bid: formatSigned(applied.bid, 4), ask: formatSigned(applied.ask, 4) })}
        </p>
      ) : null}
      <div className="relative mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="exchange-table">
          <TableHead
            className="border-b border-slate-200 text-xs text-slate-500 uppercase"
            cellClassName="py-2 pr-4 font-medium"
            labels={(['set', 'bid', 'ask', 'high', 'low', 'updatedAt'] as const).map((key) => t(`system:exchange.${key}`))}
            numeric={[1, 2, 3, 4]}
            extra={<th className="py-2 font-medium">{t('system:exchange.sourceColumn')}</th>}
          />
          <tbody className="divide-y divide-slate-100">
            {rows.map(({ name, set, source: from }) => (
              <tr key={name} data-testid={`exchange-${name}`}>
                <th scope="row" className="py-2 pr-4 font-medium text-slate-800">
                  {t(`system:exchange.sets.${name}`)}
                </th>
                {set ? (
                  <>
                    {(['bid', 'ask', 'high', 'low'] as const).map((k) => (
                      <td key={k} className="py-2 pr-4 text-right font-mono tabular-nums">
                        {formatDecimal(set[k], 4)}
                      </td>
                    ))}
                    <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatDateTime(set.updatedAt)}</td>
                    <td className="py-2 text-slate-600">{from ? priceSourceLabel(t, from) : '-'}</td>
                  </>
                ) : (
                  <td colSpan={6} className="py-2 text-slate-500">
                    {name === 'integral' || name === 'investing' ? t('system:exchange.notConnected') : t('system:exchange.noRate')}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {exchange.isError ? <p className="mt-2 text-sm text-red-600">{t('system:loadFailed')}</p> : null}
      </div>
    </Card>
  );
}
