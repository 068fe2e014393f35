import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { formatDecimal, formatSigned, fractionToPercent } from '#shared/format/number.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { liveStore, useLive } from '#shared/live/live.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Card } from '#shared/ui/card.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { systemQueries } from '#shared/queries/system-queries.ts';
import { useGoldAdjust } from '#shared/queries/use-gold-adjust.ts';
import { useEffectiveRate } from '../api/get-effective-rate.ts';

type Variant = 'regular' | 'afterHour';

function variantOf(answer: MetalAdjustAnswer, variant: Variant) {
  return variant === 'regular'
    ? { currency: answer.currency, spread: answer.spread, fee: answer.userFee }
    : { currency: answer.ahtCurrency, spread: answer.ahtSpread, fee: answer.ahtUserFee };
}

/**
 * Dashboard widget 'trade constant' (order 30): gold's key constants per variant (currency
 * adjustment, spread, premium, refinery fees, interest rate) and the effective USD/MYR rate,
 * the active variant marked; live through the socket's GlobalSetting; 'view all' opens the
 * Constant screen.
 */
export function TradeConstantWidget() {
  const { t } = useTranslation(['dashboard', 'common']);
  const queryClient = useQueryClient();
  const fetched = useGoldAdjust();
  const rate = useEffectiveRate();
  // the socket sends the whole setting of a metal when it changes: newer than the fetched answer
  const live = useLive((s) => s.settings.xau ?? null);
  const active = useLive((s) => s.price?.variant ?? null);
  useEffect(
    () =>
      liveStore.onMessage((message) => {
        if (message.type === 'GlobalSetting') void queryClient.invalidateQueries({ queryKey: systemQueries.exchange().queryKey });
      }),
    [queryClient],
  );
  const adjust = live ?? fetched.data ?? null;

  return (
    <Card className="h-full">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('dashboard:constant.title')}</h2>
        <Link to="/system/constant/" className="text-sm font-medium text-amber-700 hover:underline" data-testid="constant-view-all">
          {t('dashboard:viewAll')}
        </Link>
      </div>
      {!adjust ? (
        fetched.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(fetched.error)}
          </p>
        ) : (
          <SectionSpinner />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="text-sm text-slate-600">{t('dashboard:constant.effectiveRate')}</span>
            <span className="font-mono text-sm font-semibold text-slate-900 tabular-nums" data-testid="constant-rate">
              {rate.data?.adjustExchange ? `${formatDecimal(rate.data.adjustExchange.bid, 4)} / ${formatDecimal(rate.data.adjustExchange.ask, 4)}` : '-'}
            </span>
          </div>
          {/* at 390 px the table scrolls in its own frame, inside the card */}
          <div className="relative -mx-1 overflow-x-auto px-1" data-testid="constant-table-frame">
            <table className="w-full text-sm" aria-label={t('dashboard:constant.title')} data-testid="constant-table">
              <thead>
                <tr className="text-left text-xs text-slate-500 uppercase">
                  <th className="py-1 font-medium">{t('dashboard:constant.gold')}</th>
                  {(['regular', 'afterHour'] as const).map((v) => (
                    <th key={v} className="py-1 text-right font-medium">
                      {t(`dashboard:price.variant.${v}`)}
                      {active === v ? (
                        <Badge variant="approved" className="ml-1 normal-case">
                          {t('dashboard:constant.active')}
                        </Badge>
                      ) : null}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {(
                  [
                    ['currency', (a: ReturnType<typeof variantOf>) => `${formatSigned(a.currency.bid, 4)} / ${formatSigned(a.currency.ask, 4)}`],
                    ['spread', (a: ReturnType<typeof variantOf>) => `${formatDecimal(a.spread.buySpread)} / ${formatDecimal(a.spread.sellSpread)}`],
                    ['premium', (a: ReturnType<typeof variantOf>) => formatDecimal(a.fee.premium)],
                    ['refineryFees', (a: ReturnType<typeof variantOf>) => formatDecimal(a.fee.refineryFees)],
                    ['interestRate', (a: ReturnType<typeof variantOf>) => `${fractionToPercent(a.fee.interestRate)}%`],
                  ] as const
                ).map(([key, show]) => (
                  <tr key={key}>
                    <th scope="row" className="py-1.5 text-left font-normal text-slate-600">
                      {t(`dashboard:constant.rows.${key}`)}
                    </th>
                    {(['regular', 'afterHour'] as const).map((v) => (
                      <td key={v} className="py-1.5 pl-3 text-right font-mono whitespace-nowrap text-slate-900 tabular-nums" data-testid={`constant-${key}-${v}`}>
                        {show(variantOf(adjust, v))}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Card>
  );
}
