import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { METALS, isMetal, type Metal } from '@aurum/domain/system/metals';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { useCan } from '#shared/access/use-can.ts';
import { formatDecimal, formatSigned, fractionToPercent } from '#shared/format/number.ts';
import { liveStore, useLive } from '#shared/live/live.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TabList } from '#shared/ui/tab-list.tsx';
import { useExchange } from '../api/get-exchange.ts';
import { useMetalAdjust } from '../api/get-metal-adjust.ts';
import { useAdjustChanged } from '../api/update-adjust.ts';
import { effectiveRate, fxFromRate, quoteFromPrice, settingsOf, variantPrice, type Variant } from '../model/trade-constants.ts';
import { AdjustDialog, type AdjustPart } from './adjust-forms.tsx';
import { ExchangePrices } from './exchange-prices.tsx';
import { priceSourceLabel } from '#shared/live/price-source.ts';

const VARIANTS: readonly Variant[] = ['regular', 'afterHour'];

function Item({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-right font-mono text-sm text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
        {action}
      </div>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </div>
  );
}

/** One variant of a metal: its constants, the rates and (for gold) the live buy and sell price. */
function VariantCard({ metal, variant, answer, goldAnswer, onEdit }: { metal: Metal; variant: Variant; answer: MetalAdjustAnswer; goldAnswer: MetalAdjustAnswer | undefined; onEdit: (part: AdjustPart) => void }) {
  const { t } = useTranslation(['system', 'common', 'shell']);
  const canCurrency = useCan('editCurrencyAdjustment');
  const canSpread = useCan('editSpreadAdjustment');
  const price = useLive((s) => s.price);
  const rate = useLive((s) => s.rate);
  const exchange = useExchange();
  const s = settingsOf(answer, variant);
  const fx = rate ? fxFromRate(rate) : exchange.data?.current ? { bid: exchange.data.current.bid, ask: exchange.data.current.ask } : null;
  const effective = effectiveRate(fx, answer, variant);
  // the live Price is gold's: its quote backs the buy and sell price of the gold constants
  const quote = metal === 'xau' && price && goldAnswer ? quoteFromPrice(price, goldAnswer) : null;
  const customer = variantPrice(quote, fx, answer, variant);
  const active = price?.variant === variant;
  const id = `${variant}`;
  const edit = (part: AdjustPart, allowed: boolean) =>
    allowed ? (
      <Button variant="secondary" className="px-2.5 py-1 text-xs" onClick={() => onEdit(part)} data-testid={`edit-${part}-${id}`}>
        {t(`system:constant.edit.${part}`)}
      </Button>
    ) : null;

  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2" data-testid={`variant-${id}`}>
        <h2 className="text-lg font-semibold text-slate-900">{t(`system:constant.variant.${variant}`)}</h2>
        {active ? <Badge variant="approved">{t('system:constant.activeNow')}</Badge> : null}
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Section title={t('system:constant.sections.currency')} action={edit('currency', canCurrency)}>
          <Item label={t('system:constant.bidChange')} value={formatSigned(s.currency.bid, 4)} testId={`bid-change-${id}`} />
          <Item label={t('system:constant.askChange')} value={formatSigned(s.currency.ask, 4)} testId={`ask-change-${id}`} />
        </Section>
        <Section title={t('system:constant.sections.spread')} action={edit('spread', canSpread)}>
          <Item label={t('system:constant.buySpread')} value={formatDecimal(s.spread.buySpread, 2)} testId={`buy-spread-${id}`} />
          <Item label={t('system:constant.sellSpread')} value={formatDecimal(s.spread.sellSpread, 2)} testId={`sell-spread-${id}`} />
        </Section>
        <Section title={t('system:constant.sections.fee')} action={edit('fee', canSpread)}>
          <Item label={t('system:constant.interestRate')} value={`${fractionToPercent(s.fee.interestRate)} %`} testId={`interest-rate-${id}`} />
          <Item label={t('system:constant.premium')} value={formatDecimal(s.fee.premium, 3)} testId={`premium-${id}`} />
          <Item label={t('system:constant.refineryFees')} value={formatDecimal(s.fee.refineryFees, 3)} testId={`refinery-fees-${id}`} />
        </Section>
        <Section title={t('system:constant.sections.rates')}>
          <Item label={t('system:constant.exchangeAdjustment')} value={`${formatSigned(s.currency.bid, 4)} / ${formatSigned(s.currency.ask, 4)}`} />
          <Item label={t('system:constant.baseRate')} value={fx ? `${formatDecimal(fx.bid, 4)} / ${formatDecimal(fx.ask, 4)}` : '-'} testId={`base-rate-${id}`} />
          <Item label={t('system:constant.baseSource')} value={priceSourceLabel(t, exchange.data?.current?.source ?? price?.source ?? '-')} />
          <Item label={t('system:constant.effectiveRate')} value={effective ? `${formatDecimal(effective.bid, 4)} / ${formatDecimal(effective.ask, 4)}` : '-'} testId={`effective-rate-${id}`} />
        </Section>
        <Section title={t('system:constant.sections.price')}>
          {metal === 'xau' ? (
            <>
              <Item label={`${t('system:constant.buyPrice')} (MYR/g)`} value={customer ? formatDecimal(customer.myr.buy, 3) : '-'} testId={`buy-price-${id}`} />
              <Item label={`${t('system:constant.sellPrice')} (MYR/g)`} value={customer ? formatDecimal(customer.myr.sell, 3) : '-'} testId={`sell-price-${id}`} />
              <Item label={`${t('system:constant.buyPrice')} (USD/oz)`} value={customer ? formatDecimal(customer.usd.buy, 2) : '-'} testId={`buy-price-usd-${id}`} />
              <Item label={`${t('system:constant.sellPrice')} (USD/oz)`} value={customer ? formatDecimal(customer.usd.sell, 2) : '-'} testId={`sell-price-usd-${id}`} />
            </>
          ) : (
            <p className="py-1.5 text-sm text-slate-500">{t('system:constant.goldOnly')}</p>
          )}
        </Section>
      </div>
    </Card>
  );
}

/**
 * Trading Settings / Trade Constant (/system/constant/): per metal (tabs) the regular and
 * after-hour constants, each editable in a modal (currency, fees, spread) by admins with the
 * permission; the exchange prices; a link to Manual Metal Price Setting.
 */
export function ConstantPage() {
  const { t } = useTranslation(['system', 'sidebar', 'common']);
  const [query, setQuery] = useSearchParams();
  const requested = query.get('metal');
  const metal: Metal = isMetal(requested) ? requested : 'xau';
  const adjust = useMetalAdjust(metal);
  const gold = useMetalAdjust('xau');
  const [editing, setEditing] = useState<{ part: AdjustPart; variant: Variant } | null>(null);
  const adjustChanged = useAdjustChanged();

  // a change made elsewhere arrives as a GlobalSetting: show it at once
  useEffect(
    () =>
      liveStore.onMessage((message) => {
        if (message.type !== 'GlobalSetting' || !isMetal(message.data.metal)) return;
        const { metal: changed, ...answer } = message.data;
        adjustChanged(changed as Metal, answer);
      }),
    [adjustChanged],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('sidebar:constant')}
        subtitle={t('system:constant.subtitle')}
        actions={
          <Link to="/system/price/" className="text-sm font-medium text-amber-700 hover:underline" data-testid="manual-price-link">
            {t('system:manual.title')} →
          </Link>
        }
      />
      <TabList
        label={t('system:constant.metal')}
        tabs={METALS.map((m) => ({ value: m, label: t(`system:constant.metals.${m}`) }))}
        value={metal}
        onChange={(m) => setQuery(m === 'xau' ? {} : { metal: m }, { replace: true })}
      />
      <div role="tabpanel" className="flex flex-col gap-6">
        {adjust.data ? (
          <div className="grid gap-6 min-[1800px]:grid-cols-2">
            {VARIANTS.map((variant) => (
              <VariantCard key={variant} metal={metal} variant={variant} answer={adjust.data} goldAnswer={gold.data} onEdit={(part) => setEditing({ part, variant })} />
            ))}
          </div>
        ) : adjust.isError ? (
          <Card>
            <p className="text-sm text-red-600">{t('system:loadFailed')}</p>
          </Card>
        ) : (
          <SectionSpinner />
        )}
        <ExchangePrices />
      </div>
      {adjust.data ? (
        <AdjustDialog part={editing?.part ?? null} metal={metal} variant={editing?.variant ?? 'regular'} answer={adjust.data} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
