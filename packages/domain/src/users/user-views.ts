import { z } from 'zod';
import { pageSchema } from '../list/paging.ts';
import { BANK_ACCOUNT_STATUSES, PhoneSchema, TradeConfigBody } from './user-schemas.ts';
import { PREFERRED_LANGUAGES, USER_CATEGORIES } from './user-enums.ts';
import { WalletView } from '../wallet/wallet-view.ts';

/**
 * What the user calls answer (decision 0500). Timestamps are ISO strings, amounts
 * decimal strings; the console types its calls with these.
 */
export const UserProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: PhoneSchema.nullable(),
  category: z.enum(USER_CATEGORIES),
  companyName: z.string().nullable(),
  companyRegistrationNumber: z.string().nullable(),
  companyPhoneNumber: z.string().nullable(),
  internal: z.boolean(),
  /** The language its statements are printed in unless another is asked (decision 1014). */
  preferredLanguage: z.enum(PREFERRED_LANGUAGES),
  acceptedTermsVersion: z.string().nullable(),
  createdAt: z.string(),
  /** The creating admin's username, or null (shown as a dash). */
  createdBy: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const AddressView = z.object({
  streetOne: z.string(),
  streetTwo: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type AddressView = z.infer<typeof AddressView>;

export const TradeConfigView = TradeConfigBody;
export type TradeConfigView = z.infer<typeof TradeConfigView>;

export const BankAccountView = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountOwner: z.string(),
  accountNumber: z.string(),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  /** Username of the admin who added or last changed it. */
  submittedBy: z.string().nullable(),
  /** Id of that admin: maker-checker compares ids (`mayDecide`), never usernames. */
  submittedById: z.number().int().nullable(),
  submittedAt: z.string(),
  /** Username of the admin who approved or declined it. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** When it was approved (SPEC.md §3 "approval time"), else null. */
  approvedAt: z.string().nullable(),
});
export type BankAccountView = z.infer<typeof BankAccountView>;

/** GET /v0/web/secure/user/{userId}. */
export const UserDetail = z.object({
  profile: UserProfile,
  address: AddressView.nullable(),
  tradeConfig: TradeConfigView,
  bankAccount: BankAccountView.nullable(),
  wallet: WalletView,
  /** Held or frozen by the compliance desk (decision 1101): staff read that much, never why. */
  complianceHold: z.boolean(),
});
export type UserDetail = z.infer<typeof UserDetail>;

export const UserListItem = UserProfile.extend({
  bankStatus: z.enum(BANK_ACCOUNT_STATUSES).nullable(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserListAnswer = pageSchema(UserListItem);
