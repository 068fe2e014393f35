import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventRetries } from '../event-retries.ts';

describe('EventRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries a failed event again with growing waits until it applies', async () => {
    const tries: number[] = [];
    let failing = 3;
    const retries = new EventRetries<string>(
      async () => {
        tries.push(Date.now());
        if (failing-- > 0) throw new Error('database away');
      },
      { backoff: { baseMs: 100, capMs: 1_000 }, random: () => 0.999 },
    );
    const start = Date.now();
    retries.failed('a', 'event', new Error('first'));
    await vi.runAllTimersAsync();
    // waits just under 100, 200, 400, 800 ms: the fourth try applies
    expect(tries.map((t) => t - start)).toEqual([99, 99 + 199, 99 + 199 + 399, 99 + 199 + 399 + 799]);
    expect(retries.size()).toBe(0);
  });

  it('keeps one pending try per key: a later failure of the same key replaces the earlier event', async () => {
    const applied: string[] = [];
    const retries = new EventRetries<string>(async (e) => void applied.push(e), { backoff: { baseMs: 100, capMs: 1_000 }, random: () => 0.5 });
    retries.failed('xau', 'xau v1', new Error('x'));
    retries.failed('xau', 'xau v2', new Error('x'));
    retries.failed('xag', 'xag v1', new Error('x'));
    expect(retries.size()).toBe(2);
    await vi.runAllTimersAsync();
    expect(applied.sort()).toEqual(['xag v1', 'xau v2']);
  });

  it('tries nothing once stopped, and reports each failure', async () => {
    const failures: number[] = [];
    const apply = vi.fn(async () => {
      throw new Error('still away');
    });
    const retries = new EventRetries<string>(apply, { backoff: { baseMs: 100, capMs: 1_000 }, random: () => 0.5, onFailure: (_e, attempt) => failures.push(attempt) });
    retries.failed('a', 'event', new Error('first'));
    await vi.advanceTimersByTimeAsync(60);
    expect(apply).toHaveBeenCalledTimes(1);
    retries.stop();
    await vi.runAllTimersAsync();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(failures).toEqual([0, 1]);
    expect(retries.size()).toBe(0);
  });
});
