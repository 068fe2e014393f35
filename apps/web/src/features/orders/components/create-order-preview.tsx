import { useTranslation } from 'react-i18next';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { Symbol } from '@aurum/domain/system/metals';
import { formatDecimal } from '#shared/format/number.ts';
import { marketOfSymbol, pairStatus, reasonKey } from '#shared/live/market-status.ts';
import { Card } from '#shared/ui/card.tsx';
import { DetailList, type DetailItem } from '#shared/ui/detail-list.tsx';
import type { OrderPreview } from '../model/order-preview.ts';

/** The live preview of an online order: live price, the price it is computed at, amount and fees. */
export function CreateOrderPreview({ preview, price, symbol, limit, hasUser }: { preview: OrderPreview; price: PriceData | null; symbol: Symbol; limit: boolean; hasUser: boolean }) {
  const { t } = useTranslation(['order', 'common']);
  const usd = symbol === 'XAU/USD';
  const unit = usd ? t('order:createForm.preview.unitUsd') : t('order:createForm.preview.unitMyr');
  const priceText = (v: string | null) => (v === null ? '-' : `${formatDecimal(v, usd ? 2 : 3)} ${unit}`);
  const perGram = (v: string | null) => (v === null ? '-' : t('order:createForm.preview.perGram', { value: formatDecimal(v, 3) }));
  const feeLabel = t(`order:createForm.preview.${preview.feeKind}`);
  // the pair's own status, read as the top bar reads the frame (a closed XAU/USD is not XAU/MYR's reason)
  const status = price === null ? null : pairStatus(price, marketOfSymbol(symbol));

  // one line per distinct figure: a market order's price is the live price, and an XAU/MYR order's
  // MYR per gram is its price; only XAU/USD is charged per gram in another unit than it is quoted
  const items: DetailItem[] = [{ label: t('order:createForm.preview.livePrice'), value: priceText(preview.livePrice), testId: 'preview-live-price' }];
  if (limit) items.push({ label: t('order:createForm.preview.atLimit'), value: priceText(preview.atPrice), testId: 'preview-price' });
  if (usd) {
    items.push({
      label: t('order:createForm.preview.myrPerGram'),
      value: preview.myrPerGram !== null ? `${formatDecimal(preview.myrPerGram, 3)} ${t('order:createForm.preview.unitMyr')}` : limit ? t('order:createForm.preview.limitUsd') : '-',
      testId: 'preview-myr-per-gram',
    });
  }
  items.push({ label: t('order:createForm.preview.amount'), value: formatDecimal(preview.amount, 2), testId: 'preview-amount' });
  if (usd) items.push({ label: t('order:createForm.preview.usdAmount'), value: formatDecimal(preview.usdAmount, 2), testId: 'preview-usd-amount' });
  items.push(
    {
      label: feeLabel,
      value: (
        <>
          <span className="font-medium">{perGram(preview.fee.total)}</span>
          <span className="block text-xs text-slate-500">
            {t('order:createForm.preview.global')} {perGram(preview.fee.global)} · {t('order:createForm.preview.personal')} {perGram(preview.fee.personal)}
          </span>
        </>
      ),
      testId: 'preview-fee',
    },
    { label: t('order:createForm.preview.feeAmount'), value: formatDecimal(preview.feeAmount.total, 2), testId: 'preview-fee-amount' },
  );

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('order:createForm.preview.title')}</h2>
        {status === null ? (
          <span className="text-sm text-slate-500">{t('order:createForm.preview.connecting')}</span>
        ) : !status.available ? (
          <span className="text-sm font-medium text-red-700" data-testid="preview-closed">
            {t('order:createForm.preview.closed', { reason: t(`common:${reasonKey(status.reason)}`) })}
          </span>
        ) : (
          <span className="text-sm text-slate-600" data-testid="preview-market">
            {t(`common:${reasonKey(status.reason)}`)}
          </span>
        )}
      </div>
      <DetailList items={items} columns={2} />
      {!hasUser ? <p className="mt-4 text-xs text-slate-500">{t('order:createForm.preview.pickUser')}</p> : null}
    </Card>
  );
}
