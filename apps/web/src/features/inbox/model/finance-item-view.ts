import { useTranslation } from 'react-i18next';
import type { FinanceInboxKind, InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { isFinanceKind } from '@aurum/domain/inbox/inbox-schemas';
import { SCALE } from '@aurum/domain/money/decimal';
import { LEDGER_ASSETS, type LedgerAsset } from '@aurum/domain/wallet/ledger';
import { debitCreditOf } from '#shared/format/account-name.ts';
import { displayDate } from '@aurum/domain/system/display-date';

export type FinanceItem = InboxItem & { kind: FinanceInboxKind; finance: NonNullable<InboxItem['finance']> };

export const isFinanceItem = (item: InboxItem): item is FinanceItem => isFinanceKind(item.kind) && item.finance !== null;

/** A line as the books read it: the account debited, the one credited, the amount at its unit's scale. */
export interface FinanceLine {
  debit: string;
  credit: string;
  asset: string;
  amount: string;
  decimals: number;
}

const decimalsOf = (asset: string) => ((LEDGER_ASSETS as readonly string[]).includes(asset) ? SCALE[asset as LedgerAsset] : 4);

/** What a finance item posts, each movement as its debit and its credit. */
export const financeLines = (item: FinanceItem): FinanceLine[] =>
  item.finance.postings.map((p) => ({ ...debitCreditOf(p), asset: p.asset, amount: p.amount, decimals: decimalsOf(p.asset) }));

/** A day (yyyy-MM-dd) as dd/MM/yyyy, a month (yyyy-MM) as MM/yyyy, a year as it is. */
export function periodText(date: string | null): string {
  if (date === null) return '';
  if (/^\d{4}-\d{2}$/.test(date)) return `${date.slice(5)}/${date.slice(0, 4)}`;
  return displayDate(date);
}

/** The item's title: what it is and the day or period it concerns. */
export function useFinanceTitle() {
  const { t } = useTranslation('inbox');
  return (item: FinanceItem): string => {
    const at = periodText(item.finance.date);
    if (item.kind === 'adjustment') return at ? t('finance.title.adjustment', { date: at }) : t('finance.title.adjustmentUndated');
    return t(`finance.title.${item.kind}`, { period: at });
  };
}
