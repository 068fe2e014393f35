import { useTranslation } from 'react-i18next';
import { receiptFieldOf, type InboxItem, type InboxItemRef } from '@aurum/domain/inbox/inbox-schemas';
import { formatDecimal } from '#shared/format/number.ts';

/** An item's key in the selection, the receipts and the results (its receipt field name). */
export const keyOf = (item: InboxItemRef) => receiptFieldOf(item);

/** What an item is worth: an amount, a quantity or the bank account it opens. */
export function valueOf(item: InboxItem): string {
  if (item.amount !== null) return `MYR ${formatDecimal(item.amount, 2)}`;
  if (item.quantity !== null) return `${formatDecimal(item.quantity, 4)} g`;
  return item.bank ? `${item.bank.bankName} · ${item.bank.accountNumber}` : '—';
}

export const linkOf = (item: InboxItem) => (item.kind === 'bankAccount' ? `/account/user/${item.user.id}` : `/asset/${item.id}`);

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
