import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '#shared/ui/text-field.tsx';

export const ADDRESS_KEYS = ['streetOne', 'streetTwo', 'city', 'state', 'postalCode', 'country'] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];

export const ADDRESS_LIMITS: Record<AddressKey, { max: number }> = {
  streetOne: { max: 200 },
  streetTwo: { max: 200 },
  city: { max: 100 },
  state: { max: 100 },
  postalCode: { max: 20 },
  country: { max: 100 },
};

/** The address inputs (street one and two, city/town, state/province, postal code, country). */
export function AddressFields({
  register,
  error,
}: {
  register: (name: AddressKey) => UseFormRegisterReturn;
  error: (name: AddressKey) => { error?: string; errorValues?: Record<string, number> };
}) {
  const { t } = useTranslation('user');
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {ADDRESS_KEYS.map((key) => (
        <TextField key={key} label={t(`address.${key}`)} required={key !== 'streetTwo'} className={key === 'streetOne' || key === 'streetTwo' ? 'md:col-span-2' : ''} {...error(key)} {...register(key)} />
      ))}
    </div>
  );
}
