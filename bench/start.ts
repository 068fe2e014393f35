/**
 * bench/start: how long `npm start` takes to answer GET /healthz (PGlite mode, as a fresh clone
 * runs it), timed from the spawn of `npm start`:
 *   - with an up-to-date build and an existing data folder (the goal: at most 2 s);
 *   - with an up-to-date build and an empty data folder (PGlite creates the cluster, migrates, seeds);
 *   - the baseline: a bare `node:http` server answering /healthz, spawned the same way through npm
 *     (`npm exec node`), i.e. what npm and Node cost before any of Aurum runs.
 * The build is brought up to date first (untimed; `npm start` itself checks the stamp of
 * apps/web/scripts/build-stamp.ts and builds only when the console's sources changed).
 *
 *   node bench/start.ts [--runs 3]
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { consoleUpToDate } from '../apps/web/scripts/build-stamp.ts';
import { processAlive } from '../apps/server/src/db/data-dir-lock.ts';
import { fmt, reportBench, ROOT, sleep } from './support/bench-kit.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const GOAL_MS = 1500;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Spawns `npm <args>` in its own process group, times it to the first 200 of /healthz, then ends the group. */
async function timeToHealthy(npmArgs: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', npmArgs, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`npm ${npmArgs.join(' ')} exited before /healthz answered: ${stderr.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - t0;
      if (performance.now() - t0 > 120_000) throw new Error('no /healthz within 120 s');
      await sleep(10);
    }
  } finally {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
    // npm is gone at once; the server under it still closes its database: the next start on the
    // same data folder waits for its lock to go
    if (env.DATA_DIR) await dataFolderFree(env.DATA_DIR);
  }
}

/** Waits until no running process holds the data folder's lock (apps/server/src/db/data-dir-lock.ts). */
async function dataFolderFree(dir: string): Promise<void> {
  const lock = join(dir, 'aurum.lock');
  for (const t0 = performance.now(); performance.now() - t0 < 30_000; await sleep(10)) {
    if (!existsSync(lock)) return;
    const pid = (JSON.parse(readFileSync(lock, 'utf8') || '{}') as { pid?: number }).pid;
    if (pid === undefined || !processAlive(pid)) return;
  }
  throw new Error(`the data folder ${dir} is still locked 30 s after its server was stopped`);
}

if (!consoleUpToDate()) {
  console.log('building the console first (its sources changed; untimed)');
  execFileSync('npm', ['run', 'build', '-w', '@aurum/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

const BARE = `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(process.env.PORT, process.env.HOST)`;
const rows: Array<{ name: string; ms: number[] }> = [
  { name: 'npm start, empty data folder (seed)', ms: [] },
  { name: 'npm start, up-to-date build and data', ms: [] },
  { name: 'bare node:http through npm (baseline)', ms: [] },
];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-start-'));
  try {
    // a start is timed, not the drain a SIGTERM begins (README "Run in production")
    const env = { DATA_DIR: dataDir, NODE_ENV: 'development', DRAIN_SECONDS: '0' };
    rows[0]!.ms.push(await timeToHealthy(['start'], env));
    rows[1]!.ms.push(await timeToHealthy(['start'], env));
    rows[2]!.ms.push(await timeToHealthy(['exec', '--offline', '--', 'node', '-e', BARE], {}));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
console.log(`start to /healthz, PGlite mode, ${RUNS} runs (ms)\n`);
for (const r of rows) console.log(`${r.name.padEnd(40)} median ${fmt(median(r.ms), 0).padStart(6)}   runs ${r.ms.map((v) => fmt(v, 0)).join(', ')}`);
console.log('');
const warm = median(rows[1]!.ms);
const bare = median(rows[2]!.ms);
reportBench({ bench: 'start', what: 'npm start to /healthz, up-to-date build', figure: warm, baseline: bare, unit: 'ms', goal: `<= ${GOAL_MS} ms`, met: warm <= GOAL_MS });
reportBench({ bench: 'start', what: 'npm start to /healthz, empty data folder', figure: median(rows[0]!.ms), baseline: bare, unit: 'ms', goal: 'report', met: true });
