import { useTranslation } from 'react-i18next';
import type { WalletFunds } from '@aurum/domain/orders/order-money';
import type { OfflinePriceCheck, PriceBandBreach } from '@aurum/domain/orders/offline-price-band';
import type { OrderQuote } from '@aurum/domain/orders/order-pricing';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { Symbol } from '@aurum/domain/system/metals';
import type { TradeSide } from '@aurum/domain/users/user-enums';
import { tradeRuleViolation, type TradeRules } from '@aurum/domain/orders/order-rules';
import { formatAmount, formatDecimal } from '#shared/format/number.ts';
import { formatDate, formatDateTime } from '#shared/format/display.ts';
import { ReviewDialog, type ReviewLine, type ReviewSection } from '#shared/ui/review-dialog.tsx';
import { hasPersonalFee, priceMakeUp, walletEffect, type WalletEffect } from '../model/order-review.ts';

/** What every order review shows first: who, what, how much. */
interface OrderHead {
  username: string;
  side: TradeSide;
  symbol: Symbol;
  kind: string;
  quantity: string;
  /** The customer's trade rules: a side, pair or trade limit the server would refuse stops the review. */
  rules: TradeRules;
}

function useHeadSection() {
  const { t } = useTranslation('order');
  return (head: OrderHead): ReviewSection => ({
    title: t('createForm.review.order'),
    lines: [
      { label: t('createForm.review.customer'), value: head.username, testId: 'review-customer' },
      { label: t('createForm.review.what'), value: `${t(`createForm.actions.${head.side}`)} · ${head.symbol} · ${head.kind}`, testId: 'review-what' },
      { label: t('createForm.review.quantity'), value: `${formatDecimal(head.quantity, 4)} g`, testId: 'review-quantity' },
    ],
  });
}

/** Why the server would refuse the order by the customer's trade rules (checked before its money), or null. */
function useRuleBlock() {
  const { t } = useTranslation('order');
  return (head: OrderHead): string | null => {
    // the minimum is the form's own check (and the server's number when it differs): not repeated here
    const broken = tradeRuleViolation(head.rules, head.side, head.symbol, head.quantity, '0');
    if (!broken) return null;
    return broken.rule === 'tradeLimit' ? t('createForm.review.overLimit', { limit: formatDecimal(broken.limit, 4) }) : t('createForm.notAllowed');
  };
}

/** The customer's wallet before and after the fill, and why it cannot pay when it cannot. */
function useWalletSection() {
  const { t } = useTranslation('order');
  const arrow = (before: string, after: string, decimals: number) => `${formatDecimal(before, decimals)} → ${formatDecimal(after, decimals)}`;
  return (effect: WalletEffect, side: TradeSide, quantity: string): { section: ReviewSection | null; blocked: string | null } => {
    if (effect.kind === 'unknown') return { section: { title: t('createForm.review.wallet'), lines: [{ label: t('createForm.review.reserved'), value: t('createForm.review.pricedAtFill') }] }, blocked: null };
    const w = effect.before;
    if (effect.kind === 'cannotPay') {
      return {
        section: null,
        blocked:
          effect.unit === 'MYR'
            ? t('createForm.review.cannotPayMyr', { needed: formatDecimal(effect.needed, 2), fund: formatDecimal(w.fund, 2), credit: formatDecimal(w.credit, 2) })
            : t('createForm.review.cannotDeliver', { needed: formatDecimal(effect.needed, 4), gold: formatDecimal(w.gold, 4), credit: formatDecimal(w.credit, 2) }),
      };
    }
    if (effect.kind === 'atFill') {
      return { section: { title: t('createForm.review.wallet'), lines: [{ label: t('createForm.review.reserved'), value: t('createForm.review.reservedAtFill') }] }, blocked: null };
    }
    const a: WalletFunds = effect.after;
    const lines: ReviewLine[] =
      side === 'buy'
        ? [
            { label: t('createForm.userInfo.fund'), value: arrow(w.fund, a.fund, 2), testId: 'review-fund' },
            ...(a.credit !== w.credit ? [{ label: t('createForm.userInfo.credit'), value: arrow(w.credit, a.credit, 2), testId: 'review-credit' }] : []),
            { label: t('createForm.userInfo.gold'), value: formatDecimal(w.gold, 4), hint: t('createForm.review.goldWhenPaid', { grams: formatDecimal(quantity, 4) }), testId: 'review-gold' },
          ]
        : [
            { label: t('createForm.userInfo.gold'), value: arrow(w.gold, a.gold, 4), testId: 'review-gold' },
            { label: t('createForm.userInfo.fund'), value: formatDecimal(w.fund, 2), hint: t('createForm.review.fundWhenPaid'), testId: 'review-fund' },
          ];
    return { section: { title: t('createForm.review.wallet'), lines }, blocked: null };
  };
}

export interface OnlineReviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  head: OrderHead;
  limit: { price: string; expiration: 'GTC' | 'GTD'; goodTillDate: string } | null;
  /** The price frame the review was opened at (kept while it is open: what is reviewed is what is sent). */
  price: PriceData;
  quote: OrderQuote;
  wallet: WalletFunds;
  /** The price moved under the review (its quote expired): say so above the new figures. */
  moved: boolean;
  loading: boolean;
  onConfirm: () => void;
}

/** The review of an online order (market or limit): price made up, total, the customer's wallet after. */
export function OnlineOrderReview({ open, onOpenChange, head, limit, price, quote, wallet, moved, loading, onConfirm }: OnlineReviewProps) {
  const { t } = useTranslation('order');
  const headSection = useHeadSection();
  const walletSection = useWalletSection();
  const ruleBlock = useRuleBlock();
  const usd = head.symbol === 'XAU/USD';
  const unit = usd ? t('createForm.preview.unitUsd') : t('createForm.preview.unitMyr');
  const perGram = (v: string | null) => (v === null ? '-' : t('createForm.preview.perGram', { value: formatDecimal(v, 3) }));
  const make = limit ? null : priceMakeUp(price, head.side, quote);
  const feeName = t(`createForm.preview.${quote.feeKind}`);

  const priceLines: ReviewLine[] = [];
  if (limit) {
    priceLines.push({ label: t('createForm.price'), value: `${formatDecimal(limit.price, usd ? 2 : 3)} ${unit}`, testId: 'review-limit' });
    priceLines.push({
      label: t('createForm.expiration'),
      value: limit.expiration === 'GTC' ? t('createForm.gtcHint') : `${t('createForm.goodTillDate')} ${formatDate(limit.goodTillDate)}`,
    });
  } else if (make) {
    priceLines.push({
      label: t('createForm.review.published'),
      value: perGram(make.published),
      hint: make.global === null ? undefined : t('createForm.review.globalIncluded', { fee: feeName, value: perGram(make.global) }),
      testId: 'review-published',
    });
    if (hasPersonalFee(make.personal)) {
      priceLines.push({ label: t('createForm.review.personalFee', { fee: feeName }), value: `${head.side === 'buy' ? '+' : '−'} ${perGram(make.personal)}`, testId: 'review-personal' });
    }
    priceLines.push({ label: t('createForm.review.pricePerGram'), value: perGram(make.perGram), testId: 'review-per-gram' });
  }
  if (usd && !limit) priceLines.push({ label: t('createForm.review.usdPerOunce'), value: `${formatDecimal(quote.atPrice, 2)} ${unit}`, testId: 'review-usd-price' });

  const totalLines: ReviewLine[] = [];
  if (usd && quote.usdAmount !== null) totalLines.push({ label: t('createForm.preview.usdAmount'), value: formatDecimal(quote.usdAmount, 2), testId: 'review-usd-amount' });
  if (quote.feeAmount.total !== null && quote.amount !== null) {
    totalLines.push({ label: t('createForm.review.feesIncluded', { fee: feeName }), value: formatAmount(quote.feeAmount.total, 'MYR'), testId: 'review-fee-amount' });
  }
  totalLines.push({
    label: head.side === 'buy' ? t('createForm.review.customerPays') : t('createForm.review.customerGets'),
    value: quote.amount === null ? t('createForm.review.pricedAtFill') : formatAmount(quote.amount, 'MYR'),
    total: true,
    testId: 'review-total',
  });

  const walletPart = walletSection(walletEffect({ side: head.side, limit: limit !== null, quantity: head.quantity, myrPerGram: quote.myrPerGram, amount: quote.amount, wallet }), head.side, head.quantity);
  const sections: ReviewSection[] = [headSection(head), { title: t('createForm.review.price'), lines: priceLines }, { lines: totalLines }];
  if (walletPart.section) sections.push(walletPart.section);

  return (
    <ReviewDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('createForm.review.title')}
      description={
        <>
          {moved ? <strong className="block text-amber-800">{t('createForm.review.moved')}</strong> : null}
          {t('createForm.review.pricedAt', { at: formatDateTime(price.at) })}
        </>
      }
      sections={sections}
      blocked={ruleBlock(head) ?? walletPart.blocked ?? undefined}
      confirmLabel={t('createForm.review.confirm')}
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

export interface OfflineReviewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  head: OrderHead;
  currency: 'MYR' | 'USD';
  prices: { costPrice: string; quotePrice: string; exchangeRate: string; finalPrice: string };
  amount: string | null;
  myrAmount: string | null;
  myrPerGram: string | null;
  wallet: WalletFunds;
  /** The server's check of the prices against the live mid; null while it is asked. */
  check: OfflinePriceCheck | null;
  checkError: string | null;
  loading: boolean;
  onConfirm: () => void;
}

/** The review of an offline order: the typed prices, each far from the market named, the total and the wallet after. */
export function OfflineOrderReview({ open, onOpenChange, head, currency, prices, amount, myrAmount, myrPerGram, wallet, check, checkError, loading, onConfirm }: OfflineReviewProps) {
  const { t } = useTranslation('order');
  const headSection = useHeadSection();
  const walletSection = useWalletSection();
  const ruleBlock = useRuleBlock();
  const usd = currency === 'USD';
  const per = (v: string) => `${formatDecimal(v, 3)} ${currency}/g`;
  const priceLines: ReviewLine[] = [
    { label: t('createForm.costPrice'), value: per(prices.costPrice), testId: 'review-cost' },
    { label: t('createForm.quotePrice'), value: per(prices.quotePrice), testId: 'review-quote' },
    { label: t('createForm.finalPrice'), value: per(prices.finalPrice), testId: 'review-final' },
  ];
  if (usd) priceLines.push({ label: t('createForm.exchangeRate'), value: formatDecimal(prices.exchangeRate, 4), testId: 'review-rate' });
  const totalLines: ReviewLine[] = [];
  if (usd && amount !== null) totalLines.push({ label: t('createForm.preview.amountIn', { currency }), value: formatDecimal(amount, 2), testId: 'review-usd-amount' });
  totalLines.push({
    label: head.side === 'buy' ? t('createForm.review.customerPays') : t('createForm.review.customerGets'),
    value: myrAmount === null ? '-' : formatAmount(myrAmount, 'MYR'),
    total: true,
    testId: 'review-total',
  });
  const effect = walletEffect({ side: head.side, limit: false, quantity: head.quantity, myrPerGram, amount: myrAmount, wallet });
  const walletPart = walletSection(effect, head.side, head.quantity);
  const sections: ReviewSection[] = [headSection(head), { title: t('createForm.review.prices'), lines: priceLines }, { lines: totalLines }];
  if (walletPart.section) sections.push(walletPart.section);

  const breachText = (b: PriceBandBreach) => {
    const rate = b.field === 'exchangeRate';
    const shown = (v: string) => (rate ? formatDecimal(v, 4) : `${formatDecimal(v, 3)} ${currency}/g`);
    return t('createForm.review.breach', { field: t(`createForm.${b.field}`), entered: shown(b.entered), mid: shown(b.mid), deviation: formatDecimal(b.deviationPct, 2) });
  };
  const warnings = (check?.breaches ?? []).map(breachText);
  const blocked = ruleBlock(head) ?? walletPart.blocked ?? (checkError ? checkError : check === null ? t('createForm.review.checking') : null);
  return (
    <ReviewDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('createForm.review.title')}
      description={check?.mid ? t('createForm.review.band', { band: formatDecimal(check.bandPct, 2), mid: formatDecimal(check.mid.myrPerGram, 3) }) : check ? t('createForm.review.noMid') : undefined}
      sections={sections}
      warnings={warnings}
      acknowledgeLabel={t('createForm.review.acknowledge')}
      blocked={blocked ?? undefined}
      confirmLabel={t('createForm.review.confirm')}
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
