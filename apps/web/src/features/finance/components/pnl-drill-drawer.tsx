import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@aurum/domain/money/decimal';
import type { PnlAnswer, PnlDrillLine, PnlQuery } from '@aurum/domain/finance/pnl-schemas';
import { formatDecimal } from '#shared/format/number.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { formatDateTime, formatPeriod } from '#shared/format/display.ts';
import { usePnlDrill } from '../api/pnl-drill.ts';
import { drillQuery, linesOfRow, type DrillSubject } from '../model/pnl-view.ts';

/** The drawer behind a P&L figure: its postings (entry, kind, moment, amount), orders (linked to their detail), hedges or days revalued. */
export function PnlDrillDrawer({ subject, answer, query, onClose }: { subject: DrillSubject | null; answer: PnlAnswer; query: PnlQuery; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'user']);
  const drill = usePnlDrill(subject ? drillQuery(subject, answer, query) : null);
  const columns = useMemo<Column<PnlDrillLine>[]>(
    () => [
      { key: 'at', header: t('finance:pnl.drill.at'), cell: (l) => <span className="tabular-nums">{formatDateTime(l.at)}</span> },
      { key: 'kind', header: t('finance:pnl.drill.kind'), cell: (l) => <span className="font-mono text-xs">{l.kind}</span> },
      { key: 'entry', header: t('finance:pnl.drill.entry'), cell: (l) => (l.entryId ?? (l.hedgeId !== null ? t('finance:pnl.drill.hedge', { id: l.hedgeId }) : '')) },
      {
        key: 'order',
        header: t('finance:pnl.drill.order'),
        cell: (l) =>
          l.orderId === null ? (
            ''
          ) : (
            <Link to={`/order/${l.orderId}/`} className="font-medium text-amber-700 hover:underline" data-testid="pnl-drill-order">
              {l.orderId}
            </Link>
          ),
      },
      { key: 'user', header: t('finance:pnl.drill.user'), cell: (l) => l.userId ?? '' },
      { key: 'category', header: t('finance:pnl.category'), cell: (l) => (l.category ? t(`user:categories.${l.category}`) : '') },
      { key: 'note', header: t('finance:pnl.drill.note'), cell: (l) => l.note ?? (l.grams !== null ? `${formatDecimal(l.grams, 4)} g` : '') },
      { key: 'amount', header: t('finance:pnl.drill.amount'), className: 'text-right tabular-nums', cell: (l) => `${formatDecimal(l.amount, l.unit === 'XAU' ? 4 : 2)} ${l.unit}` },
    ],
    [t],
  );
  const title = subject ? t(`finance:pnl.figures.${subject.figure}`) : '';
  const where = subject?.row ? `${formatPeriod(subject.row.period)} · ${subject.row.metal ?? t('finance:pnl.noMetal')} · ${subject.row.category ? t(`user:categories.${subject.row.category}`) : t('finance:pnl.house')}` : t('finance:pnl.totals');
  return (
    <Modal open={subject !== null} onOpenChange={(open) => !open && onClose()} title={title} description={where} drawer testId="pnl-drill">
      <QueryContent query={drill}>
        {(a) => {
          const lines = linesOfRow(a.lines, subject?.row ?? null);
          const sums = new Map<string, Decimal>();
          for (const l of lines) sums.set(l.unit, (sums.get(l.unit) ?? new Decimal(0)).plus(l.amount));
          return (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-slate-600" data-testid="pnl-drill-summary">
                {t('finance:pnl.drill.summary', { shown: lines.length, count: a.count })}{' '}
                {[...sums].map(([unit, sum]) => `${formatDecimal(sum.toFixed(), unit === 'XAU' ? 4 : 2)} ${unit}`).join(' · ')}
              </p>
              <DataTable label={title} testId="pnl-drill-table" columns={columns} rows={lines} rowKey={(l) => `${l.kind}|${l.entryId ?? ''}|${l.orderId ?? ''}|${l.hedgeId ?? ''}|${l.at}|${l.metal ?? ''}`} />
            </div>
          );
        }}
      </QueryContent>
    </Modal>
  );
}
