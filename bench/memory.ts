/**
 * bench/memory: the server's memory in PGlite mode (the embedded database, as `npm start` runs
 * it), from /proc: VmRSS once idle and VmHWM (the peak) of
 *   - the first start on an empty data folder (PGlite creates the cluster, migrates, seeds the
 *     demo data), then --idle-seconds of idling with the price feed and the jobs running;
 *   - a second start on the same folder;
 *   - the baselines: a bare PGlite process holding the same data folder, and one creating a new
 *     cluster (bench/support/bare-pglite.ts, through the server's own openPglite).
 * Each process runs with the Node flags of `npm start` (PGLITE_NODE_FLAGS; --tier-up: without
 * them) and is preloaded with bench/support/memory-probe.ts, which tells where the memory is
 * (JavaScript heap, buffers, PGlite's WebAssembly memory).
 *
 *   node bench/memory.ts [--idle-seconds 15] [--tier-up]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGLITE_NODE_FLAGS } from '../apps/server/src/db/pglite-db.ts';
import { fmt, reportBench, rssMb, sleep, startProcess, stopProcess } from './support/bench-kit.ts';

const { values } = parseArgs({ options: { 'idle-seconds': { type: 'string', default: '15' }, 'tier-up': { type: 'boolean', default: false } } });
const IDLE_MS = Number(values['idle-seconds']) * 1000;
const GOAL_IDLE_MB = 350;
const GOAL_PEAK_MB = 600;
/** As `npm start` runs the server (package.json); --tier-up leaves V8's default (optimizing WebAssembly too) for comparison. */
const NODE_FLAGS = values['tier-up'] ? [] : [...PGLITE_NODE_FLAGS];
const PROBE = [...NODE_FLAGS, '--import', './bench/support/memory-probe.ts'];

interface Probe {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
  wasmCount: number;
}

interface Measured {
  idleRss: number;
  /** The process's own VmHWM. */
  peak: number;
  /** With its child processes (the server creates a new database's cluster in one): the most the tree held at once. */
  treePeak: number;
  childPeak: number;
  readyMs: number;
  /** The probe's last line once idle, and its line of the highest RSS. */
  idle: Probe;
  atPeak: Probe;
}

async function measure(args: string[], env: Record<string, string>, ready: RegExp): Promise<Measured> {
  const probes: Probe[] = [];
  const t0 = performance.now();
  let pid = 0;
  let treePeak = 0;
  let childPeak = 0;
  const childPeaks = new Map<number, number>();
  // every 10 ms: the process's resident memory plus the peak of each child it runs (a child's
  // VmHWM only grows, so a sample before it exits holds nearly all of its peak)
  const poll = setInterval(() => {
    if (!pid) return;
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)) {
        childPeaks.set(child, Math.max(childPeaks.get(child) ?? 0, rssMb(child).peak || 0));
      }
      const children = [...childPeaks.values()];
      childPeak = Math.max(childPeak, ...children);
      treePeak = Math.max(treePeak, rssMb(pid).rss + children.reduce((a, b) => a + b, 0));
      childPeaks.clear();
    } catch {
      // a process that just exited
    }
  }, 10);
  const started = await startProcess(
    [...PROBE, ...args],
    env,
    ready,
    (line) => {
      if (line.startsWith('MEM ')) probes.push(JSON.parse(line.slice(4)) as Probe);
    },
    (child) => (pid = child.pid!),
  );
  const readyMs = performance.now() - t0;
  try {
    await sleep(IDLE_MS);
    const { rss, peak } = rssMb(started.child.pid!);
    const idle = probes[probes.length - 1]!;
    const atPeak = probes.reduce((a, b) => (b.rss > a.rss ? b : a));
    return { idleRss: rss, peak, treePeak: Math.max(treePeak, peak), childPeak, readyMs, idle, atPeak };
  } finally {
    clearInterval(poll);
    await stopProcess(started.child);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-memory-'));
const serverEnv = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };
const serverReady = /Aurum console: http/;
try {
  console.log(`memory, PGlite mode: RSS after ${IDLE_MS / 1000} s idle and the peak (VmHWM), node ${process.version} ${NODE_FLAGS.join(' ')}\n`);
  const first = await measure(['apps/server/src/server.ts'], serverEnv, serverReady);
  const second = await measure(['apps/server/src/server.ts'], serverEnv, serverReady);
  const bare = await measure(['bench/support/bare-pglite.ts', join(dataDir, 'pg')], {}, /^ready/m);
  const emptyDir = mkdtempSync(join(tmpdir(), 'aurum-bench-memory-'));
  const bareNew = await measure(['bench/support/bare-pglite.ts', join(emptyDir, 'pg')], {}, /^ready/m).finally(() => rmSync(emptyDir, { recursive: true, force: true }));
  console.log(
    'process                       idle RSS MB  peak MB  with children MB  ready ms | idle: heap  external  wasm | at peak: rss  heap  wasm (memories)',
  );
  for (const [name, m] of [
    ['server, first start (seed)', first],
    ['server, second start', second],
    ['bare PGlite, same folder', bare],
    ['bare PGlite, new cluster', bareNew],
  ] as const) {
    console.log(
      `${name.padEnd(29)} ${fmt(m.idleRss, 0).padStart(11)} ${fmt(m.peak, 0).padStart(8)} ${fmt(m.treePeak, 0).padStart(17)} ${fmt(m.readyMs, 0).padStart(9)} | ` +
        `${fmt(m.idle.heapUsed, 0).padStart(10)} ${fmt(m.idle.external, 0).padStart(9)} ${fmt(m.idle.wasm, 0).padStart(5)} | ` +
        `${fmt(m.atPeak.rss, 0).padStart(12)} ${fmt(m.atPeak.heapUsed, 0).padStart(5)} ${fmt(m.atPeak.wasm, 0).padStart(5)} (${m.atPeak.wasmCount})`,
    );
  }
  console.log(`(with children: the process's resident memory plus the peak of the child that creates a new cluster, ${fmt(first.childPeak, 0)} MB at the first start)`);
  console.log('');
  reportBench({ bench: 'memory', what: 'PGlite mode idle RSS after the demo seed', figure: first.idleRss, baseline: bare.idleRss, unit: 'MB', goal: `<= ${GOAL_IDLE_MB} MB`, met: first.idleRss <= GOAL_IDLE_MB });
  reportBench({
    bench: 'memory',
    what: 'PGlite mode peak RSS at first start (with its child)',
    figure: first.treePeak,
    baseline: bareNew.treePeak,
    unit: 'MB',
    goal: `<= ${GOAL_PEAK_MB} MB`,
    met: first.treePeak <= GOAL_PEAK_MB,
  });
  reportBench({ bench: 'memory', what: 'PGlite mode idle RSS, second start', figure: second.idleRss, baseline: bare.idleRss, unit: 'MB', goal: `<= ${GOAL_IDLE_MB} MB`, met: second.idleRss <= GOAL_IDLE_MB });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
