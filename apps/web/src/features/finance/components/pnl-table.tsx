import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PnlAnswer, PnlFigure, PnlRow } from '@aurum/domain/finance/pnl-schemas';
import { formatPeriod } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import type { DrillSubject } from '../model/pnl-view.ts';

/** A table line: a row, or the range's totals (no period). */
type Line = PnlRow | (PnlAnswer['totals'] & { period: null; metal: null; category: null });

/** The columns in order: the figure a cell drills into (none for the total and gold interest, which have their own drill), its decimals. */
const COLUMNS: ReadonlyArray<{ key: keyof PnlAnswer['totals']; figure: PnlFigure | null; decimals: number; optional?: boolean }> = [
  { key: 'volumeGrams', figure: 'volume', decimals: 4, optional: true },
  { key: 'volumeMyr', figure: 'volume', decimals: 2, optional: true },
  { key: 'spread', figure: 'spread', decimals: 2 },
  { key: 'fees', figure: 'fees', decimals: 2 },
  { key: 'interest', figure: 'interest', decimals: 2 },
  { key: 'interestXauGrams', figure: 'interest', decimals: 4, optional: true },
  { key: 'hedges', figure: 'hedges', decimals: 2 },
  { key: 'revaluation', figure: 'revaluation', decimals: 2 },
  { key: 'expenses', figure: 'expenses', decimals: 2 },
  { key: 'total', figure: null, decimals: 2 },
];

/** The P&L rows and the totals; every figure is a button opening what is behind it. */
export function PnlTable({ answer, stale, onDrill }: { answer: PnlAnswer; stale: boolean; onDrill: (subject: DrillSubject) => void }) {
  const { t } = useTranslation(['finance', 'user']);
  const columns = useMemo<FitColumn<Line>[]>(() => {
    const strong = (l: Line, text: string) => (l.period === null ? <span className="font-semibold text-slate-900">{text}</span> : text);
    return [
      { key: 'period', header: t('finance:pnl.period'), cell: (l) => strong(l, l.period === null ? t('finance:pnl.totals') : formatPeriod(l.period)) },
      { key: 'metal', header: t('finance:pnl.metal'), cell: (l) => (l.period === null ? '' : (l.metal ?? t('finance:pnl.noMetal'))) },
      { key: 'category', header: t('finance:pnl.category'), cell: (l) => (l.period === null ? '' : l.category ? t(`user:categories.${l.category}`) : t('finance:pnl.house')) },
      ...COLUMNS.map(({ key, figure, decimals, optional }) => ({
        key,
        optional,
        header: t(`finance:pnl.columns.${key}`),
        className: 'text-right tabular-nums',
        cell: (l: Line) => {
          const text = formatDecimal(l[key], decimals);
          if (figure === null) return strong(l, text);
          const row = l.period === null ? null : l;
          const where = row ? `${formatPeriod(row.period)} ${row.metal ?? ''} ${row.category ? t(`user:categories.${row.category}`) : t('finance:pnl.house')}`.trim() : t('finance:pnl.totals');
          return (
            <button
              type="button"
              className="font-medium text-amber-700 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-amber-600"
              aria-label={t('finance:pnl.drillLabel', { figure: t(`finance:pnl.columns.${key}`), where, value: text })}
              onClick={() => onDrill({ figure, row })}
            >
              {strong(l, text)}
            </button>
          );
        },
      })),
    ];
  }, [t, onDrill]);
  const lines: Line[] = [...answer.rows, { ...answer.totals, period: null, metal: null, category: null }];
  return (
    <FitTable
      label={t('finance:pnl.tableLabel')}
      chooserId="pnl"
      testId="pnl-table"
      columns={columns}
      rows={lines}
      rowKey={(l) => (l.period === null ? 'totals' : `${l.period}|${l.metal ?? ''}|${l.category ?? ''}`)}
      stale={stale}
    />
  );
}
