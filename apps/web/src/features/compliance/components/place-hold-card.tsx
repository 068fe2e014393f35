import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { HOLD_NOTE_MAX, PlaceHoldForm } from '@aurum/domain/compliance/hold-schemas';
import { ActionButton } from '#shared/access/action-button.tsx';
import { UserPicker, type UserLabel } from '#shared/form/user-picker.tsx';
import { lengthValues } from '#shared/form/server-errors.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { TextField } from '#shared/ui/text-field.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { usePlaceHold } from '../api/place-hold.ts';

const userLabel: UserLabel = (u) => `${u.username} · ${u.firstName} ${u.lastName}`.trim();

/** Hold a customer now: the customer and the desk's note (why, kept for the desk only). */
export function PlaceHoldCard() {
  const { t } = useTranslation(['compliance', 'common']);
  const toast = useToast();
  const place = usePlaceHold();
  const { control, register, handleSubmit, reset, formState } = useForm<PlaceHoldForm>({ resolver: zodResolver(PlaceHoldForm), defaultValues: { userId: '', note: '' } });
  const noteError = formState.errors.note?.message;
  return (
    <TitledCard title={t('compliance:place.title')}>
      <form
        noValidate
        aria-label={t('compliance:place.title')}
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((form) =>
          place.mutate(
            { userId: Number(form.userId), note: form.note },
            {
              onSuccess: (hold) => {
                toast.success(t('compliance:toast.placed', { username: hold.username }));
                reset();
              },
              onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
            },
          ),
        )}
      >
        <Controller
          control={control}
          name="userId"
          render={({ field, fieldState }) => (
            <UserPicker label={t('compliance:place.customer')} required optionLabel={userLabel} value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={fieldState.error?.message} />
          )}
        />
        <TextField label={t('compliance:place.note')} required hint={t('compliance:place.noteHint')} error={noteError} errorValues={lengthValues(noteError, { max: HOLD_NOTE_MAX, min: 1 })} {...register('note')} />
        <ActionButton type="submit" align="start" permission="placeComplianceHold" loading={place.isPending} data-testid="place-hold">
          {t('compliance:place.submit')}
        </ActionButton>
      </form>
    </TitledCard>
  );
}
