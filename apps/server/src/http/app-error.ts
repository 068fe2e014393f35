import { ErrorCode, errorStatusOf, type ErrorCodeValue, type ErrorDetail } from '@aurum/domain/errors/catalogue';
import type { AuditAction } from '@aurum/domain/audit/classifications';

/**
 * The status a raise of `code` answers: the catalogue's (`ERROR_STATUS` in
 * packages/domain/src/errors/catalogue.ts), or `status` when the catalogue lists it for the code.
 * A code the catalogue does not declare, or a status it does not list for the code, is a
 * programming error: thrown at once, where the error is raised (the call answers 500).
 */
export function checkedStatus(code: number, status?: number): number {
  const entry = errorStatusOf(code);
  if (!entry) throw new Error(`Error code ${code} is not in the error catalogue (packages/domain/src/errors/catalogue.ts)`);
  if (status === undefined || status === entry.status) return entry.status;
  if (entry.also?.includes(status)) return status;
  throw new Error(`Error code ${code} is not raised with status ${status}; the catalogue gives it ${[entry.status, ...(entry.also ?? [])].join(', ')}`);
}

/**
 * A failure the client is told about: HTTP status plus the `{code, context}` body (DECISIONS.md §2),
 * and for a refused field the optional `detail` of the rule it broke (decisions 0102 and 0108).
 * Raise it with `appError(code, context)`; the status comes from the catalogue. The constructor
 * checks a status given by hand against the catalogue too.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly context: string | null;
  readonly detail: ErrorDetail | undefined;
  constructor(status: number, code: number, context: string | null = null, detail?: ErrorDetail) {
    super(context ?? `error ${code}`);
    this.status = checkedStatus(code, status);
    this.code = code;
    this.context = context;
    this.detail = detail;
  }

  /** The error body: `{code, context}`, plus `detail` when there is one. */
  body(): { code: number; context: string | null; detail?: ErrorDetail } {
    return this.detail ? { code: this.code, context: this.context, detail: this.detail } : { code: this.code, context: this.context };
  }
}

export interface AppErrorOptions {
  /** Another status the catalogue lists for the code (e.g. 409 for a 1001 duplicate); refused otherwise. */
  status?: number;
  detail?: ErrorDetail;
}

/** Raises `code` with the catalogue's status (or `options.status`, when the catalogue allows it). */
export function appError(code: ErrorCodeValue, context: string | null = null, options: AppErrorOptions = {}): AppError {
  return new AppError(checkedStatus(code, options.status), code, context, options.detail);
}

export const badRequest = (context: string | null = null) => appError(ErrorCode.BadRequest, context);
/** 400, 1001: the context is the field path ('Incorrect quantity format.'); a rule's values go in `detail`, never in the context. */
export const invalidFormat = (field: string, detail?: ErrorDetail) => appError(ErrorCode.InvalidFormat, field, { detail });
export const notFound = (context: string | null = null) => appError(ErrorCode.NotFound, context);
export const forbidden = () => appError(ErrorCode.Forbidden);
export const sessionEnded = (context: string) => appError(ErrorCode.SessionEnded, context);

/** What a refusal's audit row records (written by route() in a transaction of its own, after the change rolled back). */
export interface RefusalAudit {
  action: AuditAction;
  detail: Record<string, unknown>;
}

const refusalAudits = new WeakMap<AppError, RefusalAudit>();

/**
 * Marks a refusal as audited (e.g. the treasury's coverage rule, 2090): the call's transaction rolls
 * back, and route() then appends this row in a transaction of its own, so the refusal stays on the
 * trail (as `access.denied` does for a missing permission).
 */
export function auditedRefusal(error: AppError, audit: RefusalAudit): AppError {
  refusalAudits.set(error, audit);
  return error;
}

/** The audit row a refusal asks for, or null. */
export function refusalAuditOf(error: unknown): RefusalAudit | null {
  return error instanceof AppError ? (refusalAudits.get(error) ?? null) : null;
}
