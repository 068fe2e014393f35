import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayCloseView } from '@aurum/domain/finance/day-close-schemas';
import { reopenRefusal, type ClosedThrough } from '@aurum/domain/finance/periods';
import { useCan } from '#shared/access/use-can.ts';
import { formatDate, formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { useReopenDay } from '../api/reopen-day.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** The proposal to reopen a closed day: a reason is required; a second superAdmin decides it. */
function ReopenDialog({ date, later, onClose }: { date: string; later: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const reopen = useReopenDay();
  return (
    <ReasonDialog
      title={t('finance:dayClose.reopen.title', { date: formatDate(date) })}
      explain={
        later.length > 0 ? t('finance:dayClose.reopen.explainLater', { date: formatDate(date), days: later.map(formatDate).join(', ') }) : t('finance:dayClose.reopen.explain', { date: formatDate(date) })
      }
      reasonLabel={t('finance:dayClose.reopen.reason')}
      submitLabel={t('finance:dayClose.reopen.submit')}
      pending={reopen.isPending}
      testId="reopen-dialog"
      onClose={onClose}
      onSubmit={(reason) =>
        reopen.mutate(
          { date, body: { reason } },
          {
            onSuccess: () => {
              toast.success(t('finance:dayClose.reopen.done', { date: formatDate(date) }));
              onClose();
            },
            onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
          },
        )
      }
    />
  );
}

/** The closed days, newest first; a superAdmin proposes reopening any of them (not of a closed year, not one already proposed). */
export function ClosedDaysTable({ items, closed, pendingReopens }: { items: readonly DayCloseView[]; closed: ClosedThrough; pendingReopens: readonly string[] }) {
  const { t } = useTranslation(['finance']);
  const mayReopen = useCan('reopenBusinessDay');
  const [reopening, setReopening] = useState<string | null>(null);
  const columns: FitColumn<DayCloseView>[] = [
    { key: 'date', header: t('finance:dayClose.table.date'), cell: (c) => <span className="tabular-nums">{formatDate(c.date)}</span> },
    { key: 'from', header: t('finance:dayClose.table.from'), cell: (c) => (c.from ? formatDateTime(c.from) : t('finance:dayClose.table.beginning')) },
    { key: 'to', header: t('finance:dayClose.table.to'), cell: (c) => formatDateTime(c.to) },
    { key: 'closedBy', header: t('finance:dayClose.table.closedBy'), cell: (c) => c.closedBy },
    { key: 'closedAt', header: t('finance:dayClose.table.closedAt'), optional: true, cell: (c) => formatDateTime(c.closedAt) },
    {
      key: 'action',
      header: t('finance:dayClose.table.action'),
      cell: (c) =>
        pendingReopens.includes(c.date) ? (
          <span className="text-xs text-slate-600">{t('finance:dayClose.reopen.pending')}</span>
        ) : mayReopen && reopenRefusal(c.date, closed) === null ? (
          <Button size="sm" variant="secondary" aria-label={t('finance:dayClose.reopen.buttonLabel', { date: formatDate(c.date) })} onClick={() => setReopening(c.date)}>
            {t('finance:dayClose.reopen.button')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('finance:dayClose.table.none')}</p>
      ) : (
        <FitTable label={t('finance:dayClose.table.title')} chooserId="closed-days" testId="closed-days" columns={columns} rows={items} rowKey={(c) => c.date} />
      )}
      {reopening ? <ReopenDialog date={reopening} later={items.filter((c) => c.date > reopening).map((c) => c.date).reverse()} onClose={() => setReopening(null)} /> : null}
    </>
  );
}
