import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { PASSWORD_MIN_LENGTH } from '@aurum/domain/validation/rules';
import { TextField } from '#shared/ui/text-field.tsx';
import type { FieldBinding } from './account-fields.tsx';

export type NewPasswordField = 'password' | 'confirmPassword';

/**
 * A new password (the rule as its hint, unless `hint` says otherwise) and its confirmation, bound to
 * a form by `field`. With `strength` (an admin's password: the server refuses weak ones), the
 * strength meter follows what is typed.
 */
export function NewPasswordFields({
  label,
  field,
  hint,
  autoFocus,
  strength = false,
}: {
  label: (name: NewPasswordField) => string;
  field: (name: NewPasswordField) => FieldBinding;
  hint?: string;
  autoFocus?: boolean;
  strength?: boolean;
}) {
  const { t } = useTranslation('common');
  const [typed, setTyped] = useState('');
  const password = field('password');
  return (
    <>
      <TextField
        label={label('password')}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        hint={hint ?? t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        {...password}
        onChange={(event) => {
          setTyped(event.target.value);
          return password.onChange(event);
        }}
      />
      {strength ? <PasswordStrengthMeter password={typed} /> : null}
      <TextField label={label('confirmPassword')} type="password" autoComplete="new-password" required {...field('confirmPassword')} />
    </>
  );
}
