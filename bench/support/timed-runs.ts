/**
 * Timing of runs that are compared with each other, for the benches that sample request latencies
 * in this process: p50, p95, p99, CPU per run, and for the tail the runs slower than 3x their median
 * with the garbage collections of this process inside them.
 */
import { constants as perfConstants } from 'node:perf_hooks';
import { percentile } from './bench-kit.ts';

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  /** The runs slower than 3x the median: how many, and how many of them a garbage collection of this process overlapped, with its time inside them (and the major ones' part). */
  slow: { n: number; withGc: number; gcMs: number; majorMs: number };
  /** This process's CPU time per run (user + system), in microseconds: NaN where not measured. */
  cpuUs: number;
}

/** This process's garbage collections (start and end, performance.now() time), for the tail's profile. */
const collections: Array<{ start: number; end: number; major: boolean }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const kind = (e as { detail?: { kind?: number } }).detail?.kind ?? 0;
    collections.push({ start: e.startTime, end: e.startTime + e.duration, major: kind !== perfConstants.NODE_PERFORMANCE_GC_MINOR });
  }
}).observe({ entryTypes: ['gc'] });

/** How much of [t0, t1] garbage collections took, in ms, and how much of it major ones (mark-compact, incremental marking, weak callbacks). */
function gcInside(t0: number, t1: number): { ms: number; majorMs: number } {
  const within = collections.map((c) => ({ ms: Math.max(0, Math.min(t1, c.end) - Math.max(t0, c.start)), major: c.major }));
  return { ms: within.reduce((sum, c) => sum + c.ms, 0), majorMs: within.filter((c) => c.major).reduce((sum, c) => sum + c.ms, 0) };
}

/** The spans of one run, gathered over one or more sampling windows (sampleInTurn), and its CPU time. */
export interface Samples {
  spans: Array<[number, number]>;
  cpuUs: number;
}

export const noSamples = (): Samples => ({ spans: [], cpuUs: 0 });

/**
 * Runs that are compared with each other, sampled in turn (one of each per iteration, after the
 * warm-up), so that whatever else the machine does weighs on each alike; each run's spans are added
 * to its `into` (a bench that samples in several windows, say with a load on and off, gathers them
 * across the windows and sums them up with timingOf at the end).
 */
export async function sampleInTurn(runs: ReadonlyArray<() => Promise<unknown>>, iterations: number, warmup: number, into: readonly Samples[]): Promise<void> {
  for (let i = 0; i < warmup; i++) for (const run of runs) await run();
  for (let i = 0; i < iterations; i++) {
    for (const [k, run] of runs.entries()) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await run();
      into[k]!.spans.push([t0, performance.now()]);
      const c = process.cpuUsage(c0);
      into[k]!.cpuUs += c.user + c.system;
    }
  }
}

/** A run's percentiles, CPU per run and tail (the collections of this process seen since the last timedTogether). */
export function timingOf(samples: Samples): Timing {
  const sorted = samples.spans.map(([t0, t1]) => t1 - t0).sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  const gc = samples.spans.filter(([t0, t1]) => t1 - t0 > 3 * median).map(([t0, t1]) => gcInside(t0, t1));
  return {
    p50: median,
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    cpuUs: samples.cpuUs / samples.spans.length,
    slow: { n: gc.length, withGc: gc.filter((g) => g.ms > 0).length, gcMs: gc.reduce((a, g) => a + g.ms, 0), majorMs: gc.reduce((a, g) => a + g.majorMs, 0) },
  };
}

/** Runs that are compared with each other, sampled in turn in one window (sampleInTurn). */
export async function timedTogether(runs: ReadonlyArray<() => Promise<unknown>>, iterations: number, warmup: number): Promise<Timing[]> {
  const into = runs.map(noSamples);
  for (let i = 0; i < warmup; i++) for (const run of runs) await run();
  collections.length = 0;
  await sampleInTurn(runs, iterations, 0, into);
  return into.map(timingOf);
}

/** One run alone, timed the same way. */
export async function timed(run: () => Promise<unknown>, iterations: number, warmup: number): Promise<Timing> {
  const [timing] = await timedTogether([run], iterations, warmup);
  return timing!;
}
