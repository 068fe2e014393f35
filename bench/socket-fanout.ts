/**
 * bench/socket-fanout: 5,000 sockets on the live socket of a real server process for at least
 * three periods of its housekeeping (the expiry sweep and the keep-alive ping run every 30 s),
 * while the feed ticks every second (its USD/MYR rate moving, so every socket's throttle slot is
 * in use) and an admin changes the gold price at least 60 times, 1.7 to 2.4 s apart, off the
 * feed's tick. Measures
 *   - the delay from a price change (POST price/manual) to its arrival at every socket: p50, p99;
 *   - the server's event loop (bench/support/loop-monitor.ts, preloaded): the longest pause
 *     outside the price fan-outs (housekeeping: sweep, ping, timers) and the longest overall;
 *   - the server's CPU time per change;
 * for Aurum on PostgreSQL and on PGlite, next to a bare `ws` broadcast server
 * (bench/bare-ws-server.ts) measured the same way in the same run. The sockets belong to
 * --sessions sessions (round robin), as consoles of several admins would.
 *
 *   node bench/socket-fanout.ts [--sockets 5000] [--periods 3] [--db postgres,pglite] [--sessions 200]
 *   (PostgreSQL: a fresh database on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 *   postgres://postgres@127.0.0.1:5432/postgres; dropped at the end)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { PGLITE_NODE_FLAGS } from '../apps/server/src/db/pglite-db.ts';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { benchPostgresUrl, cpuMs, fmt, percentile, reportBench, sleep, startProcess, stopProcess } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    periods: { type: 'string', default: '3' },
    db: { type: 'string', default: 'postgres,pglite' },
    sessions: { type: 'string', default: '200' },
  },
});
const SOCKETS = Number(values.sockets);
/** The period of the server's socket housekeeping (socket-hub.ts: socketSweep, socketPing). */
const HOUSEKEEPING_MS = 30_000;
const PERIODS = Number(values.periods);
const SESSIONS = Math.max(1, Math.min(Number(values.sessions), SOCKETS));
const DRIVERS = values.db!.split(',').filter(Boolean) as Array<'postgres' | 'pglite'>;
/**
 * The gap before change i: 1.7 to 2.4 s in an order no period shares, so changes land anywhere
 * between two of the feed's ticks (1 s) and the client's throttle slots (1.5 s), never on them.
 */
const GAP_MS = 1700;
const gapBefore = (i: number) => GAP_MS + ((i * 613) % 700);
/** Changes until PERIODS housekeeping periods have passed (plus one spare), and at least 60. */
const TICKS = Math.max(60, Math.ceil((PERIODS * HOUSEKEEPING_MS + 2 * GAP_MS) / (GAP_MS + 350)));
const LOOP_MONITOR = ['--import', './bench/support/loop-monitor.ts'];
/** BENCH_VERBOSE=1: list every pause over 50 ms with its time. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const GOAL_P99 = 1.5;
const GOAL_PAUSE_MS = 100;
process.env.TEST_DATABASE_URL = benchPostgresUrl();

async function connectAll(urls: readonly string[], n: number, onMessage: (socket: number, data: string, at: number) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = 200;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, (_, j) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(urls[(i + j) % urls.length]!);
          ws.on('message', (d) => onMessage(i + j, d.toString(), Date.now()));
          ws.on('open', () => resolve());
          ws.on('error', reject);
          sockets.push(ws);
        }),
      ),
    );
  }
  return sockets;
}

interface Result {
  p50: number;
  p99: number;
  cpuPerTick: number;
  delivered: number;
  expected: number;
  /** Longest event-loop pause outside the fan-outs of the changes (ms). */
  housekeepingPause: number;
  /** Longest event-loop pause of the run (ms). */
  maxPause: number;
  seconds: number;
}

/** The event-loop windows the monitor reported: [start, end] epoch ms and the longest delay in it. */
type LoopWindow = { end: number; max: number };

function loopCollector(): { windows: LoopWindow[]; onLine: (line: string) => void } {
  const windows: LoopWindow[] = [];
  return {
    windows,
    onLine(line) {
      const m = /^LOOP (\d+) ([\d.]+)$/.exec(line);
      if (m) windows.push({ end: Number(m[1]), max: Number(m[2]) });
    },
  };
}

async function measure(
  n: number,
  connectUrls: readonly string[],
  pid: number,
  loop: LoopWindow[],
  change: (i: number) => Promise<void>,
  marker: (data: string) => number | null,
): Promise<Result> {
  // the first frame showing change i on each socket: a feed tick that carries the same price later is not an arrival
  const arrivals = new Map<number, Map<number, number>>();
  const sockets = await connectAll(connectUrls, n, (socket, data, at) => {
    const tick = marker(data);
    if (tick === null) return;
    const seen = arrivals.get(tick) ?? new Map<number, number>();
    if (!seen.has(socket)) seen.set(socket, at);
    arrivals.set(tick, seen);
  });
  await sleep(2500); // let the connect burst settle and the throttle window pass
  const sentAt = new Map<number, number>();
  const cpuBefore = cpuMs(pid);
  const t0 = Date.now();
  for (let i = 1; i <= TICKS; i++) {
    sentAt.set(i, Date.now());
    await change(i);
    await sleep(gapBefore(i + 1));
  }
  const t1 = Date.now();
  const cpuAfter = cpuMs(pid);
  const delays: number[] = [];
  const spans: Array<[number, number]> = [];
  for (const [tick, seen] of arrivals) {
    const at = [...seen.values()];
    const sent = sentAt.get(tick);
    if (sent === undefined) continue;
    for (const a of at) delays.push(a - sent);
    spans.push([sent, Math.max(...at) + 50]);
    if (VERBOSE) console.log(`  change ${tick} at +${((sent - t0) / 1000).toFixed(1)} s: last arrival after ${(Math.max(...at) - sent).toFixed(0)} ms`);
  }
  delays.sort((a, b) => a - b);
  for (const ws of sockets) ws.terminate();
  // a window's pause happened between (its end - 100 ms - the pause) and its end: housekeeping
  // when that interval meets no change's span (sent -> last arrival)
  let housekeepingPause = 0;
  let maxPause = 0;
  for (const w of loop) {
    if (w.end < t0 || w.end > t1 + 500) continue;
    maxPause = Math.max(maxPause, w.max);
    const start = w.end - 100 - w.max;
    const duringChange = spans.some(([a, b]) => start <= b && w.end >= a);
    if (!duringChange) housekeepingPause = Math.max(housekeepingPause, w.max);
    if (VERBOSE && w.max > 50) console.log(`  pause ${w.max.toFixed(0)} ms at +${((w.end - t0) / 1000).toFixed(1)} s${duringChange ? ' (during a change)' : ''}`);
  }
  return {
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    cpuPerTick: (cpuAfter - cpuBefore) / TICKS,
    delivered: delays.length,
    expected: n * TICKS,
    housekeepingPause,
    maxPause,
    seconds: (t1 - t0) / 1000,
  };
}

/**
 * An outside provider that keeps answering, its USD/MYR rate moving a little on every call: the
 * feed's ticks keep every socket's throttle slot in use, as on a trading day, while the admin's
 * manual gold price holds the USD price the bench reads its changes from.
 */
async function movingProvider(): Promise<{ url: string; close(): void }> {
  let calls = 0;
  const server = createServer((_req, res) => {
    calls += 1;
    const bid = (4.47 + (calls % 20) / 10_000).toFixed(4);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        metals: { xau: { bid: '2650.00', ask: '2651.00' }, xpt: { bid: '980.00', ask: '981.00' }, xag: { bid: '31.40', ask: '31.60' } },
        usdMyr: { bid, ask: (Number(bid) + 0.01).toFixed(4) },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/quotes`, close: () => server.close() };
}

async function benchAurum(n: number, driver: 'postgres' | 'pglite'): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-'));
  const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
  const provider = await movingProvider();
  const loop = loopCollector();
  const { child, match } = await startProcess(
    [...PGLITE_NODE_FLAGS, ...LOOP_MONITOR, 'apps/server/src/server.ts'], // as `npm start` runs it
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      PRICE_SOURCE: 'http',
      PRICE_SOURCE_URL: provider.url,
      PRICE_STALE_SECONDS: '3600',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    /Aurum console: (http:\/\/127\.0\.0\.1:\d+)\//,
    loop.onLine,
  );
  const base = match[1]!;
  try {
    const login = async (user: string, password: string) => {
      const r = await fetch(`${base}/v0/web/auth/admin/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      });
      if (r.status !== 200) throw new Error(`login refused: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { jwt: string }).jwt;
    };
    const viewers: string[] = [];
    for (let i = 0; i < SESSIONS; i++) viewers.push(await login('viewer', 'Viewer#Read1'));
    const admin = await login('admin', 'Aurum#Demo2026');
    const setPrice = (bid: string) =>
      fetch(`${base}/v0/web/secure/price/manual`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ metal: 'xau', bid, ask: (Number(bid) + 1).toFixed(2), expiresAt: null }),
      }).then(async (r) => {
        if (r.status !== 200) throw new Error(`manual price refused: ${r.status} ${await r.text()}`);
      });
    return await measure(
      n,
      viewers.map((jwt) => `${base.replace('http', 'ws')}/v0/admin/subscribe/ws_v2?token=${jwt}`),
      child.pid!,
      loop.windows,
      // change i sets the gold bid to 2000 + 10 i: the USD buy price (ask + spread) tells which change arrived
      // (the path measured: HTTP -> transaction -> NOTIFY -> reload -> recompute -> fan-out)
      (i) => setPrice((2000 + 10 * i).toFixed(2)),
      (data) => {
        const m = JSON.parse(data) as { type: string; data: { source?: string; usd?: { buy: string } } };
        if (m.type !== 'Price' || m.data.source !== 'manual' || !m.data.usd) return null;
        return Math.floor((Number(m.data.usd.buy) - 2001) / 10);
      },
    );
  } finally {
    await stopProcess(child);
    provider.close();
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare(n: number): Promise<Result> {
  const loop = loopCollector();
  const { child, match } = await startProcess([...LOOP_MONITOR, join('bench', 'bare-ws-server.ts')], {}, /listening (\d+)/, loop.onLine);
  const port = match[1]!;
  try {
    return await measure(
      n,
      [`ws://127.0.0.1:${port}/`],
      child.pid!,
      loop.windows,
      (i) => fetch(`http://127.0.0.1:${port}/broadcast`, { method: 'POST', body: JSON.stringify({ type: 'Price', data: { tick: i, pad: 'x'.repeat(300) } }) }).then(() => undefined),
      (data) => (JSON.parse(data) as { data: { tick: number } }).data.tick,
    );
  } finally {
    await stopProcess(child);
  }
}

console.log(
  `socket fan-out: ${SOCKETS} sockets (${SESSIONS} sessions), ${TICKS} price changes ${GAP_MS}-${GAP_MS + 699} ms apart, the feed ticking every 1 s ` +
    `(${PERIODS} housekeeping periods of ${HOUSEKEEPING_MS / 1000} s); delay = change sent -> frame received\n`,
);
console.log('server            p50 ms   p99 ms  housekeeping pause ms  max pause ms  cpu ms/change   delivered   p50 x   p99 x');
const bare = await benchBare(SOCKETS);
const print = (name: string, r: Result) =>
  console.log(
    `${name.padEnd(16)} ${fmt(r.p50).padStart(7)} ${fmt(r.p99).padStart(8)} ${fmt(r.housekeepingPause).padStart(22)} ${fmt(r.maxPause).padStart(13)} ` +
      `${fmt(r.cpuPerTick).padStart(14)} ${`${r.delivered}/${r.expected}`.padStart(15)} ${fmt(r.p50 / bare.p50).padStart(7)} ${fmt(r.p99 / bare.p99).padStart(7)}`,
  );
print('bare ws', bare);
const results: Array<[string, Result]> = [];
for (const driver of DRIVERS) {
  const r = await benchAurum(SOCKETS, driver);
  results.push([driver, r]);
  print(`aurum ${driver}`, r);
}
console.log(`(${bare.seconds.toFixed(0)} s of changes per server; pauses from the server's event-loop delay, 100 ms windows)\n`);
for (const [driver, r] of results) {
  reportBench({
    bench: 'socket-fanout',
    what: `socket p99 change-to-arrival, ${SOCKETS} sockets, ${driver}`,
    figure: r.p99,
    baseline: bare.p99,
    unit: 'ms',
    goal: `<= ${GOAL_P99}x bare ws`,
    met: r.p99 <= GOAL_P99 * bare.p99 && r.delivered === r.expected,
  });
  reportBench({
    bench: 'socket-fanout',
    what: `socket longest housekeeping pause, ${driver}`,
    figure: r.housekeepingPause,
    baseline: bare.housekeepingPause,
    unit: 'ms',
    goal: `<= ${GOAL_PAUSE_MS} ms`,
    met: r.housekeepingPause <= GOAL_PAUSE_MS,
  });
}
