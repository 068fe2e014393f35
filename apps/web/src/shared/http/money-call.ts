import { ApiError } from './api-error.ts';
import type { HttpClient, RequestOptions } from './http-client.ts';

/**
 * The console's money-moving calls (docs/decisions/0560). Each is sent with an Idempotency-Key made
 * once per intent of the admin: one per submitted form or confirmed decision, kept across retries.
 * A 503 or no answer at all (the network, the 5 s time-out) leaves the outcome in doubt: the change
 * may have committed with its answer lost. The same call is then sent again with the same key, a few
 * times with a growing wait: the server answers the first answer if it committed and applies it now
 * if it did not, never both. Any other answer (a 4xx refusal, a 500) is final and is not retried.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How often and how soon an in-doubt call is sent again. */
export interface MoneyRetry {
  /** Sendings in all, the first included. */
  attempts: number;
  /** The wait before the nth retry (1, 2, ...). */
  delayMs(retry: number): number;
  wait(ms: number): Promise<void>;
}

/** 4 sendings over about 3.5 s, within what an admin waits for a confirmation. */
export const MONEY_RETRY: MoneyRetry = {
  attempts: 4,
  delayMs: (retry) => 500 * 2 ** (retry - 1),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A fresh key: one per intent of the admin. */
export const newIntentKey = (): string => crypto.randomUUID();

/** Whether a failed call may or may not have been applied: a 503 (the database or the server away) or no answer (status 0). */
export function isInDoubt(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.status === 0);
}

export interface MoneyRequestOptions<T> extends RequestOptions<T> {
  /** The intent's key (a form's, kept across its resubmissions); unset: a fresh key for this call, i.e. this confirmed decision. */
  idempotencyKey?: string;
}

export interface MoneyCaller {
  /** Sends a money-moving call with its intent's key; in doubt, again with the same key (MONEY_RETRY). */
  request<T = unknown>(path: string, options: MoneyRequestOptions<T>): Promise<T>;
}

export function createMoneyCaller(client: Pick<HttpClient, 'request'>, retry: MoneyRetry = MONEY_RETRY, newKey: () => string = newIntentKey): MoneyCaller {
  return {
    async request<T>(path: string, { idempotencyKey, ...options }: MoneyRequestOptions<T>): Promise<T> {
      const key = idempotencyKey ?? newKey();
      const headers = { ...options.headers, [IDEMPOTENCY_HEADER]: key };
      for (let attempt = 1; ; attempt++) {
        try {
          return await client.request<T>(path, { ...options, headers });
        } catch (error) {
          if (!isInDoubt(error) || attempt >= retry.attempts || options.signal?.aborted) throw error;
          await retry.wait(retry.delayMs(attempt));
        }
      }
    },
  };
}
