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
  /**
   * 401 from the sign-in: the password was right and the admin has a second factor. The detail
   * carries the challenge for `POST /web/auth/admin/login/otp`: {rule: 'secondFactor', challenge,
   * expiresInSeconds}.
   */
  SecondFactorRequired: 1154,
  /** 401: the second-factor code (TOTP or recovery code) is wrong or was used already. */
  SecondFactorCodeMismatch: 1155,
  /** 403: the admin's role requires a second factor and the admin has not enrolled one yet. */
  SecondFactorEnrolmentRequired: 1156,
  /** 401: the sign-in challenge is unknown, used or expired: sign in again with the password. */
  SecondFactorChallengeExpired: 1157,
  /** 422: the password is too easy to guess (strength below 3); the context says why. */
  WeakPassword: 1158,
  NotAllowedToTrade: 1200,
  TradeLimitExceeded: 1203,
  ForbiddenAction: 1201,
  GreaterThanAvailableAssets: 2080,
  /**
   * 422 (decision 0835): the change would leave customer metal (wallets plus metal owed on filled buys)
   * above the available bars' weight plus metal at providers, for a metal whose coverage mode is
   * 'refuse'. The detail carries {rule: 'coverage', metal, shortBy}.
   */
  CustomersUncovered: 2090,
  /** 422 (decision 0865): the quote the order was priced on has expired or is unknown; get a new quote. */
  QuoteExpired: 2091,
  /**
   * 422 (decision 0751): an offline order's typed price lies further from the live mid than the metal's
   * band and was not acknowledged. The context is the first such field; the detail carries
   * {rule: 'priceBand', band, fields} (the fields comma-separated); order/customize/price_check says more.
   */
  OfflinePriceOutsideBand: 2092,
  // state conflicts (409, DECISIONS.md §2): the console shows the context as is
  /** An approved bank account cannot change. */
  BankAccountApproved: 3001,
  /** The bank account is not pending (already approved or declined, or changed meanwhile). */
  BankAccountNotPending: 3002,
  /** The last superAdmin cannot be deleted or demoted. */
  LastSuperAdmin: 3003,
  /** An admin cannot delete its own account. */
  CannotDeleteSelf: 3004,
  /** The second factor's state does not allow the call (already enrolled, none to confirm, one's own reset); the context says why. */
  SecondFactorConflict: 3005,
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
  /**
   * 503: the change kept meeting concurrent changes of the same records (a deadlock or a
   * serialization failure, retried a few times) and was not saved; trying again is safe. The
   * context says so.
   */
  ConcurrentChangeRetryLater: 3300,
  /**
   * 503: the audit chain is not at this server's key and no automatic step may bring it there (in
   * production: no cut-over yet, a trail rewritten, or a key this configuration does not hold), so
   * no audited change is saved. The server logs what the operator must do (decision 0307);
   * the context says so.
   */
  AuditChainNotReady: 3301,
  /**
   * 503 with Retry-After: the database cannot be reached (restarting, failing over, out of
   * connections); nothing of the call was saved and trying again is safe. The context says so.
   */
  DatabaseUnavailable: 3302,
  /**
   * 503 with Retry-After: this server process is stopping (a rolling restart); the call was not run.
   * A proxy sends the retry to another process.
   */
  ServerDraining: 3303,
  /** 409 (decision 0812): the bar movement is no longer pending (approved or declined already). */
  BarMovementNotPending: 3210,
  /** 409 (decision 0812): the bar's status does not allow the movement; the context says why. */
  BarStatusConflict: 3211,
  /** 409 (decision 0822): the reconciliation break is resolved already. */
  ReconciliationBreakResolved: 3212,
  /**
   * 422 (decision 0843): the orders cannot be linked to the hedge (more grams than the order or
   * the hedge has left, an order not filled, of the other side or metal, a canceled hedge); the
   * context says why, the detail carries {rule, ...}.
   */
  HedgeLinkRefused: 3220,
  /** 409 (decision 0842): the hedge's state does not allow the action (settle or cancel); the context says why. */
  HedgeStateConflict: 3221,
  /** 422 (decision 1042): a USD hedge has no USD/MYR rate to be booked in the journal at (none given, no order linked, no live price). */
  HedgeNeedsRate: 3222,
  /**
   * 409 (decision 1001): the journal refused an entry dated in a closed business day; nothing was
   * saved. A late fix is an adjustment in the first open day.
   */
  BusinessDayClosed: 3230,
  /**
   * 422 (decisions 1001, 1041): the day, month or year cannot be closed, or the day reopened: it has
   * not ended, it is closed already, an earlier day or month is open, it is before the journal, its
   * year is closed, or its checks failed; the context says why, the detail carries {rule, ...}
   * (rule 'checks': {failed: the failed checks, comma-separated}). Nothing was changed.
   */
  DayCloseRefused: 3231,
  /** 409 (decision 1003): the ledger adjustment is no longer pending (approved or declined already). */
  LedgerAdjustmentNotPending: 3232,
  /** 422 (decision 1004): the accounting export covers closed business days only; the context names the last closed day. */
  RangeNotClosed: 3233,
  /** 409 (decision 1041): the proposal (a month's or a year's close, a reopening) is no longer pending. */
  ProposalNotPending: 3234,
  /** 409 (decision 1041): a proposal of that kind and period is pending already; decide it first. */
  ProposalPending: 3235,
  /**
   * 422 (decision 1015): a statement's period starts after today (Kuala Lumpur): there is nothing to
   * state yet; nothing was read, sent or audited. The context says so, the detail carries
   * {rule: 'periodNotStarted', from, today}.
   */
  StatementPeriodNotStarted: 3236,
  /**
   * 409 (decision 1101): the customer is under a compliance hold or freeze, so nothing that moves
   * value out (an order, a fill, a withdrawal or transfer, a bank account change) goes through.
   * The context is only 'compliance hold': why is the compliance desk's, never said to others.
   */
  ComplianceHold: 3240,
  /** 409 (decision 1101): the hold's state does not allow the step (a proposal pending, none pending, released); the context says why. */
  ComplianceHoldConflict: 3241,
  /** 403 (decision 1101): the same officer may not take both steps (agree to one's own proposal, release a hold one placed). */
  ComplianceFourEyes: 3242,
  /**
   * 409 (decision 1106): due diligence enforcement is on and the customer's file is not verified,
   * or its periodic review is overdue: a deposit is received, an order, withdrawal or outgoing
   * transfer is not. The context is 'due diligence'.
   */
  DueDiligenceRequired: 3280,
  /** 409 (decision 1106): the enforcement switch's state does not allow the step (one pending, none pending, no change); the context says why. */
  CompliancePolicyConflict: 3281,
  /**
   * 422 (decision 1103): a screening list file that cannot be read as its list's format: too large,
   * a DOCTYPE or entity declaration, off-schema, unknown columns, not UTF-8. The context names the
   * element, column or line; the detail carries {rule, where}. Nothing is stored.
   */
  ScreeningListFileRefused: 3260,
  /** 409 (decision 1103): the list's versions do not allow the step (a version proposed already, the version not proposed); the context says why. */
  ScreeningListVersionConflict: 3261,
  /** 422 (decision 1103): the version drops over a fifth of the active entries: activate it with {confirmLargeDrop: true}. The detail carries {rule: 'largeDrop', removed, active}. */
  ScreeningListLargeDrop: 3262,
  /**
   * 422 (decision 1102): the due diligence file breaks a rule (an impossible MyKad, a birth date
   * out of range, an unknown country, an owner under 25%, a company without a director). The
   * context is the field's path in the body; the detail carries {rule}.
   */
  DueDiligenceRefused: 3250,
  /** 409 (decision 1102): the file's status does not allow the step (verify a verified file, approve with no EDD pending); the context says why. */
  DueDiligenceConflict: 3251,
  /** 409 (decision 1104): the screening hit's state does not allow the step (dismissed or confirmed already, a dismissal pending, none pending); the context says why. */
  ScreeningHitConflict: 3270,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status of a code: the one a raise answers unless it names another of `also`. */
export interface ErrorStatus {
  readonly status: number;
  /** Other statuses a raise may name for this code; the server refuses any status not listed. */
  readonly also?: readonly number[];
}

/**
 * The HTTP status of every code (DECISIONS.md §2: 400 malformed input, 401 no or bad token, 403
 * permission, 404 not found, 409 state conflict, 422 business rule, 429 throttled, 500
 * unexpected), declared here and nowhere else: the server's `appError(code)` takes the status from
 * this table and refuses at raise time a status it does not list for the code. The console reads
 * codes and contexts only; messages do not depend on the status.
 */
export const ERROR_STATUS: { readonly [C in ErrorCodeValue]: ErrorStatus } = {
  [ErrorCode.Unknown]: { status: 500 },
  // what is refused before any route also keeps the transport's status: request timeout 408, body
  // too large 413, path parameter too long 414, unsupported content type 415, header fields too large 431
  [ErrorCode.BadRequest]: { status: 400, also: [408, 413, 414, 415, 431] },
  // 409 for a value another record already holds (username, e-mail, phone, holiday date)
  [ErrorCode.InvalidFormat]: { status: 400, also: [409] },
  [ErrorCode.InvalidMetalType]: { status: 400 },
  [ErrorCode.NotFound]: { status: 404 },
  [ErrorCode.BankAccountExists]: { status: 409 },
  [ErrorCode.FeatureUnavailable]: { status: 422 },
  [ErrorCode.UserHasPendingRequests]: { status: 422 },
  [ErrorCode.VerificationCodeExpired]: { status: 400 },
  [ErrorCode.VerificationCodeMismatch]: { status: 400 },
  [ErrorCode.Forbidden]: { status: 403 },
  [ErrorCode.WrongCredentials]: { status: 401 },
  [ErrorCode.SessionEnded]: { status: 401 },
  [ErrorCode.TooManyAttempts]: { status: 429 },
  [ErrorCode.SecondFactorRequired]: { status: 401 },
  [ErrorCode.SecondFactorCodeMismatch]: { status: 401 },
  [ErrorCode.SecondFactorEnrolmentRequired]: { status: 403 },
  [ErrorCode.SecondFactorChallengeExpired]: { status: 401 },
  [ErrorCode.WeakPassword]: { status: 422 },
  [ErrorCode.NotAllowedToTrade]: { status: 422 },
  [ErrorCode.TradeLimitExceeded]: { status: 422 },
  [ErrorCode.ForbiddenAction]: { status: 403 },
  [ErrorCode.GreaterThanAvailableAssets]: { status: 422 },
  [ErrorCode.CustomersUncovered]: { status: 422 },
  [ErrorCode.QuoteExpired]: { status: 422 },
  [ErrorCode.OfflinePriceOutsideBand]: { status: 422 },
  [ErrorCode.BankAccountApproved]: { status: 409 },
  [ErrorCode.BankAccountNotPending]: { status: 409 },
  [ErrorCode.LastSuperAdmin]: { status: 409 },
  [ErrorCode.CannotDeleteSelf]: { status: 409 },
  [ErrorCode.SecondFactorConflict]: { status: 409 },
  [ErrorCode.OrderStatusConflict]: { status: 409 },
  [ErrorCode.IdempotencyKeyReused]: { status: 409 },
  [ErrorCode.PaymentAboveOwed]: { status: 422 },
  [ErrorCode.RequestNotPending]: { status: 409 },
  [ErrorCode.WithdrawalNeedsApprovedBankAccount]: { status: 422 },
  [ErrorCode.ConcurrentChangeRetryLater]: { status: 503 },
  [ErrorCode.AuditChainNotReady]: { status: 503 },
  [ErrorCode.DatabaseUnavailable]: { status: 503 },
  [ErrorCode.ServerDraining]: { status: 503 },
  [ErrorCode.BarMovementNotPending]: { status: 409 },
  [ErrorCode.BarStatusConflict]: { status: 409 },
  [ErrorCode.ReconciliationBreakResolved]: { status: 409 },
  [ErrorCode.HedgeLinkRefused]: { status: 422 },
  [ErrorCode.HedgeStateConflict]: { status: 409 },
  [ErrorCode.HedgeNeedsRate]: { status: 422 },
  [ErrorCode.BusinessDayClosed]: { status: 409 },
  [ErrorCode.DayCloseRefused]: { status: 422 },
  [ErrorCode.LedgerAdjustmentNotPending]: { status: 409 },
  [ErrorCode.RangeNotClosed]: { status: 422 },
  [ErrorCode.ProposalNotPending]: { status: 409 },
  [ErrorCode.ProposalPending]: { status: 409 },
  [ErrorCode.StatementPeriodNotStarted]: { status: 422 },
  [ErrorCode.ComplianceHold]: { status: 409 },
  [ErrorCode.ComplianceHoldConflict]: { status: 409 },
  [ErrorCode.ComplianceFourEyes]: { status: 403 },
  [ErrorCode.DueDiligenceRequired]: { status: 409 },
  [ErrorCode.CompliancePolicyConflict]: { status: 409 },
  [ErrorCode.ScreeningListFileRefused]: { status: 422 },
  [ErrorCode.ScreeningListVersionConflict]: { status: 409 },
  [ErrorCode.ScreeningListLargeDrop]: { status: 422 },
  [ErrorCode.DueDiligenceRefused]: { status: 422 },
  [ErrorCode.DueDiligenceConflict]: { status: 409 },
  [ErrorCode.ScreeningHitConflict]: { status: 409 },
};

/** The catalogue entry of a code, or undefined for a code the catalogue does not declare. */
export function errorStatusOf(code: number): ErrorStatus | undefined {
  return Object.hasOwn(ERROR_STATUS, code) ? ERROR_STATUS[code as ErrorCodeValue] : undefined;
}

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
  1154: 'Enter the code of your authenticator app, or a recovery code.',
  1155: 'Incorrect or already used code.',
  1156: 'Your role requires a second factor: set it up on your profile page to continue.',
  1157: 'This sign-in has expired. Please sign in again.',
  1200: 'Not allow to trade, Please contact customer service.',
  1203: 'Not allow to trade, Please contact customer service.',
  2080: 'Greater than available assets.',
  2090: 'Customer metal would not be covered by the vault, Please contact the treasury.',
  2091: 'The quoted price has expired, Please get a new quote.',
  2092: 'A price is far from the live market, Please check it and confirm.',
  3230: 'This business day is closed, Please post a late fix as an adjustment.',
  3240: 'This customer is under a compliance hold, Please contact the compliance desk.',
  3242: 'Another officer must take this step.',
  3280: "This customer's due diligence is not verified or is due for review, Please contact the compliance desk.",
};

/**
 * The optional extra of an error body (decision 0102): the rule a refused field broke
 * and its values, e.g. `{rule: 'minimumQuantity', value: '5'}` or `{rule: 'lessThanOrEqual',
 * compared: '99999999999.999'}`. `rule` is a key of the validation messages; the context stays the
 * field path, so the message of SPEC.md §8 does not change; a form may use the values.
 */
export type ErrorDetail = { rule: string } & Record<string, string | number>;

export interface ApiErrorBody {
  code: number;
  context: string | null;
  detail?: ErrorDetail;
}

export function isErrorDetail(value: unknown): value is ErrorDetail {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  return typeof (value as { rule?: unknown }).rule === 'string' && entries.every(([, v]) => typeof v === 'string' || typeof v === 'number');
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
    const { code, context, detail } = body as { code: unknown; context?: unknown; detail?: unknown };
    if (typeof code === 'number' && Number.isInteger(code)) {
      return { code, context: typeof context === 'string' ? context : null, ...(isErrorDetail(detail) ? { detail } : {}) };
    }
  }
  return { code: 0, context: null };
}
