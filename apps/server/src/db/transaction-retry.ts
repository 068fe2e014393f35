import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { AppError, checkedStatus } from '../http/app-error.ts';

/**
 * Re-running a transaction that PostgreSQL aborted because of other transactions
 * (decision 0531): a deadlock victim (40P01) or a
 * serialization failure (40001) changed nothing, so the whole transaction function may run again
 * from its start. `Db.transaction` does this for every transaction; its function must therefore
 * keep its effects inside the transaction (or undo them itself, as route() does for stored
 * receipts).
 */

/** SQLSTATEs after which the whole transaction is re-run. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

export interface RetryPolicy {
  /** Runs in all (the first included); 1 = no retry. */
  attempts: number;
  /** Backoff before retry n (1-based): a random wait in [0, min(maxDelayMs, baseDelayMs x 2^(n-1))]. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 5 runs in all, waits of up to 10, 20, 40, 80 ms between them (full jitter). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 10, maxDelayMs: 200 };

/** The text of the 503 (the console shows the context as is). */
export const CONCURRENT_CHANGE_CONTEXT = 'Other changes to the same records were being saved at the same moment, so nothing was saved. Please try again.';

/** Whether a failure is one PostgreSQL asks to retry (the transaction was aborted as a whole). */
export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

/** Retries exhausted: 503, 3300, nothing saved (never a 500). The last database error is its cause. */
export class ConcurrentChangeError extends AppError {
  constructor(cause: unknown) {
    super(checkedStatus(ErrorCode.ConcurrentChangeRetryLater), ErrorCode.ConcurrentChangeRetryLater, CONCURRENT_CHANGE_CONTEXT);
    this.cause = cause;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (one whole transaction, begin to commit or rollback) and runs it again, after a
 * short jittered wait, while it fails with 40P01 or 40001, at most `policy.attempts` times in all;
 * then throws ConcurrentChangeError. Any other failure is thrown at once.
 */
export async function retryTransaction<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  const attempts = Math.max(1, Math.floor(policy.attempts));
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (n >= attempts) throw new ConcurrentChangeError(error);
      await wait(Math.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1)));
    }
  }
}
