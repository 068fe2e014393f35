import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import type { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { SCALE } from '@aurum/domain/money/decimal';
import { HOUSE_BOOKS, type HouseBook } from '@aurum/domain/wallet/ledger';
import { useAccountName } from '#shared/format/account-name.ts';
import { displayDate } from '@aurum/domain/system/display-date';
import { formatDecimal } from '#shared/format/number.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { ImageUpload } from '#shared/ui/image-upload.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useProposeAdjustment } from '../api/propose-adjustment.ts';
import { useUploadAdjustmentEvidence } from '../api/upload-adjustment-evidence.ts';
import { NewAdjustmentForm, ReversalForm, adjustmentBody, valueDateRange, valueDateRefusal, type AdjustmentFormValues } from '../model/adjustment-form.ts';

const BOOKS = Object.keys(HOUSE_BOOKS) as HouseBook[];

interface AdjustmentProposalProps {
  closes: Pick<DayClosesAnswer, 'lastClosed' | 'firstOpenDay' | 'today'>;
  /** The approved adjustment this proposal reverses (its postings turned round by the server), or null for a movement of its own. */
  reversing: AdjustmentView | null;
  /** Leaves the reversal (cancelled or proposed). */
  onReversalDone: () => void;
}

/**
 * A finance maker's proposal: from which house book to which, how much (in the books' unit), or the
 * reversal of an approved adjustment; why; the open day it is dated in (the first open day unless
 * chosen); evidence, uploaded once the proposal exists (the upload route takes a pending adjustment's id).
 */
export function AdjustmentProposal({ closes, reversing, onReversalDone }: AdjustmentProposalProps) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const bookName = useAccountName();
  const propose = useProposeAdjustment();
  const upload = useUploadAdjustmentEvidence();
  const range = valueDateRange(closes);
  const [evidence, setEvidence] = useState<File | null>(null);
  const defaults: AdjustmentFormValues = {
    posting: { from: 'tradingMyr', to: 'bank', amount: '' },
    reason: reversing ? t('finance:adjustments.reversalReason', { id: reversing.id }) : '',
    valueDate: range.initial,
  };
  const { control, register, handleSubmit, formState, reset, watch, setError } = useForm<AdjustmentFormValues>({
    resolver: reversing ? zodResolver(ReversalForm) : zodResolver(NewAdjustmentForm),
    defaultValues: defaults,
  });
  const options = BOOKS.map((b) => ({ value: b, label: `${bookName(b)} (${HOUSE_BOOKS[b]})` }));
  const unit = HOUSE_BOOKS[watch('posting.from')];
  const errors = formState.errors.posting;

  const attach = (id: number, file: File) =>
    upload.mutate({ id, file }, { onError: (e) => toast.error(t('finance:adjustments.evidenceFailed', { id }), errorMessage(e)) });

  return (
    <form
      noValidate
      aria-label={reversing ? t('finance:adjustments.reverseTitle', { id: reversing.id }) : t('finance:adjustments.propose')}
      className="grid max-w-3xl grid-cols-1 gap-4 md:grid-cols-3"
      onSubmit={handleSubmit((form) =>
        propose.mutate(adjustmentBody(form, reversing?.id ?? null), {
          onSuccess: (created) => {
            toast.success(t('finance:adjustments.proposed', { id: created.id }));
            if (evidence) attach(created.id, evidence);
            setEvidence(null);
            reset(defaults);
            if (reversing) onReversalDone();
          },
          onError: (e) => {
            const refusal = valueDateRefusal(e);
            if (refusal) setError('valueDate', { message: refusal }, { shouldFocus: true });
            else toast.error(t('common:failed'), errorMessage(e));
          },
        }),
      )}
    >
      {reversing ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm md:col-span-3" data-testid="adjustment-reversal">
          <p className="font-medium">{t('finance:adjustments.reverseTitle', { id: reversing.id })}</p>
          <ul className="mt-1">
            {reversing.postings.map((p, i) => (
              <li key={i} className="tabular-nums">{`${bookName(p.to)} → ${bookName(p.from)} ${formatDecimal(p.amount, SCALE[p.asset])} ${p.asset}`}</li>
            ))}
          </ul>
          <Button size="sm" variant="secondary" className="mt-2" onClick={onReversalDone}>
            {t('finance:adjustments.reverseCancel')}
          </Button>
        </div>
      ) : (
        <>
          <Controller
            control={control}
            name="posting.from"
            render={({ field }) => <Select label={t('finance:adjustments.from')} required options={options} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors?.from?.message} />}
          />
          <Controller
            control={control}
            name="posting.to"
            render={({ field }) => <Select label={t('finance:adjustments.to')} required options={options} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors?.to?.message} />}
          />
          <TextField label={t('finance:adjustments.amount', { unit })} required inputMode="decimal" error={errors?.amount?.message} errorValues={{ count: 2 }} {...register('posting.amount')} />
        </>
      )}
      <Controller
        control={control}
        name="valueDate"
        render={({ field }) => (
          <DateField
            label={t('finance:adjustments.valueDate')}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            min={range.min}
            max={range.max}
            hint={t('finance:adjustments.valueDateHint', { first: displayDate(range.initial) })}
            error={formState.errors.valueDate?.message}
          />
        )}
      />
      <TextField label={t('finance:adjustments.reason')} required className="md:col-span-2" error={formState.errors.reason?.message} {...register('reason')} />
      <div className="md:col-span-3">
        <ImageUpload label={t('finance:adjustments.evidence')} hint={t('finance:adjustments.evidenceHint')} value={evidence} onChange={setEvidence} />
      </div>
      <div className="md:col-span-3">
        <Button type="submit" loading={propose.isPending || upload.isPending}>
          {reversing ? t('finance:adjustments.reverseSubmit') : t('finance:adjustments.submit')}
        </Button>
      </div>
    </form>
  );
}
