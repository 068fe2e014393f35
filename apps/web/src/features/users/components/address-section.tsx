import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AddressSchema } from '@aurum/domain/users/user-schemas';
import type { AddressView } from '@aurum/domain/users/user-views';
import { FormModal } from '#shared/form/form-modal.tsx';
import { lengthValues } from '#shared/form/server-errors.ts';
import { orDash } from '#shared/format/display.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { useEditAddress } from '../api/edit-address.ts';
import { ADDRESS_KEYS, ADDRESS_LIMITS, AddressFields } from './address-fields.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useCallOutcome } from '#shared/form/use-call-outcome.ts';
import { EditButton } from './edit-button.tsx';

type AddressInput = z.input<typeof AddressSchema>;

/** Address: shown, and edited in a modal (editUser). */
export function AddressSection({ userId, address }: { userId: number; address: AddressView | null }) {
  const { t } = useTranslation(['user', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <TitledCard title={t('user:sections.address')} action={<EditButton onClick={() => setOpen(true)}>{address ? t('user:address.edit') : t('user:address.add')}</EditButton>}>
      {address ? (
        <DetailList columns={3} items={ADDRESS_KEYS.map((key) => ({ label: t(`user:address.${key}`), value: orDash(address[key]), testId: `address-${key}` }))} />
      ) : (
        <p className="text-sm text-slate-500">{t('user:address.none')}</p>
      )}
      {open ? <AddressDialog userId={userId} address={address} onClose={() => setOpen(false)} /> : null}
    </TitledCard>
  );
}

function AddressDialog({ userId, address, onClose }: { userId: number; address: AddressView | null; onClose: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const outcome = useCallOutcome(onClose);
  const edit = useEditAddress(userId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressInput, unknown, z.output<typeof AddressSchema>>({
    resolver: zodResolver(AddressSchema),
    mode: 'onTouched',
    defaultValues: { streetOne: '', city: '', state: '', postalCode: '', country: '', ...address, streetTwo: address?.streetTwo ?? '' },
  });
  return (
    <FormModal
      title={t('user:sections.address')}
      pending={edit.isPending}
      onClose={onClose}
      onSubmit={handleSubmit((body) =>
        edit.mutate({ userId, body }, outcome(t('user:toast.addressSaved'))),
      )}
    >
      <AddressFields
        register={(name) => register(name)}
        error={(name) => ({ error: errors[name]?.message, errorValues: lengthValues(errors[name]?.message, ADDRESS_LIMITS[name]) })}
      />
    </FormModal>
  );
}
