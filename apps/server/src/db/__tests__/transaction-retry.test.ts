import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { AppError } from '../../http/app-error.ts';
import { CONCURRENT_CHANGE_CONTEXT, ConcurrentChangeError, DEFAULT_RETRY_POLICY, isRetryableConflict, retryTransaction } from '../transaction-retry.ts';

/** What `pg` throws: an Error with the SQLSTATE in `code`. */
const pgError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code });

describe('retryTransaction', () => {
  it('runs the transaction again after a deadlock (40P01) or a serialization failure (40001), then answers its result', async () => {
    const waits: number[] = [];
    const failures = [pgError('40P01', 'deadlock detected'), pgError('40001', 'could not serialize access')];
    const runs: number[] = [];
    const result = await retryTransaction(
      async (n) => {
        runs.push(n);
        const failure = failures.shift();
        if (failure) throw failure;
        return 'committed';
      },
      DEFAULT_RETRY_POLICY,
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe('committed');
    expect(runs).toEqual([1, 2, 3]);
    // jittered, within the bound of each retry: [0, 10] then [0, 20]
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(0);
    expect(waits[0]).toBeLessThanOrEqual(10);
    expect(waits[1]).toBeLessThanOrEqual(20);
  });

  it('gives up after the bound with 503, code 3300 and the last database error as cause (never a 500)', async () => {
    let runs = 0;
    const last = pgError('40P01', 'deadlock detected');
    const failure = await retryTransaction(
      async () => {
        runs += 1;
        throw runs === 5 ? last : pgError('40001');
      },
      DEFAULT_RETRY_POLICY,
      async () => undefined,
    ).catch((e: unknown) => e);
    expect(runs).toBe(5);
    expect(failure).toBeInstanceOf(ConcurrentChangeError);
    expect(failure).toBeInstanceOf(AppError);
    const error = failure as ConcurrentChangeError;
    expect({ status: error.status, code: error.code, context: error.context }).toEqual({
      status: 503,
      code: ErrorCode.ConcurrentChangeRetryLater,
      context: CONCURRENT_CHANGE_CONTEXT,
    });
    expect(error.cause).toBe(last);
  });

  it('keeps to the policy: one run when attempts is 1, waits capped by maxDelayMs', async () => {
    let runs = 0;
    await expect(
      retryTransaction(
        async () => {
          runs += 1;
          throw pgError('40P01');
        },
        { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
        async () => undefined,
      ),
    ).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect(runs).toBe(1);

    const waits: number[] = [];
    await expect(
      retryTransaction(
        async () => {
          throw pgError('40001');
        },
        { attempts: 8, baseDelayMs: 10, maxDelayMs: 25 },
        async (ms) => void waits.push(ms),
      ),
    ).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect(waits).toHaveLength(7);
    for (const w of waits) expect(w).toBeLessThanOrEqual(25);
  });

  it('throws any other failure at once, without running again', async () => {
    for (const error of [pgError('23505', 'duplicate key'), new AppError(409, 3200, 'not pending'), new Error('plain'), pgError('57014', 'canceling statement')]) {
      let runs = 0;
      await expect(
        retryTransaction(
          async () => {
            runs += 1;
            throw error;
          },
          DEFAULT_RETRY_POLICY,
          async () => undefined,
        ),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });

  it('tells which failures are retried', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(pgError('40001'))).toBe(true);
    expect(isRetryableConflict(pgError('40002'))).toBe(false);
    expect(isRetryableConflict(new AppError(409, 3100))).toBe(false);
    expect(isRetryableConflict(null)).toBe(false);
    expect(isRetryableConflict('40P01')).toBe(false);
  });
});
