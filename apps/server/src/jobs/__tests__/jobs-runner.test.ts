import { describe, expect, it, vi } from 'vitest';
import { intervalJob, JobsRunner, type JobRunListener } from '../jobs-runner.ts';

describe('JobsRunner.onRun', () => {
  it("tells of every run of an interval job, timed or by runOnce, and whether it failed; the run's error still reaches its caller", async () => {
    let fail = false;
    const onError = vi.fn();
    const runs: Array<[string, boolean]> = [];
    const listener: JobRunListener = (job, run) => runs.push([job, run.ok]);
    const runner = new JobsRunner([
      intervalJob('flaky', {
        everyMs: 5,
        run: () => {
          if (fail) throw new Error('boom');
        },
        onError,
      }),
    ]);
    runner.onRun(listener);
    await runner.get('flaky').runOnce();
    fail = true;
    await expect(runner.get('flaky').runOnce()).rejects.toThrow('boom');
    expect(runs).toEqual([
      ['flaky', true],
      ['flaky', false],
    ]);
    runner.start();
    await vi.waitUntil(() => onError.mock.calls.length >= 1, { timeout: 5_000, interval: 5 });
    await runner.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.slice(2).every(([, ok]) => !ok)).toBe(true);
  });
});
