/**
 * The error catalogue of SPEC.md §8 and the codes of DECISIONS.md §2.
 * The server answers `{ code, context }`; the console turns that into a message here and
 * nowhere else.
 */
export const ErrorCode = {
  Unknown: 0,
  BadRequest: 1000,
  InvalidFormat: 1001,
  /** 'Invalid metal type' (SPEC.md §5): the console shows the context. */
  InvalidMetalType: 1002,
  NotFound: 1003,
  BankAccountExists: 1004,
  FeatureUnavailable: 1008,
  UserHasPendingRequests: 1050,
  VerificationCodeExpired: 1100,
  VerificationCodeMismatch: 1101,
  Forbidden: 1150,
  WrongCredentials: 1151,
  SessionEnded: 1152,
  TooManyAttempts: 1153,
  NotAllowedToTrade: 1200,
  TradeLimitExceeded: 1203,
  ForbiddenAction: 1201,
  GreaterThanAvailableAssets: 2080,
  // state conflicts (409, DECISIONS.md §2): the console shows the context as is
  /** An approved bank account cannot change. */
  BankAccountApproved: 3001,
  /** The bank account is not pending (already approved or declined, or changed meanwhile). */
  BankAccountNotPending: 3002,
  /** The last superAdmin cannot be deleted or demoted. */
  LastSuperAdmin: 3003,
  /** An admin cannot delete its own account. */
  CannotDeleteSelf: 3004,
  /** The order's status does not allow the action (ORDER_MACHINE); the context says why. */
  OrderStatusConflict: 3100,
  /** An Idempotency-Key reused for a different request. */
  IdempotencyKeyReused: 3101,
  /** A payment above what the order owes, interest included (422); the context says how much is owed. */
  PaymentAboveOwed: 3102,
  /** The payment request is no longer pending (approved or declined already, or by a concurrent decision). */
  RequestNotPending: 3200,
  /** A MYR withdrawal needs the user's approved bank account (422); the context says so. */
  WithdrawalNeedsApprovedBankAccount: 3201,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong, Please retry later.';

/** Codes the catalogue shows as '[code] Internal Server Error.' */
export const INTERNAL_ERROR_CODES: readonly number[] = [
  1005, 1006, 1007, 1051, 1250, 1260, 1300, 1301, 1302, 1303, 1304, 2000, 2020, 2040, 2060, 2081,
];

const FIXED_MESSAGES: Readonly<Record<number, string>> = {
  1003: 'Data not found, Please retry.',
  1004: 'Already have bank information, Please check your information is up-to-date.',
  1008: 'This feature is unavailable now.',
  1050: 'Cannot delete user, Please check if there are any pending requests',
  1100: 'Verification code has expired, Please request a new one.',
  1101: 'Verification code mismatch.',
  1150: 'Access is forbidden, Please check your permission information.',
  1151: 'Incorrect username or password.',
  1200: 'Not allow to trade, Please contact customer service.',
  1203: 'Not allow to trade, Please contact customer service.',
  2080: 'Greater than available assets.',
};

export interface ApiErrorBody {
  code: number;
  context: string | null;
}

/** The message a person sees for an error code and its context (SPEC.md §8). */
export function messageFor(code: number, context?: string | null): string {
  if (code === 0) return DEFAULT_ERROR_MESSAGE;
  if (code === 1000) return `[${code}] Bad Request.`;
  if (code === 1001) return `Incorrect ${context ?? ''} format.`.replace('  ', ' ');
  if (code === 1201) return `[${code}] Forbidden.`;
  const fixed = FIXED_MESSAGES[code];
  if (fixed !== undefined) return fixed;
  if (INTERNAL_ERROR_CODES.includes(code)) return `[${code}] Internal Server Error.`;
  if (context) return context;
  return `[${code}] ${DEFAULT_ERROR_MESSAGE}`;
}

/** Reads an unknown failed-response body into the error contract (DECISIONS.md §2). */
export function parseErrorBody(body: unknown): ApiErrorBody {
  if (typeof body === 'object' && body !== null && 'code' in body) {
    const { code, context } = body as { code: unknown; context?: unknown };
    if (typeof code === 'number' && Number.isInteger(code)) {
      return { code, context: typeof context === 'string' ? context : null };
    }
  }
  return { code: 0, context: null };
}
