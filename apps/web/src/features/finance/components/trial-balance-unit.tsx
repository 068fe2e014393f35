import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { Decimal, SCALE } from '@aurum/domain/money/decimal';
// type-only: a value import would split the languages module out of the sign-in page's chunk
import type { LanguageCode } from '#shared/i18n/languages.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { Badge } from '#shared/ui/badge.tsx';

export type TrialBalanceUnitView = TrialBalanceAnswer['units'][number];
type AccountRow = TrialBalanceUnitView['rows'][number];

/** A table line: an account's row, or the unit's totals (no account). */
interface Line extends Omit<AccountRow, 'account'> {
  account: AccountRow['account'] | null;
}

const FIGURES = [
  ['opening', 'debit', 'openingDebit'],
  ['opening', 'credit', 'openingCredit'],
  ['movements', 'debit', 'movementDebit'],
  ['movements', 'credit', 'movementCredit'],
  ['closing', 'debit', 'closingDebit'],
  ['closing', 'credit', 'closingCredit'],
] as const;

/** Every side of every total is a sum of amounts >= 0, so zero totals mean every account's figures are zero. */
function allZero(unit: TrialBalanceUnitView): boolean {
  return FIGURES.every(([column, side]) => new Decimal(unit.totals[column][side]).isZero());
}

/**
 * One unit's block of the trial balance: the GL accounts with their opening, the day's debits and
 * credits and their closing, the totals, and whether debits equal credits. A unit with every figure
 * zero (platinum and silver until they trade) shows a note and keeps its accounts folded, so the
 * units that moved stay in view; the balanced mark is shown either way.
 */
export function TrialBalanceUnit({ unit }: { unit: TrialBalanceUnitView }) {
  const { t, i18n } = useTranslation(['finance']);
  const headingId = useId();
  const language = (i18n.resolvedLanguage ?? i18n.language) as LanguageCode;
  const title = t('finance:trialBalance.unitTitle', { unit: unit.unit });
  const columns = useMemo<FitColumn<Line>[]>(() => {
    const scale = SCALE[unit.unit];
    const strong = (line: Line, text: string) => (line.account ? text : <span className="font-semibold text-slate-900">{text}</span>);
    return [
      { key: 'code', header: t('finance:trialBalance.code'), cell: (l) => (l.account ? <span className="tabular-nums">{l.account.code}</span> : '') },
      { key: 'account', header: t('finance:trialBalance.account'), wrap: true, cell: (l) => (l.account ? (l.account.name[language] ?? l.account.name.en) : strong(l, t('finance:trialBalance.totals'))) },
      { key: 'type', header: t('finance:trialBalance.type'), optional: true, cell: (l) => (l.account ? t(`finance:types.${l.account.type}`) : '') },
      ...FIGURES.map(([column, side, label]) => ({
        key: label,
        header: t(`finance:trialBalance.${label}`),
        className: 'text-right tabular-nums',
        cell: (l: Line) => strong(l, formatDecimal(l[column][side], scale)),
      })),
    ];
  }, [t, language, unit.unit]);
  const lines: Line[] = [...unit.rows, { account: null, ...unit.totals }];
  const table = <FitTable label={title} chooserId="trial-balance" testId={`trial-balance-table-${unit.unit}`} columns={columns} rows={lines} rowKey={(l) => l.account?.code ?? 'totals'} />;
  return (
    <section className="flex flex-col gap-3" aria-labelledby={headingId} data-testid={`trial-balance-${unit.unit}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Badge variant={unit.balanced ? 'approved' : 'declined'}>
          <span data-testid="balanced">{unit.balanced ? t('finance:trialBalance.balanced') : t('finance:trialBalance.notBalanced')}</span>
        </Badge>
      </div>
      {allZero(unit) ? (
        <details className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">
          <summary className="cursor-pointer">
            {t('finance:trialBalance.allZero', { unit: unit.unit })} <span className="font-medium text-amber-700">{t('finance:trialBalance.showAccounts')}</span>
          </summary>
          <div className="mt-3">{table}</div>
        </details>
      ) : (
        table
      )}
    </section>
  );
}
