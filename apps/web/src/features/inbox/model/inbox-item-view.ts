import { useTranslation } from 'react-i18next';
import { receiptFieldOf, type InboxItem, type InboxItemRef } from '@aurum/domain/inbox/inbox-schemas';
import { formatAmount } from '#shared/format/number.ts';

/** An item's key in the selection, the receipts and the results (its receipt field name). */
export const keyOf = (item: InboxItemRef) => receiptFieldOf(item);

/** What an item is worth: an amount, a quantity, the bank account it opens, or what a finance item posts (per unit) or closes. */
export function valueOf(item: InboxItem): string {
  if (item.amount !== null) return formatAmount(item.amount, 'MYR');
  if (item.quantity !== null) return formatAmount(item.quantity, 'XAU');
  if (item.finance) {
    const posts = item.finance.postings.map((p) => formatAmount(p.amount, p.asset));
    return [item.finance.date, ...posts].filter(Boolean).join(' · ') || '—';
  }
  return item.bank ? `${item.bank.bankName} · ${item.bank.accountNumber}` : '—';
}

/** Where an item is seen whole: its request, its user's bank account, or the finance desk's screen. */
export function linkOf(item: InboxItem): string {
  if (item.kind === 'bankAccount') return `/account/user/${item.user?.id ?? ''}`;
  if (item.kind === 'adjustment') return '/finance/adjustments/';
  if (item.kind === 'monthClose' || item.kind === 'yearClose' || item.kind === 'dayReopen') return '/finance/day-close/';
  return `/asset/${item.id}`;
}

/** How long an item has waited, in the largest whole unit. */
export function useAge() {
  const { t } = useTranslation('inbox');
  return (createdAt: string, now: number) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
    if (minutes < 60) return t('age.minutes', { count: minutes });
    if (minutes < 48 * 60) return t('age.hours', { count: Math.floor(minutes / 60) });
    return t('age.days', { count: Math.floor(minutes / 1440) });
  };
}
