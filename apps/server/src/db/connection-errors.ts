import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { AppError, checkedStatus } from '../http/app-error.ts';

/**
 * Telling "the database cannot be reached" from every other failure: a restart, a failover, a
 * pooler without a server, a connection cut mid-call. Such a call changed nothing that it can
 * rely on (its transaction rolled back, or its connection died before COMMIT answered), so the
 * client is told 503 (3302) with Retry-After and may try again; an Idempotency-Key makes that safe
 * for a COMMIT whose answer was lost (docs/decisions/0001-database-faults.md).
 */

/** Socket-level failures of a connection (Node's errno codes). */
const NETWORK_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server going away or not taking work: class 08 (connection exception), 57P01-57P03
 * (admin or crash shutdown, cannot connect now: starting up or in recovery), 53300 (too many
 * connections), 58030 (I/O error of the server), and 25006 (read-only transaction): a member that came
 * back as a standby before its promotion, or one a failover demoted; the connection is dropped so the
 * next call finds the leader. No transaction of ours asks for READ ONLY and then writes.
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300', '58030', '25006']);

/** What node-postgres says, without a code, when a connection ends under it or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Connection ended',
  'server closed the connection unexpectedly',
];

/** Whether `error` says the database is unreachable (not that it refused this call's SQL). */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
  // AggregateError of a connect tried on several addresses (localhost as ::1 and 127.0.0.1)
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isConnectionError);
}

// not "nothing was saved": a COMMIT whose answer was lost may have committed; a money call sent again with its
// Idempotency-Key answers what was saved, or saves it once (decision 0560)
export const DATABASE_UNAVAILABLE_CONTEXT = 'The database cannot be reached right now, so this change may not have been saved. Please try again in a few seconds.';

/** Seconds a client is asked to wait before trying again (Retry-After of 3302 and 3303). */
export const RETRY_AFTER_SECONDS = 2;

/** 503, 3302: the database is unreachable; the driver's error is its cause. */
export class DatabaseUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(checkedStatus(ErrorCode.DatabaseUnavailable), ErrorCode.DatabaseUnavailable, DATABASE_UNAVAILABLE_CONTEXT);
    this.cause = cause;
  }
}

/** `error` as the client should see it: a connection failure becomes 3302, anything else is kept. */
export function asUnavailable(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}
