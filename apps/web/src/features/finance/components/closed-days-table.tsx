import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { DayReopenBody, type DayCloseView } from '@aurum/domain/finance/day-close-schemas';
import { reopenRefusal, type ClosedThrough } from '@aurum/domain/finance/periods';
import { useCan } from '#shared/access/use-can.ts';
import { formatDate, formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useReopenDay } from '../api/reopen-day.ts';

/** The proposal to reopen a closed day: a reason is required; a second superAdmin decides it. */
function ReopenDialog({ date, later, onClose }: { date: string; later: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const reopen = useReopenDay();
  const { register, handleSubmit, formState } = useForm<DayReopenBody>({ resolver: zodResolver(DayReopenBody), defaultValues: { reason: '' } });
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={t('finance:dayClose.reopen.title', { date: formatDate(date) })} testId="reopen-dialog">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((body) =>
          reopen.mutate(
            { date, body },
            {
              onSuccess: () => {
                toast.success(t('finance:dayClose.reopen.done', { date: formatDate(date) }));
                onClose();
              },
              onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
            },
          ),
        )}
      >
        <p className="text-sm text-slate-700">
          {later.length > 0 ? t('finance:dayClose.reopen.explainLater', { date: formatDate(date), days: later.map(formatDate).join(', ') }) : t('finance:dayClose.reopen.explain', { date: formatDate(date) })}
        </p>
        <TextField label={t('finance:dayClose.reopen.reason')} required error={formState.errors.reason?.message} {...register('reason')} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" type="button" onClick={onClose} disabled={reopen.isPending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button variant="danger" type="submit" loading={reopen.isPending}>
            {t('finance:dayClose.reopen.submit')}
          </Button>
        </div>
      </form>
    </Modal>
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
