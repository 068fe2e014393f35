import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { decimalField } from '@aurum/domain/money/decimal';
import { signedDecimalOf, decimalOf } from '@aurum/domain/money/decimal-columns';
import { OFFLINE_PRICE_BAND_MAX } from '@aurum/domain/orders/offline-price-band';
import type { PositionItem } from '@aurum/domain/treasury/position-schemas';
import { COVERAGE_MODES } from '@aurum/domain/treasury/treasury-books';
import { separatorsStripped } from '#shared/format/number.ts';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { FormModal } from '#shared/form/form-modal.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { useSaveTreasurySettings } from '../api/treasury-settings.ts';

const LimitsForm = z.object({
  target: signedDecimalOf('grams', '100000000000'),
  band: decimalOf('grams', { allowZero: true, max: '100000000000' }),
  coverageMode: z.enum(COVERAGE_MODES),
  offlinePriceBand: decimalField(2, { max: OFFLINE_PRICE_BAND_MAX }),
});
type LimitsForm = z.infer<typeof LimitsForm>;

/** A metal's target, band, coverage rule and offline price band (setTreasuryLimits). */
export function LimitsDialog({ item, onClose }: { item: PositionItem; onClose: () => void }) {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const toast = useToast();
  const fail = useFailureToast();
  const save = useSaveTreasurySettings();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<LimitsForm>({ resolver: zodResolver(LimitsForm), mode: 'onTouched', defaultValues: { target: item.target, band: item.band, coverageMode: item.coverageMode, offlinePriceBand: item.offlinePriceBand },
  });
  return (
    <FormModal
      title={t('treasury-hedges:treasury.limitsTitle', { metal: item.metal })}
      pending={save.isPending}
      onClose={onClose}
      testId="limits-dialog"
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((v) =>
        save.mutate(
          { metal: item.metal, target: v.target, band: v.band, coverageMode: v.coverageMode, offlinePriceBand: v.offlinePriceBand },
          {
            onSuccess: () => {
              toast.success(t('treasury-hedges:treasury.limitsSaved'));
              onClose();
            },
            onError: fail,
          },
        ),
      )}
    >
      <TextField label={t('treasury-hedges:treasury.target')} hint={t('treasury-hedges:treasury.targetHint')} inputMode="decimal" required error={errors.target?.message} errorValues={{ count: 4 }} {...register('target', separatorsStripped)} />
      <TextField label={t('treasury-hedges:treasury.band')} hint={t('treasury-hedges:treasury.bandHint')} inputMode="decimal" required error={errors.band?.message} errorValues={{ count: 4 }} {...register('band', separatorsStripped)} />
      <TextField
        label={t('treasury-hedges:treasury.offlinePriceBand')}
        hint={t('treasury-hedges:treasury.offlinePriceBandHint')}
        inputMode="decimal"
        required
        error={errors.offlinePriceBand?.message}
        errorValues={{ count: 2, compared: OFFLINE_PRICE_BAND_MAX }}
        {...register('offlinePriceBand', separatorsStripped)}
      />
      <ControlledSelect control={control} name="coverageMode" label={t('treasury-hedges:treasury.coverageMode')} required options={COVERAGE_MODES.map((m) => ({ value: m, label: t(`treasury-hedges:treasury.coverageModes.${m}`) }))} />
    </FormModal>
  );
}
