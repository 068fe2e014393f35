import type { SelectOption } from '../ui/select.tsx';
import type { UserLabel } from '../form/user-picker.tsx';

/** One filter of a list as its screen declares it for the filter button, its modal and its chips. */
export interface FilterField {
  /** The filter's field name; may be dotted ('user.name' is user_name in the query). */
  name: string;
  label: string;
  /**
   * 'date' is the date picker (stored yyyy-MM-dd); 'user' a user picker searching the server (the
   * user id); 'multi' a group of checkboxes, any number of its options (stored comma-separated, in
   * the options' order: option values hold no comma).
   */
  kind?: 'text' | 'select' | 'date' | 'user' | 'multi';
  options?: readonly SelectOption[];
  /** How a 'user' filter shows a user. */
  userLabel?: UserLabel;
  /** The value 'reset' restores ('' when absent). */
  defaultValue?: string;
  placeholder?: string;
  /** A validation message key for a bad value, checked when the field is left, then at every change. */
  validate?: (value: string) => string | undefined;
  /** Says how another filter is read (search by user name or id): the badge does not count it. */
  qualifier?: boolean;
  /** A date that ends a range: the name of the date field that starts it, which it may not precede. */
  notBefore?: string;
}

/** The values of a 'multi' filter as the address holds them ("completed,overdue"), blanks dropped. */
export function multiValues(value: string | null | undefined): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
}
