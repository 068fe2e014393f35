import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AddressSchema } from '@aurum/domain/users/user-schemas';
import type { AddressView } from '@aurum/domain/users/user-views';
import { FormModal } from '#shared/form/form-modal.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useCan } from '#shared/access/use-can.ts';
import { lengthValues } from '#shared/form/server-errors.ts';
import { orDash } from '#shared/format/display.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { useEditAddress } from '../api/edit-address.ts';
import { ADDRESS_KEYS, ADDRESS_LIMITS, AddressFields } from './address-fields.tsx';

type AddressInput = z.input<typeof AddressSchema>;

/** Address: shown, and edited in a modal (editUser). */
export function AddressSection({ userId, address }: { userId: number; address: AddressView | null }) {
  const { t } = useTranslation(['user', 'common']);
  const canEdit = useCan('editUser');
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('user:sections.address')}</h2>
        <Button variant="secondary" disabled={!canEdit} title={canEdit ? undefined : t('common:noPermission')} onClick={() => setOpen(true)}>
          {address ? t('user:address.edit') : t('user:address.add')}
        </Button>
      </div>
      {address ? (
        <DetailList columns={3} items={ADDRESS_KEYS.map((key) => ({ label: t(`user:address.${key}`), value: orDash(address[key]), testId: `address-${key}` }))} />
      ) : (
        <p className="text-sm text-slate-500">{t('user:address.none')}</p>
      )}
      {open ? <AddressDialog userId={userId} address={address} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function AddressDialog({ userId, address, onClose }: { userId: number; address: AddressView | null; onClose: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const toast = useToast();
  const fail = useFailureToast();
  const edit = useEditAddress(userId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddressInput, unknown, z.output<typeof AddressSchema>>({
    resolver: zodResolver(AddressSchema),
    mode: 'onBlur',
    defaultValues: { streetOne: '', city: '', state: '', postalCode: '', country: '', ...address, streetTwo: address?.streetTwo ?? '' },
  });
  return (
    <FormModal
      wide
      title={t('user:sections.address')}
      pending={edit.isPending}
      onClose={onClose}
      onSubmit={handleSubmit((body) =>
        edit.mutate(
          { userId, body },
          {
            onSuccess: () => {
              toast.success(t('user:toast.addressSaved'));
              onClose();
            },
            onError: fail,
          },
        ),
      )}
    >
      <AddressFields
        register={(name) => register(name)}
        error={(name) => ({ error: errors[name]?.message, errorValues: lengthValues(errors[name]?.message, ADDRESS_LIMITS[name]) })}
      />
    </FormModal>
  );
}
