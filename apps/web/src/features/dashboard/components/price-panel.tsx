import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SidePrice } from '@aurum/domain/system/live-messages';
import { formatDecimal } from '#shared/format/number.ts';
import { useLive } from '#shared/live/live.ts';
import { reasonKey } from '#shared/live/market-status.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Card } from '#shared/ui/card.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useCurrentPrice } from '../api/get-current-price.ts';
import { usePriceHistory } from '../api/get-price-history.ts';
import type { PairStatus } from '../api/market-queries.ts';
import type { ChartUnit } from './price-chart.tsx';
import { TrendArrow } from './trend.tsx';
import { priceSourceLabel } from '#shared/live/price-source.ts';

// the chart library is its own chunk, fetched after the dashboard paints
const PriceChart = lazy(() => import('./price-chart.tsx').then((m) => ({ default: m.PriceChart })));

function PriceTile({ title, unit, side, decimals, testId }: { title: string; unit: string; side: SidePrice | null; decimals: number; testId: string }) {
  const { t } = useTranslation('dashboard');
  const row = (label: string, value: string | undefined, trend: SidePrice['buyTrend'] | undefined, which: 'buy' | 'sell') => (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="flex items-center gap-1.5 font-mono text-xl font-semibold text-slate-900 tabular-nums" data-testid={`${testId}-${which}`}>
        {value ? formatDecimal(value, decimals) : '-'}
        {trend ? <TrendArrow trend={trend} label={t(`price.trend.${trend}`)} /> : null}
      </dd>
    </div>
  );
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-700">
        {title} <span className="font-normal text-slate-500">{unit}</span>
      </h3>
      <dl className="mt-3 flex flex-col gap-2">
        {row(t('price.buy'), side?.buy, side?.buyTrend, 'buy')}
        {row(t('price.sell'), side?.sell, side?.sellTrend, 'sell')}
      </dl>
    </div>
  );
}

function PairRow({ label, status, testId }: { label: string; status: PairStatus | null; testId: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <div className="flex items-center justify-between gap-3 py-2" data-testid={testId}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <span className="flex items-center gap-2 text-sm">
        {status ? (
          <>
            {status.reason ? <span className="text-slate-500">{t(`common:${reasonKey(status.reason)}`)}</span> : null}
            <Badge variant={status.available ? 'approved' : 'declined'}>{status.available ? t('dashboard:market.open') : t('dashboard:market.closed')}</Badge>
          </>
        ) : (
          <Badge>{t('common:connecting')}</Badge>
        )}
      </span>
    </div>
  );
}

/**
 * The live price panel (SPEC.md §3 Live price, MYR rate): gold MYR/g and USD/oz buy and sell with
 * trend arrows, the USD/MYR rate, the market status per pair with reasons, and the price chart.
 */
export function PricePanel() {
  const { t } = useTranslation(['dashboard', 'common', 'shell']);
  const price = useLive((s) => s.price);
  const rate = useLive((s) => s.rate);
  const signature = price ? `${price.available.myr}${price.available.usd}${price.available.offline}${price.reason ?? ''}${price.variant}` : 'none';
  const current = useCurrentPrice(signature);
  const history = usePriceHistory();
  const [unit, setUnit] = useState<ChartUnit>('myr');
  const status = current.data?.status ?? null;

  return (
    <Card className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('dashboard:price.title')}</h2>
        <p className="text-xs text-slate-500" data-testid="price-meta">
          {price ? t('dashboard:price.meta', { variant: t(`dashboard:price.variant.${price.variant}`), source: priceSourceLabel(t, price.source) }) : t('common:connecting')}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <PriceTile title={t('dashboard:price.gold')} unit="MYR/g" side={price?.myr ?? null} decimals={3} testId="price-myr" />
        <PriceTile title={t('dashboard:price.gold')} unit="USD/oz" side={price?.usd ?? null} decimals={2} testId="price-usd" />
        <div className="rounded-lg border border-slate-200 p-4" data-testid="myr-rate">
          <h3 className="text-sm font-semibold text-slate-700">{t('dashboard:rate.title')}</h3>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {(['bid', 'ask', 'high', 'low'] as const).map((k) => (
              <div key={k} className="flex items-baseline justify-between gap-2">
                <dt className="text-slate-500">{t(`dashboard:rate.${k}`)}</dt>
                <dd className="font-mono text-slate-900 tabular-nums" data-testid={`rate-${k}`}>
                  {rate ? formatDecimal(rate[`${k}Price`], 4) : '-'}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-700">{t('dashboard:chart.title')}</h3>
            <div role="group" aria-label={t('dashboard:chart.unit')} className="inline-flex rounded-md border border-slate-300 p-0.5 text-xs">
              {(['myr', 'usd'] as const).map((u) => (
                <button
                  key={u}
                  type="button"
                  aria-pressed={unit === u}
                  onClick={() => setUnit(u)}
                  className={`rounded px-2 py-1 font-medium ${unit === u ? 'bg-amber-700 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
                >
                  {u === 'myr' ? 'MYR/g' : 'USD/oz'}
                </button>
              ))}
            </div>
          </div>
          {history.data ? (
            <Suspense fallback={<SectionSpinner />}>
              <PriceChart history={history.data} unit={unit} labels={{ buy: t('dashboard:price.buy'), sell: t('dashboard:price.sell') }} />
            </Suspense>
          ) : history.isError ? (
            <p className="text-sm text-slate-500">{t('dashboard:chart.unavailable')}</p>
          ) : (
            <SectionSpinner />
          )}
        </div>
        <div data-testid="market-pairs">
          <h3 className="text-sm font-semibold text-slate-700">{t('dashboard:market.title')}</h3>
          <div className="mt-1 divide-y divide-slate-100">
            <PairRow label="XAU/MYR" status={status?.myr ?? null} testId="pair-myr" />
            <PairRow label="XAU/USD" status={status?.usd ?? null} testId="pair-usd" />
            <PairRow label={t('dashboard:market.offline')} status={status?.offline ?? null} testId="pair-offline" />
          </div>
        </div>
      </div>
    </Card>
  );
}
