import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FEE_ADJUST_MODES } from '@aurum/domain/users/user-enums';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { errorToast } from '#shared/form/server-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useUpdateAllFees } from '../api/update-all-fees.ts';
import { FeeForm, allUsersFeeBodyOf, feeErrorValues } from './fee-form.ts';

/** Fees for all users (editAllUsersFee): interest rate, premium, refinery fees, fee-adjust mode. */
export function AllUsersFeeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const toast = useToast();
  const update = useUpdateAllFees();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FeeForm>({ resolver: zodResolver(FeeForm), mode: 'onBlur', defaultValues: { interestRate: '0', premium: '0', refineryFees: '0', feeAdjustMode: 'none' } });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('user:allFees.title')}
      description={t('user:allFees.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" form="all-fees-form" loading={update.isPending}>
            {t('common:save')}
          </Button>
        </>
      }
    >
      <form
        id="all-fees-form"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((values) =>
          update.mutate(allUsersFeeBodyOf(values), {
            onSuccess: ({ updated }) => {
              toast.success(t('user:allFees.success', { count: updated }));
              onClose();
            },
            onError: (error) => {
              const { title, description } = errorToast(error, t('common:failed'));
              toast.error(title, description);
            },
          }),
        )}
      >
        <FeeFields register={register} errors={errors} />
        <ControlledSelect control={control} name="feeAdjustMode" label={t('user:fields.feeAdjustMode')} required options={FEE_ADJUST_MODES.map((m) => ({ value: m, label: t(`user:feeAdjustModes.${m}`) }))} />
      </form>
    </Modal>
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
