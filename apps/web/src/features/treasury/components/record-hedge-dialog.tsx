import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HEDGE_CURRENCIES, HEDGE_SIDES } from '@aurum/domain/hedges/hedge-schemas';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { separatorsStripped } from '#shared/format/number.ts';
import { FormModal } from '#shared/form/form-modal.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { HedgeForm, hedgeBodyOf, hedgeFormDefaults } from '../model/hedge-form.ts';
import { useRecordHedge } from '../api/record-hedge.ts';
import { BUSINESS_ZONE_LABEL } from '#shared/format/display.ts';

/** Record hedge (recordHedge): the trade with the provider, and optionally one order it covers. */
export function RecordHedgeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const toast = useToast();
  const fail = useFailureToast();
  const navigate = useNavigate();
  const record = useRecordHedge();
  const [defaults] = useState(() => hedgeFormDefaults(new Date()));
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<HedgeForm>({ resolver: zodResolver(HedgeForm), mode: 'onTouched', defaultValues: defaults });
  const f = (key: keyof HedgeForm) => t(`treasury-hedges:hedges.fields.${key}`);
  const decimal = { ...separatorsStripped };
  return (
    <FormModal
      title={t('treasury-hedges:hedges.recordTitle')}
      description={t('treasury-hedges:hedges.recordDescription')}
      pending={record.isPending}
      onClose={onClose}
      testId="record-hedge-dialog"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={handleSubmit((values) =>
        record.mutate(hedgeBodyOf(values), {
          onSuccess: (hedge) => {
            toast.success(t('treasury-hedges:hedges.recorded'));
            onClose();
            void navigate(`/treasury/?hedge=${hedge.id}`);
          },
          onError: fail,
        }),
      )}
    >
      <TextField label={f('clientRef')} required error={errors.clientRef?.message} {...register('clientRef')} />
      <TextField label={f('provider')} required error={errors.provider?.message} {...register('provider')} />
      <TextField label={f('providerOrderId')} error={errors.providerOrderId?.message} {...register('providerOrderId')} />
      <ControlledSelect control={control} name="metal" label={f('metal')} required options={TREASURY_METALS.map((m) => ({ value: m, label: `${m} ${t(`treasury-hedges:metals.${m}`)}` }))} />
      <ControlledSelect control={control} name="side" label={f('side')} required options={HEDGE_SIDES.map((s) => ({ value: s, label: t(`treasury-hedges:hedges.sides.${s}`) }))} />
      <TextField label={f('quantity')} inputMode="decimal" required error={errors.quantity?.message} errorValues={{ count: 4 }} {...register('quantity', decimal)} />
      <ControlledSelect control={control} name="currency" label={f('currency')} required options={HEDGE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
      <TextField label={f('price')} hint={t('treasury-hedges:hedges.priceHint')} inputMode="decimal" required error={errors.price?.message} errorValues={{ count: 3 }} {...register('price', decimal)} />
      <TextField label={f('fee')} inputMode="decimal" error={errors.fee?.message} errorValues={{ count: 2 }} {...register('fee', decimal)} />
      <TextField label={`${f('tradedAt')} (${BUSINESS_ZONE_LABEL})`} type="datetime-local" required error={errors.tradedAt?.message} {...register('tradedAt')} />
      <TextField label={f('orderId')} hint={t('treasury-hedges:hedges.linkHint')} inputMode="numeric" error={errors.orderId?.message} {...register('orderId')} />
      <TextField label={f('linkQuantity')} inputMode="decimal" error={errors.linkQuantity?.message} errorValues={{ count: 4 }} {...register('linkQuantity', decimal)} />
    </FormModal>
  );
}
