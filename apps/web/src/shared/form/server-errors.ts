import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { isApiError } from '../http/api-error.ts';

export type DuplicateField = 'username' | 'email' | 'phone';

const MESSAGES: Readonly<Record<DuplicateField, string>> = {
  username: ValidationMessage.usernameExists,
  email: ValidationMessage.emailExists,
  phone: ValidationMessage.phoneExists,
};

/**
 * A duplicate the server refused (409, code 1001, context username | email | phone): the field
 * and the validation message to show under it; null for any other failure.
 */
export function duplicateOf(error: unknown): { field: DuplicateField; message: string } | null {
  if (!isApiError(error) || error.code !== ErrorCode.InvalidFormat || error.status !== 409) return null;
  const field = error.context as DuplicateField | null;
  if (field === null || !(field in MESSAGES)) return null;
  return { field, message: MESSAGES[field] };
}

/** Values for a length message: min for minLength, max for maxLength. */
export function lengthValues(message: string | undefined, limits: { min?: number; max?: number }): Record<string, number> {
  if (message === ValidationMessage.minLength && limits.min !== undefined) return { length: limits.min };
  if (message === ValidationMessage.maxLength && limits.max !== undefined) return { length: limits.max };
  return {};
}

/**
 * A failure as a toast shows it: the catalogue message, and the server's context as the detail
 * when the catalogue message does not already say it (e.g. 1150 with SELF_APPROVAL_REFUSED).
 */
export function errorToast(error: unknown, fallback: string): { title: string; description?: string } {
  if (!isApiError(error)) return { title: fallback };
  if (error.context && error.context !== error.message && error.code !== ErrorCode.InvalidFormat) return { title: error.message, description: error.context };
  return { title: error.message };
}
