import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdjustmentPostingInput } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { requiredText } from '@aurum/domain/validation/rules';
import { HOUSE_BOOKS, type HouseBook } from '@aurum/domain/wallet/ledger';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useProposeAdjustment } from '../api/propose-adjustment.ts';
import { useBookName } from './book-name.ts';

/** The screen proposes one movement at a time; the call takes up to ten (decision 1003). */
const AdjustmentForm = z.object({ posting: AdjustmentPostingInput, reason: requiredText(1000) });
type AdjustmentForm = z.infer<typeof AdjustmentForm>;

const BOOKS = Object.keys(HOUSE_BOOKS) as HouseBook[];

/** A finance maker's proposal: from which house book to which, how much (in the books' unit), and why. */
export function AdjustmentProposal() {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const bookName = useBookName();
  const propose = useProposeAdjustment();
  const { control, register, handleSubmit, formState, reset, watch } = useForm<AdjustmentForm>({
    resolver: zodResolver(AdjustmentForm),
    defaultValues: { posting: { from: 'tradingMyr', to: 'bank', amount: '' }, reason: '' },
  });
  const options = BOOKS.map((b) => ({ value: b, label: `${bookName(b)} (${HOUSE_BOOKS[b]})` }));
  const unit = HOUSE_BOOKS[watch('posting.from')];
  const errors = formState.errors.posting;
  return (
    <form
      noValidate
      aria-label={t('finance:adjustments.propose')}
      className="grid max-w-3xl grid-cols-1 gap-4 md:grid-cols-3"
      onSubmit={handleSubmit((form) =>
        propose.mutate(
          { postings: [form.posting], reason: form.reason },
          {
            onSuccess: (created) => {
              toast.success(t('finance:adjustments.proposed', { id: created.id }));
              reset();
            },
            onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
          },
        ),
      )}
    >
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
      <TextField label={t('finance:adjustments.reason')} required className="md:col-span-3" error={formState.errors.reason?.message} {...register('reason')} />
      <div className="md:col-span-3">
        <Button type="submit" loading={propose.isPending}>
          {t('finance:adjustments.submit')}
        </Button>
      </div>
    </form>
  );
}
