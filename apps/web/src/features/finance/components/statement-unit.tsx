import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceSheetAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import { SCALE } from '@aurum/domain/money/decimal';
import type { LedgerAsset } from '@aurum/domain/wallet/ledger';
// type-only: a value import would split the languages module out of the sign-in page's chunk
import type { LanguageCode } from '#shared/i18n/languages.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { Badge } from '#shared/ui/badge.tsx';

export type StatementLine = BalanceSheetAnswer['units'][number]['assets'][number];

/** A line of a statement's table: an account, or a section's heading or total (no account). */
export interface StatementRow {
  key: string;
  account: StatementLine['account'] | null;
  /** The heading's or total's words. */
  label?: string;
  amount: string | null;
  myr: string | null;
  strong?: boolean;
}

/** An account's lines under a section heading. */
export const sectionRows = (section: string, label: string, lines: readonly StatementLine[]): StatementRow[] => [
  { key: `${section}-heading`, account: null, label, amount: null, myr: null, strong: true },
  ...lines.map((l) => ({ key: `${section}-${l.account.code}`, account: l.account, amount: l.amount, myr: l.myr })),
];

/**
 * One unit of a balance sheet or an income statement: its accounts by section with the unit's own
 * figures and, for a metal, their MYR value at the closing mid; whether it balances when it must.
 */
export function StatementUnit({ unit, rows, balanced, testId }: { unit: LedgerAsset; rows: readonly StatementRow[]; balanced?: boolean; testId: string }) {
  const { t, i18n } = useTranslation(['finance']);
  const headingId = useId();
  const language = (i18n.resolvedLanguage ?? i18n.language) as LanguageCode;
  const title = t('finance:trialBalance.unitTitle', { unit });
  const columns = useMemo<FitColumn<StatementRow>[]>(() => {
    const strong = (r: StatementRow, text: string) => (r.strong ? <span className="font-semibold text-slate-900">{text}</span> : text);
    return [
      { key: 'code', header: t('finance:trialBalance.code'), cell: (r) => (r.account ? <span className="tabular-nums">{r.account.code}</span> : '') },
      { key: 'account', header: t('finance:trialBalance.account'), wrap: true, cell: (r) => (r.account ? (r.account.name[language] ?? r.account.name.en) : strong(r, r.label ?? '')) },
      { key: 'amount', header: t('finance:statements.amount', { unit }), className: 'text-right tabular-nums', cell: (r) => (r.amount === null ? '' : strong(r, formatDecimal(r.amount, SCALE[unit]))) },
      ...(unit === 'MYR'
        ? []
        : [{ key: 'myr', header: t('finance:statements.myr'), className: 'text-right tabular-nums', cell: (r: StatementRow) => (r.amount === null ? '' : strong(r, r.myr === null ? '-' : formatDecimal(r.myr, 2))) }]),
    ];
  }, [t, language, unit]);
  return (
    <section className="flex flex-col gap-3" aria-labelledby={headingId} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {balanced === undefined ? null : (
          <Badge variant={balanced ? 'approved' : 'declined'}>
            <span data-testid="balanced">{balanced ? t('finance:trialBalance.balanced') : t('finance:trialBalance.notBalanced')}</span>
          </Badge>
        )}
      </div>
      <FitTable label={title} chooserId="statement" columns={columns} rows={rows} rowKey={(r) => r.key} />
    </section>
  );
}
