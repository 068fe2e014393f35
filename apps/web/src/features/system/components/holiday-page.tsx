import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { HolidayBody, type Holiday } from '@aurum/domain/system/system-schemas';
import { useCan } from '#shared/access/use-can.ts';
import { displayDate } from '@aurum/domain/system/display-date';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useCreateHoliday } from '../api/create-holiday.ts';
import { useDeleteHolidays } from '../api/delete-holidays.ts';
import { useHolidays } from '../api/get-holidays.ts';
import { useUpdateHoliday } from '../api/update-holiday.ts';
import { FormActions } from '#shared/form/form-actions.tsx';
import { HolidayTable } from './holiday-table.tsx';

const NAME_MAX = 100;

/** The server refused the date: another holiday keeps it (409, 1001, context 'date'). */
function isDateTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === ErrorCode.InvalidFormat && error.context === 'date';
}

function HolidayForm({ holiday, onDone }: { holiday: Holiday | null; onDone: () => void }) {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const create = useCreateHoliday();
  const update = useUpdateHoliday();
  const pending = create.isPending || update.isPending;
  const { register, control, handleSubmit, setError, formState } = useForm<HolidayBody>({
    resolver: zodResolver(HolidayBody),
    mode: 'onTouched',
    defaultValues: { name: holiday?.name ?? '', date: holiday?.date ?? '' },
  });
  const { errors } = formState;
  const callbacks = (done: 'system:holiday.toast.updated' | 'system:holiday.toast.added') => ({
    onSuccess: () => {
      toast.success(t(done));
      onDone();
    },
    onError: (error: unknown) => {
      if (isDateTaken(error)) setError('date', { message: 'holidayDateExists' }, { shouldFocus: true });
      else toast.error(t('common:failed'), errorMessage(error));
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((body) => {
        if (holiday) update.mutate({ id: holiday.id, body }, callbacks('system:holiday.toast.updated'));
        else create.mutate(body, callbacks('system:holiday.toast.added'));
      })}
    >
      <TextField label={t('system:holiday.name')} required autoFocus error={errors.name?.message} errorValues={{ length: NAME_MAX }} {...register('name')} />
      <Controller
        control={control}
        name="date"
        render={({ field }) => (
          <DateField label={t('system:holiday.date')} required hint={t('system:holiday.dateHint')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.date?.message} />
        )}
      />
      <FormActions className="mt-2 flex justify-end gap-2" onCancel={onDone} pending={pending} submitLabel={t('common:save')} />
    </form>
  );
}

/**
 * System Holiday (/system/holiday/): the holidays by date; add, update (modal with the date
 * picker) and delete the selected rows, each for admins with its permission.
 */
export function HolidayPage() {
  const { t } = useTranslation(['system', 'sidebar', 'common']);
  const toast = useToast();
  const canAdd = useCan('addHoliday');
  const canEdit = useCan('editHoliday');
  const canDelete = useCan('deleteHoliday');
  const holidays = useHolidays();
  const remove = useDeleteHolidays();
  const [form, setForm] = useState<{ holiday: Holiday | null } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const rows = holidays.data ?? [];
  const chosen = rows.filter((h) => selected.has(h.id)).map((h) => h.id);
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('sidebar:holiday')}
        subtitle={t('system:holiday.subtitle')}
        actions={
          <>
            <ExportButton list="holidays" search="" />
            {canDelete ? (
              <Button variant="danger" disabled={chosen.length === 0} onClick={() => setConfirming(true)} data-testid="delete-holidays">
                {t('system:holiday.deleteSelected', { count: chosen.length })}
              </Button>
            ) : null}
            {canAdd ? (
              <Button onClick={() => setForm({ holiday: null })} data-testid="add-holiday">
                {t('system:holiday.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card className="p-0">
        {holidays.isPending ? (
          <SectionSpinner />
        ) : holidays.isError ? (
          <p className="p-6 text-sm text-red-600">{t('system:loadFailed')}</p>
        ) : (
          <HolidayTable
            rows={rows}
            selected={selected}
            onToggle={toggle}
            onToggleAll={() => setSelected(allChosen ? new Set() : new Set(rows.map((h) => h.id)))}
            canDelete={canDelete}
            onEdit={canEdit ? (holiday) => setForm({ holiday }) : null}
          />
        )}
      </Card>
      <Modal open={form !== null} onOpenChange={(open) => !open && setForm(null)} title={form?.holiday ? t('system:holiday.update') : t('system:holiday.add')} testId="holiday-dialog">
        {form ? <HolidayForm holiday={form.holiday} onDone={() => setForm(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('system:holiday.confirmDelete', { count: chosen.length })}
        message={rows
          .filter((h) => selected.has(h.id))
          .map((h) => `${displayDate(h.date)} ${h.name}`)
          .join(', ')}
        confirmLabel={t('common:delete')}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(chosen, {
            onSuccess: () => {
              toast.success(t('system:holiday.toast.deleted', { count: chosen.length }));
              setSelected(new Set());
              setConfirming(false);
            },
            onError: (error) => {
              toast.error(t('common:failed'), errorMessage(error));
              setConfirming(false);
            },
          })
        }
      />
    </div>
  );
}
