import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api-error.ts';
import { createHttpClient } from '../http-client.ts';
import { createMoneyCaller, isInDoubt, type MoneyRetry } from '../money-call.ts';

type Answer = number | 'network';

/** A client whose fetch answers from a script (a status, or no answer at all), and the keys each sending carried. */
function setup(script: Answer[], newKey?: () => string) {
  const keys: Array<string | null> = [];
  const waits: number[] = [];
  const client = createHttpClient({
    fetch: async (_url, init) => {
      keys.push(new Headers(init.headers).get('idempotency-key'));
      const next = script.shift();
      if (next === undefined) throw new Error('unexpected call');
      if (next === 'network') throw new TypeError('Failed to fetch');
      const body = next === 200 ? { id: 7, status: 'approved' } : { code: next === 503 ? 3302 : 3200, context: null };
      return new Response(JSON.stringify(body), { status: next, headers: { 'content-type': 'application/json' } });
    },
    getAccessToken: () => 'token',
    refreshSession: async () => false,
    logError: () => undefined,
  });
  const retry: MoneyRetry = { attempts: 4, delayMs: (n) => 100 * n, wait: async (ms) => void waits.push(ms) };
  return { money: createMoneyCaller(client, retry, newKey), keys, waits };
}

const Answer = z.object({ id: z.number(), status: z.string() });
const approve = (money: ReturnType<typeof setup>['money'], idempotencyKey?: string) =>
  money.request('/v0/web/secure/asset/deposit/7/approve', { method: 'POST', body: {}, schema: Answer, ...(idempotencyKey ? { idempotencyKey } : {}) });

describe('a money-moving call', () => {
  it('retries a 503 and a lost answer with the same key, after growing waits, and answers what finally came', async () => {
    const { money, keys, waits } = setup([503, 'network', 200]);
    await expect(approve(money)).resolves.toEqual({ id: 7, status: 'approved' });
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(waits).toEqual([100, 200]);
  });

  it('makes a new key for a new intent, and keeps a form\'s own key across its resubmissions', async () => {
    const { money, keys } = setup([200, 200, 200, 200]);
    await approve(money);
    await approve(money);
    expect(keys[0]).not.toBe(keys[1]);
    await approve(money, 'form-key-1');
    await approve(money, 'form-key-1');
    expect(keys.slice(2)).toEqual(['form-key-1', 'form-key-1']);
  });

  it.each([400, 403, 409, 422, 500])('does not retry a %i: the answer is final', async (status) => {
    const { money, keys } = setup([status]);
    const error = await approve(money).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(keys).toHaveLength(1);
  });

  it('gives up after its attempts, with the last in-doubt error', async () => {
    const { money, keys } = setup([503, 503, 503, 503, 200]);
    const error = await approve(money).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('counts only a 503 and no answer as in doubt', () => {
    expect([0, 503].map((s) => isInDoubt(new ApiError(s, 0, null)))).toEqual([true, true]);
    expect([400, 409, 500, 502].map((s) => isInDoubt(new ApiError(s, 0, null)))).toEqual([false, false, false, false]);
    expect(isInDoubt(new Error('x'))).toBe(false);
  });
});
