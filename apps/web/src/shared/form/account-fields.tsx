import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@aurum/domain/validation/rules';
import { TextField, type TextFieldProps } from '#shared/ui/text-field.tsx';

/** The length rules of an account's fields (admins and users alike), for the messages' values. */
export const ACCOUNT_LIMITS: Readonly<Record<string, { min?: number; max?: number }>> = {
  username: { max: USERNAME_MAX_LENGTH },
  email: { max: 254 },
  firstName: { max: 100 },
  lastName: { max: 100 },
  password: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
};

export type AccountField = 'username' | 'email' | 'firstName' | 'lastName';

/** A field's binding to its form: the registration and the error with its values. */
export type FieldBinding = Pick<TextFieldProps, 'error' | 'errorValues'> & UseFormRegisterReturn;

/** Username, e-mail, first and last name (admins and users alike); `username` replaces the username field (read-only on edit). */
export function AccountFields({ label, field, username }: { label: (name: AccountField) => string; field: (name: AccountField) => FieldBinding; username?: ReactNode }) {
  return (
    <>
      {username ?? <TextField label={label('username')} required autoComplete="off" {...field('username')} />}
      <TextField label={label('email')} type="email" required autoComplete="off" {...field('email')} />
      <TextField label={label('firstName')} required {...field('firstName')} />
      <TextField label={label('lastName')} required {...field('lastName')} />
    </>
  );
}
