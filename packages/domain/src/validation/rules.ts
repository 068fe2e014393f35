import { z } from 'zod';

/**
 * Validation rules and their messages (SPEC.md §5). A message is a key of the `validation`
 * translation namespace; the console translates it, the server reports the field path (1001).
 */
export const ValidationMessage = {
  required: 'required',
  invalidNumber: 'invalidNumber',
  greaterThanZero: 'greaterThanZero',
  email: 'email',
  lettersAndNumbers: 'lettersAndNumbers',
  passwordStrength: 'passwordStrength',
  noSpaces: 'noSpaces',
  noEdgeSpaces: 'noEdgeSpaces',
  confirmPassword: 'confirmPassword',
  maxLength: 'maxLength',
  minLength: 'minLength',
  decimalPlaces: 'decimalPlaces',
  notNegative: 'notNegative',
  lessThanOrEqual: 'lessThanOrEqual',
  usernameExists: 'usernameExists',
  phoneExists: 'phoneExists',
  emailExists: 'emailExists',
  invalidDate: 'invalidDate',
  greaterThanOrEqual: 'greaterThanOrEqual',
  sameUnit: 'sameUnit',
  differentBooks: 'differentBooks',
} as const;
export type ValidationMessageKey = (typeof ValidationMessage)[keyof typeof ValidationMessage];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 50;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field: not empty, no leading or trailing space. */
export const requiredText = (max = 255) =>
  z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .max(max, { error: ValidationMessage.maxLength })
    .refine((v) => v.trim() === v, { error: ValidationMessage.noEdgeSpaces });

export const emailField = z
  .string({ error: ValidationMessage.required })
  .min(1, { error: ValidationMessage.required })
  .max(254, { error: ValidationMessage.maxLength })
  .regex(EMAIL_PATTERN, { error: ValidationMessage.email });

export const usernameField = z
  .string({ error: ValidationMessage.required })
  .min(1, { error: ValidationMessage.required })
  .max(USERNAME_MAX_LENGTH, { error: ValidationMessage.maxLength })
  .regex(/^[A-Za-z0-9]+$/, { error: ValidationMessage.lettersAndNumbers });

/** Whether a password has a lowercase letter, an uppercase letter, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value) && /[^A-Za-z0-9\s]/.test(value);
}

export const passwordField = z
  .string({ error: ValidationMessage.required })
  .min(1, { error: ValidationMessage.required })
  .refine((v) => !/\s/.test(v), { error: ValidationMessage.noSpaces })
  .refine((v) => v.length >= PASSWORD_MIN_LENGTH, { error: ValidationMessage.minLength })
  .refine((v) => v.length <= PASSWORD_MAX_LENGTH, { error: ValidationMessage.maxLength })
  .refine(isStrongPassword, { error: ValidationMessage.passwordStrength });
