import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ALLOWED_ACTIONS, ALLOWED_PAIRS, FEE_ADJUST_MODES, TIERS } from '@aurum/domain/users/user-enums';
import type { TradeConfigView } from '@aurum/domain/users/user-views';
import { FormModal } from '#shared/form/form-modal.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { formatNumber } from '#shared/format/display.ts';
import { separatorsStripped } from '#shared/format/number.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useEditTradeConfig } from '../api/edit-trade-config.ts';
import { FeeFields } from './all-users-fee-dialog.tsx';
import { TradeConfigForm, feeErrorValues, percentOf, tradeConfigBodyOf, tradeConfigFormOf } from './fee-form.ts';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useCallOutcome } from '#shared/form/use-call-outcome.ts';
import { EditButton } from './edit-button.tsx';

/** Fees / trade configuration of one user (editUser): interest rate shown in percent. */
export function TradeConfigSection({ userId, config }: { userId: number; config: TradeConfigView }) {
  const { t } = useTranslation(['user', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <TitledCard title={t('user:sections.fees')} action={<EditButton onClick={() => setOpen(true)}>{t('user:fees.edit')}</EditButton>}>
      <DetailList
        columns={3}
        items={[
          { label: t('user:fields.allowedAction'), value: t(`user:allowedActions.${config.allowedAction}`), testId: 'config-allowedAction' },
          { label: t('user:fields.allowedPair'), value: t(`user:allowedPairs.${config.allowedPair}`), testId: 'config-allowedPair' },
          { label: t('user:fields.interestRate'), value: `${percentOf(config.interestRate)}%`, testId: 'config-interestRate' },
          { label: t('user:fields.premium'), value: `${formatNumber(config.premium, 3)} MYR/g`, testId: 'config-premium' },
          { label: t('user:fields.refineryFees'), value: `${formatNumber(config.refineryFees, 3)} MYR/g`, testId: 'config-refineryFees' },
          { label: t('user:fields.tradeLimit'), value: config.tradeLimit === null ? t('user:fees.noLimit') : `${formatNumber(config.tradeLimit, 4)} g`, testId: 'config-tradeLimit' },
          { label: t('user:fields.feeAdjustMode'), value: t(`user:feeAdjustModes.${config.feeAdjustMode}`), testId: 'config-feeAdjustMode' },
          { label: t('user:fields.tier'), value: t(`user:tiers.${config.tier}`), testId: 'config-tier' },
        ]}
      />
      {open ? <TradeConfigDialog userId={userId} config={config} onClose={() => setOpen(false)} /> : null}
    </TitledCard>
  );
}

function TradeConfigDialog({ userId, config, onClose }: { userId: number; config: TradeConfigView; onClose: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const outcome = useCallOutcome(onClose);
  const edit = useEditTradeConfig(userId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TradeConfigForm>({ resolver: zodResolver(TradeConfigForm), mode: 'onTouched', defaultValues: tradeConfigFormOf(config) });
  return (
    <FormModal
      title={t('user:fees.edit')}
      pending={edit.isPending}
      onClose={onClose}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={handleSubmit((values) =>
        edit.mutate({ userId, body: tradeConfigBodyOf(values) }, outcome(t('user:toast.feesSaved'))),
      )}
    >
      <ControlledSelect control={control} name="allowedAction" label={t('user:fields.allowedAction')} required options={ALLOWED_ACTIONS.map((v) => ({ value: v, label: t(`user:allowedActions.${v}`) }))} />
      <ControlledSelect control={control} name="allowedPair" label={t('user:fields.allowedPair')} required options={ALLOWED_PAIRS.map((v) => ({ value: v, label: t(`user:allowedPairs.${v}`) }))} />
      <FeeFields register={(name) => register(name, separatorsStripped)} errors={errors} />
      <TextField
        label={t('user:fields.tradeLimit')}
        hint={t('user:hints.tradeLimit')}
        inputMode="decimal"
        error={errors.tradeLimit?.message}
        errorValues={feeErrorValues(errors.tradeLimit?.message, 'tradeLimit')}
        {...register('tradeLimit', separatorsStripped)}
      />
      <ControlledSelect control={control} name="feeAdjustMode" label={t('user:fields.feeAdjustMode')} required options={FEE_ADJUST_MODES.map((v) => ({ value: v, label: t(`user:feeAdjustModes.${v}`) }))} />
      <ControlledSelect control={control} name="tier" label={t('user:fields.tier')} required options={TIERS.map((v) => ({ value: v, label: t(`user:tiers.${v}`) }))} />
    </FormModal>
  );
}
