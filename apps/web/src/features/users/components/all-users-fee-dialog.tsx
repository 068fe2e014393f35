import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FEE_ADJUST_MODES } from '@aurum/domain/users/user-enums';
import { separatorsStripped } from '#shared/format/number.ts';
import { FormModal } from '#shared/form/form-modal.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { useUpdateAllFees } from '../api/update-all-fees.ts';
import { FeeForm, allUsersFeeBodyOf, feeErrorValues } from './fee-form.ts';

/** Fees for all users (editAllUsersFee): interest rate, premium, refinery fees, fee-adjust mode. */
export function AllUsersFeeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const toast = useToast();
  const fail = useFailureToast();
  const update = useUpdateAllFees();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FeeForm>({ resolver: zodResolver(FeeForm), mode: 'onTouched', defaultValues: { interestRate: '0', premium: '0', refineryFees: '0', feeAdjustMode: 'none' } });
  return (
    <FormModal
      title={t('user:allFees.title')}
      description={t('user:allFees.description')}
      pending={update.isPending}
      onClose={onClose}
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((values) =>
        update.mutate(allUsersFeeBodyOf(values), {
          onSuccess: ({ updated }) => {
            toast.success(t('user:allFees.success', { count: updated }));
            onClose();
          },
          onError: fail,
        }),
      )}
    >
      <FeeFields register={(name) => register(name, separatorsStripped)} errors={errors} />
      <ControlledSelect control={control} name="feeAdjustMode" label={t('user:fields.feeAdjustMode')} required options={FEE_ADJUST_MODES.map((m) => ({ value: m, label: t(`user:feeAdjustModes.${m}`) }))} />
    </FormModal>
  );
}

type FeeKey = 'interestRate' | 'premium' | 'refineryFees';

/** The three fee inputs, shared by the all-users dialog and one user's trade configuration. */
export function FeeFields({
  register,
  errors,
}: {
  register: (name: FeeKey) => ReturnType<ReturnType<typeof useForm<FeeForm>>['register']>;
  errors: Partial<Record<FeeKey, { message?: string }>>;
}) {
  const { t } = useTranslation(['user']);
  return (
    <>
      {(['interestRate', 'premium', 'refineryFees'] as const).map((key) => (
        <TextField
          key={key}
          label={t(`user:fields.${key}`)}
          hint={key === 'interestRate' ? t('user:hints.interestRate') : t('user:hints.perGram')}
          inputMode="decimal"
          required
          error={errors[key]?.message}
          errorValues={feeErrorValues(errors[key]?.message, key)}
          {...register(key)}
        />
      ))}
    </>
  );
}
