import { z } from 'zod';
import { ValidationMessage, emailField, passwordField, requiredText, usernameField } from '../validation/rules.ts';
import { decimalOf } from '../money/decimal-columns.ts';
import { listQuery } from '../list/paging.ts';
import { phoneInSomePlan } from './phone-plan.ts';
import {
  ALLOWED_ACTIONS,
  ALLOWED_PAIRS,
  FEE_ADJUST_MODES,
  PREFERRED_LANGUAGES,
  TIERS,
  USER_CATEGORIES,
  USER_SEARCH_CONDITIONS,
} from './user-enums.ts';
import { emptyToUndefined } from '../validation/preprocess.ts';

/** Optional text: empty means absent; otherwise no leading or trailing spaces. */
const optionalText = (max = 255) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .max(max, { error: ValidationMessage.maxLength })
      .refine((v) => v.trim() === v, { error: ValidationMessage.noEdgeSpaces })
      .nullable()
      .optional(),
  );

/** Phone: country code up to 3 digits (placeholder 60), number up to 15 digits (SPEC.md §5). */
export const PhoneSchema = z.object({
  countryCode: z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .max(3, { error: ValidationMessage.maxLength })
    .regex(/^\d+$/, { error: ValidationMessage.invalidNumber }),
  number: z
    .string({ error: ValidationMessage.required })
    .min(1, { error: ValidationMessage.required })
    .max(15, { error: ValidationMessage.maxLength })
    .regex(/^\d+$/, { error: ValidationMessage.invalidNumber }),
});
export type Phone = z.infer<typeof PhoneSchema>;

/** The phone of a created or edited user: also a number some country's plan accepts (else 1001 on phone.number). */
export const PlannedPhoneSchema = PhoneSchema.refine(phoneInSomePlan, {
  path: ['number'],
  error: ValidationMessage.invalidNumber,
  // only once both fields pass their own rules: one answer per field
  when: (payload) => payload.issues.length === 0,
});

export const AddressSchema = z.object({
  streetOne: requiredText(200),
  streetTwo: optionalText(200),
  city: requiredText(100),
  state: requiredText(100),
  postalCode: requiredText(20),
  country: requiredText(100),
});
export type Address = z.infer<typeof AddressSchema>;

const userFields = {
  username: usernameField,
  email: emailField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: PlannedPhoneSchema,
  category: z.enum(USER_CATEGORIES),
  companyName: optionalText(200),
  companyRegistrationNumber: optionalText(50),
  companyPhoneNumber: optionalText(20),
  internal: z.boolean().default(false),
  /** Left out: English on create, unchanged on edit. */
  preferredLanguage: z.enum(PREFERRED_LANGUAGES).optional(),
};

export const UserCreateBody = z.object({ ...userFields, password: passwordField, address: AddressSchema.nullable().optional() });
export type UserCreateBody = z.infer<typeof UserCreateBody>;

/** The console's user form adds the password confirmation. */
export const UserCreateForm = UserCreateBody.extend({ confirmPassword: z.string().min(1, { error: ValidationMessage.required }) }).refine(
  (v) => v.password === v.confirmPassword,
  { error: ValidationMessage.confirmPassword, path: ['confirmPassword'] },
);

export const UserEditBody = z.object(userFields);
export type UserEditBody = z.infer<typeof UserEditBody>;

/** Trade configuration of one user (SPEC.md §3): rates are fractions (shown x 100), fees MYR per gram. */
export const TradeConfigBody = z.object({
  allowedAction: z.enum(ALLOWED_ACTIONS),
  allowedPair: z.enum(ALLOWED_PAIRS),
  interestRate: decimalOf('interestRate', { allowZero: true, max: '1' }),
  premium: decimalOf('fee', { allowZero: true }),
  refineryFees: decimalOf('fee', { allowZero: true }),
  /** Largest quantity of one order, in grams; null for no limit (1203 above it). */
  tradeLimit: decimalOf('grams').nullable(),
  feeAdjustMode: z.enum(FEE_ADJUST_MODES),
  tier: z.enum(TIERS),
});
export type TradeConfigBody = z.infer<typeof TradeConfigBody>;

/** Fees of every user at once (editAllUsersFee). */
export const AllUsersFeeBody = TradeConfigBody.pick({ interestRate: true, premium: true, refineryFees: true, feeAdjustMode: true });
export type AllUsersFeeBody = z.infer<typeof AllUsersFeeBody>;

export const USER_SORT_FIELDS = ['id', 'username', 'email', 'category', 'createdAt'] as const;

/** GET user list: search by condition + input, filter by category, sort, page. */
export const UserListQuery = listQuery(USER_SORT_FIELDS).extend({
  condition: z.preprocess(emptyToUndefined, z.enum(USER_SEARCH_CONDITIONS).optional()),
  input: z.preprocess(emptyToUndefined, z.string().max(254).optional()),
  /** A picker's search: username, e-mail, first, last or full name contains it (case-insensitive), or it is the id. */
  q: z.preprocess(emptyToUndefined, z.string().max(254).optional()),
  category: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(USER_CATEGORIES).optional()),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** Bank account: at most one per user, fixed once approved. */
export const BankAccountBody = z.object({
  bankName: requiredText(100),
  accountOwner: requiredText(150),
  accountNumber: z
    .string({ error: ValidationMessage.required })
    .min(5, { error: ValidationMessage.minLength })
    .max(34, { error: ValidationMessage.maxLength })
    .regex(/^[0-9A-Za-z-]+$/, { error: ValidationMessage.lettersAndNumbers }),
});
export type BankAccountBody = z.infer<typeof BankAccountBody>;

export const BANK_ACCOUNT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/** The public check of SPEC.md §7: POST /mobile/auth/user/check_exists. */
export const CheckExistsBody = z
  .object({
    username: z.string().max(50).optional(),
    email: z.string().max(254).optional(),
    phone: PhoneSchema.optional(),
  })
  .refine((v) => v.username !== undefined || v.email !== undefined || v.phone !== undefined, { error: ValidationMessage.required });

/** POST user/{userId}/reset_password: the user's new password. */
export const UserPasswordBody = z.object({ password: passwordField });
export type UserPasswordBody = z.infer<typeof UserPasswordBody>;

/**
 * A phone number's identity for uniqueness: the country code followed by the number (both digits),
 * so 60 + 123456789 and 601 + 23456789 are the same telephone number.
 */
export function phoneKey(phone: Phone): string {
  return `${phone.countryCode}${phone.number}`;
}
