import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { DayReopenBody } from '@aurum/domain/finance/day-close-schemas';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';

/** A reopening's or a decline's dialog: what it does, a required reason (bounded as the server's), cancel and submit. */
export function ReasonDialog({
  title,
  explain,
  reasonLabel,
  submitLabel,
  pending,
  testId,
  onSubmit,
  onClose,
}: {
  title: string;
  explain: string;
  reasonLabel: string;
  submitLabel: string;
  pending: boolean;
  testId: string;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common']);
  // a reopening's and a decline's reason share one rule (requiredText(1000))
  const { register, handleSubmit, formState } = useForm<DayReopenBody>({ resolver: zodResolver(DayReopenBody), defaultValues: { reason: '' } });
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={title} testId={testId}>
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((body) => onSubmit(body.reason))}>
        <p className="text-sm text-slate-700">{explain}</p>
        <TextField label={reasonLabel} required error={formState.errors.reason?.message} {...register('reason')} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" type="button" onClick={onClose} disabled={pending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button variant="danger" type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
