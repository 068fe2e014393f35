import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@aurum/domain/validation/rules';
import { TextField } from '#shared/ui/text-field.tsx';
import type { FieldBinding } from './account-fields.tsx';

export type NewPasswordField = 'password' | 'confirmPassword';

/** A new password (the rule as its hint, unless `hint` says otherwise) and its confirmation, bound to a form by `field`. */
export function NewPasswordFields({ label, field, hint, autoFocus }: { label: (name: NewPasswordField) => string; field: (name: NewPasswordField) => FieldBinding; hint?: string; autoFocus?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <>
      <TextField label={label('password')} type="password" autoComplete="new-password" autoFocus={autoFocus} required hint={hint ?? t('password.rule', { min: PASSWORD_MIN_LENGTH })} {...field('password')} />
      <TextField label={label('confirmPassword')} type="password" autoComplete="new-password" required {...field('confirmPassword')} />
    </>
  );
}
