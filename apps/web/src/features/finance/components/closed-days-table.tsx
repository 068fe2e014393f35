import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { DayReopenBody, type DayCloseView } from '@aurum/domain/finance/day-close-schemas';
import { useCan } from '#shared/access/use-can.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useReopenDay } from '../api/reopen-day.ts';

/** The reopen dialog of the latest closed day: a reason is required and goes on the audit row. */
function ReopenDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const reopen = useReopenDay();
  const { register, handleSubmit, formState } = useForm<DayReopenBody>({ resolver: zodResolver(DayReopenBody), defaultValues: { reason: '' } });
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={t('finance:dayClose.reopen.title', { date })} testId="reopen-dialog">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((body) =>
          reopen.mutate(
            { date, body },
            {
              onSuccess: () => {
                toast.success(t('finance:dayClose.reopen.done', { date }));
                onClose();
              },
              onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
            },
          ),
        )}
      >
        <p className="text-sm text-slate-700">{t('finance:dayClose.reopen.explain')}</p>
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

/** The closed days, newest first; the latest can be reopened by a superAdmin. */
export function ClosedDaysTable({ items }: { items: readonly DayCloseView[] }) {
  const { t } = useTranslation(['finance']);
  const mayReopen = useCan('reopenBusinessDay');
  const [reopening, setReopening] = useState<string | null>(null);
  const latest = items[0]?.date;
  const columns: Column<DayCloseView>[] = [
    { key: 'date', header: t('finance:dayClose.table.date'), cell: (c) => <span className="tabular-nums">{c.date}</span> },
    { key: 'from', header: t('finance:dayClose.table.from'), cell: (c) => (c.from ? formatDateTime(c.from) : t('finance:dayClose.table.beginning')) },
    { key: 'to', header: t('finance:dayClose.table.to'), cell: (c) => formatDateTime(c.to) },
    { key: 'closedBy', header: t('finance:dayClose.table.closedBy'), cell: (c) => c.closedBy },
    { key: 'closedAt', header: t('finance:dayClose.table.closedAt'), cell: (c) => formatDateTime(c.closedAt) },
    {
      key: 'action',
      header: t('finance:dayClose.table.action'),
      cell: (c) =>
        mayReopen && c.date === latest ? (
          <Button size="sm" variant="secondary" onClick={() => setReopening(c.date)}>
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
        <DataTable label={t('finance:dayClose.table.title')} testId="closed-days" columns={columns} rows={items} rowKey={(c) => c.date} />
      )}
      {reopening ? <ReopenDialog date={reopening} onClose={() => setReopening(null)} /> : null}
    </>
  );
}
