import { useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFocusFirstInvalid } from '#shared/form/use-focus-first-invalid.ts';
import { PREFERRED_LANGUAGES, USER_CATEGORIES } from '@aurum/domain/users/user-enums';
import { UserCreateForm, UserEditBody } from '@aurum/domain/users/user-schemas';
import { ACCOUNT_LIMITS, AccountFields } from '#shared/form/account-fields.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { FormActions } from '#shared/form/form-actions.tsx';
import { NewPasswordFields } from '#shared/form/new-password-fields.tsx';
import { duplicateOf, lengthValues } from '#shared/form/server-errors.ts';
import { Card } from '#shared/ui/card.tsx';
import { CheckboxField } from '#shared/ui/checkbox-field.tsx';
import { PhoneField } from '#shared/ui/phone-field.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { AddressFields, ADDRESS_LIMITS } from './address-fields.tsx';

type CreateInput = z.input<typeof UserCreateForm>;
export type UserCreateValues = z.output<typeof UserCreateForm>;
export type UserEditValues = z.output<typeof UserEditBody>;

const LIMITS: Record<string, { min?: number; max?: number }> = {
  ...ACCOUNT_LIMITS,
  companyName: { max: 200 },
  companyRegistrationNumber: { max: 50 },
  companyPhoneNumber: { max: 20 },
  ...ADDRESS_LIMITS,
};

export interface UserFormProps {
  mode: 'create' | 'edit';
  defaultValues: Partial<CreateInput>;
  submitting: boolean;
  submitLabel: string;
  /** Resolves to the failure (or null): duplicates are shown under their field. */
  onSubmit: (values: UserCreateValues | UserEditValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The user form of Create and Edit (every field; password and address on create). */
export function UserForm({ mode, defaultValues, submitting, submitLabel, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation(['user', 'common']);
  const [withAddress, setWithAddress] = useState(mode === 'create');
  const schema = mode === 'create' ? UserCreateForm : UserEditBody;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateInput>({
    resolver: zodResolver(schema as typeof UserCreateForm),
    mode: 'onTouched',
    defaultValues,
    shouldUnregister: true,
    // the first invalid field in the form's order takes the keyboard (useFocusFirstInvalid)
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const onInvalid = useFocusFirstInvalid(formRef, errors);

  const err = (name: string): { error?: string; errorValues?: Record<string, number> } => {
    const path = name.split('.');
    let node: unknown = errors;
    for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: string } | undefined)?.message;
    return { error: message, errorValues: lengthValues(message, LIMITS[path[path.length - 1] ?? ''] ?? {}) };
  };

  const submit = handleSubmit(async (values) => {
    const failure = await onSubmit(values as UserCreateValues);
    const duplicate = duplicateOf(failure);
    if (duplicate) {
      const field: FieldPath<CreateInput> = duplicate.field === 'phone' ? 'phone.number' : duplicate.field;
      setError(field, { type: 'server', message: duplicate.message }, { shouldFocus: true });
    }
  }, onInvalid);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-6" data-testid="user-form">
      <Card>
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t('user:sections.account')}</h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <AccountFields label={(name) => t(`user:fields.${name}`)} field={(name) => ({ ...err(name), ...register(name) })} />
          {mode === 'create' ? <NewPasswordFields label={(name) => t(`user:fields.${name}`)} field={(name) => ({ ...err(name), ...register(name) })} /> : null}
          <PhoneField
            label={t('user:fields.phone')}
            required
            hint={t('user:hints.phone')}
            countryCodeError={err('phone.countryCode').error}
            numberError={err('phone.number').error}
            countryCode={register('phone.countryCode')}
            number={register('phone.number')}
          />
          <ControlledSelect
            control={control}
            name="category"
            label={t('user:fields.category')}
            required
            options={USER_CATEGORIES.map((c) => ({ value: c, label: t(`user:categories.${c}`) }))}
          />
          <ControlledSelect
            control={control}
            name="preferredLanguage"
            label={t('user:fields.preferredLanguage')}
            hint={t('user:hints.preferredLanguage')}
            required
            options={PREFERRED_LANGUAGES.map((l) => ({ value: l, label: t(`user:languages.${l}`) }))}
          />
          <CheckboxField label={t('user:fields.internal')} hint={t('user:hints.internal')} className="md:col-span-2" {...register('internal')} />
        </div>
      </Card>
      <Card>
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t('user:sections.company')}</h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <TextField label={t('user:fields.companyName')} {...err('companyName')} {...register('companyName')} />
          <TextField label={t('user:fields.companyRegistrationNumber')} {...err('companyRegistrationNumber')} {...register('companyRegistrationNumber')} />
          <TextField label={t('user:fields.companyPhoneNumber')} inputMode="tel" {...err('companyPhoneNumber')} {...register('companyPhoneNumber')} />
        </div>
      </Card>
      {mode === 'create' ? (
        <Card>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">{t('user:sections.address')}</h2>
            <CheckboxField label={t('user:address.include')} checked={withAddress} onChange={(event) => setWithAddress(event.target.checked)} />
          </div>
          {withAddress ? <AddressFields register={(name) => register(`address.${name}`)} error={(name) => err(`address.${name}`)} /> : <p className="text-sm text-slate-500">{t('user:address.skipped')}</p>}
        </Card>
      ) : null}
      <FormActions className="flex justify-end gap-2" onCancel={onCancel} pending={submitting} submitLabel={submitLabel} />
    </form>
  );
}
