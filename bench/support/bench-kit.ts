/**
 * What the benches share: starting a process and waiting for its ready line, percentiles, CPU
 * time from /proc, a light HTTP client, and the machine-readable result line that bench/run-all.ts gathers into one
 * summary table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** The prefix of a result line: `BENCH {json}` (one per figure; see BenchResult). */
export const BENCH_PREFIX = 'BENCH ';

/** One figure of a bench, next to its baseline measured in the same run. */
export interface BenchResult {
  /** Which bench printed it (socket-fanout, sign-in-page, ...). */
  bench: string;
  /** What is measured, as the summary table shows it. */
  what: string;
  figure: number;
  /** The bare baseline measured in the same run, or null when the goal is an absolute limit. */
  baseline: number | null;
  unit: string;
  /** The goal as text ("<= 1.5x", "<= 100 ms"). */
  goal: string;
  /** figure / baseline when there is a baseline. */
  ratio: number | null;
  met: boolean;
}

/** Prints one result line (stdout) for bench/run-all.ts; also readable by a person. */
export function reportBench(result: Omit<BenchResult, 'ratio'> & { ratio?: number | null }): void {
  const ratio = result.ratio !== undefined ? result.ratio : result.baseline ? result.figure / result.baseline : null;
  console.log(`${BENCH_PREFIX}${JSON.stringify({ ...result, ratio })}`);
}

export interface Started {
  child: ChildProcess;
  match: RegExpMatchArray;
  /** Everything the process wrote so far (stdout and stderr), and from now on. */
  output(): string;
}

/**
 * Spawns `node <args>` in the repository root and resolves once its output matches `ready`; rejects
 * when it exits first. `onLine` sees every line it writes (stdout and stderr); `onSpawn` gets the
 * process at once (its pid, before it is ready).
 */
export function startProcess(
  args: readonly string[],
  env: Record<string, string>,
  ready: RegExp,
  onLine?: (line: string) => void,
  onSpawn?: (child: ChildProcess) => void,
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    onSpawn?.(child);
    let out = '';
    let matched = false;
    const partial = { stdout: '', stderr: '' };
    const onData = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
      const text = d.toString();
      out += text;
      if (out.length > 1_000_000) out = out.slice(-200_000);
      if (onLine) {
        const lines = (partial[stream] + text).split('\n');
        partial[stream] = lines.pop()!;
        for (const line of lines) onLine(line);
      }
      if (matched) return;
      const m = out.match(ready);
      if (m) {
        matched = true;
        resolve({ child, match: m, output: () => out });
      }
    };
    child.stdout!.on('data', onData('stdout'));
    child.stderr!.on('data', onData('stderr'));
    child.on('exit', (code) => {
      if (!matched) reject(new Error(`${args.join(' ')} exited ${code}: ${out.slice(-2000)}`));
    });
  });
}

/** Ends a process started here and waits for its exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** CPU time (user + system) of a process in milliseconds, from /proc. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Resident memory (VmRSS) and its peak (VmHWM) of a process in MB, from /proc. */
export function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `check` holds (polling every `everyMs`), or throws after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The PostgreSQL server the benches create their databases on. */
export function benchPostgresUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export const fmt = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

const keepAlive = new Agent({ keepAlive: true });

/**
 * A POST of JSON over one kept-alive connection through node:http: a client in the bench's own process
 * costs the server's CPU, and fetch's streams cost about 0.2 ms more per call than this.
 */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: keepAlive, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A GET over the same kept-alive connection (see postJson): the answer's status and text. */
export function getText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', agent: keepAlive, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
