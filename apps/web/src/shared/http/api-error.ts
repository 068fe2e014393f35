import { messageFor, type ErrorDetail } from '@aurum/domain/errors/catalogue';

/**
 * A failed call: the HTTP status (0 when no answer arrived: network failure or time-out), the
 * server's error code and context, and the message the domain catalogue gives for them.
 * The console never invents a message for a code.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly context: string | null;
  /** The rule a refused field broke and its values (some 1001 answers); never part of the message. */
  readonly detail: ErrorDetail | undefined;

  constructor(status: number, code: number, context: string | null, detail?: ErrorDetail) {
    super(messageFor(code, context));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.context = context;
    this.detail = detail;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The message to show for anything a call may throw. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : messageFor(0, null);
}
