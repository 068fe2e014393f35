/**
 * bench/socket-fanout: with 1,000 and 5,000 sockets connected to the live socket of a real server
 * process, the delay from a price change (an admin sets a manual gold price) to its arrival at
 * every socket (p50, p99), and the server's CPU time per change; next to a bare `ws` broadcast
 * server measured the same way in the same run. Prints the figures and their ratios.
 *
 *   npm run bench -- [--sizes 1000,5000] [--ticks 8]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,5000' }, ticks: { type: 'string', default: '8' } } });
const SIZES = values.sizes!.split(',').map(Number);
const TICKS = Number(values.ticks);
const GAP_MS = 1700; // above the 1500 ms price throttle, so every change goes straight through

function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(ready);
      if (m) resolve({ child, match: m });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out.slice(-2000)}`)));
  });
}

/** CPU time (user + system) of a process in milliseconds, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function connectAll(url: string, n: number, onMessage: (data: string, at: number) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = 200;
  for (let i = 0; i < n; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('message', (d) => onMessage(d.toString(), performance.now()));
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
}

async function measure(n: number, connectUrl: string, pid: number, change: (i: number) => Promise<void>, marker: (data: string) => number | null): Promise<Result> {
  const arrivals = new Map<number, number[]>();
  const sockets = await connectAll(connectUrl, n, (data, at) => {
    const tick = marker(data);
    if (tick === null) return;
    const list = arrivals.get(tick) ?? [];
    list.push(at);
    arrivals.set(tick, list);
  });
  await new Promise((r) => setTimeout(r, 2500)); // let the connect burst settle and the throttle window pass
  const sentAt = new Map<number, number>();
  const cpuBefore = cpuMs(pid);
  for (let i = 1; i <= TICKS; i++) {
    sentAt.set(i, performance.now());
    await change(i);
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  const cpuAfter = cpuMs(pid);
  const delays: number[] = [];
  for (const [tick, at] of arrivals) {
    const t0 = sentAt.get(tick);
    if (t0 === undefined) continue;
    for (const a of at) delays.push(a - t0);
  }
  delays.sort((a, b) => a - b);
  for (const ws of sockets) ws.terminate();
  return { p50: percentile(delays, 50), p99: percentile(delays, 99), cpuPerTick: (cpuAfter - cpuBefore) / TICKS, delivered: delays.length, expected: n * TICKS };
}

/**
 * An outside provider that answers once and then stays silent: the server gets quotes to price
 * from, and afterwards only the bench's price changes move the price (no feed ticks in between).
 */
async function onceProvider(): Promise<{ url: string; close(): void }> {
  let served = false;
  const server = createServer((_req, res) => {
    if (served) return void res.writeHead(503).end();
    served = true;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        metals: { xau: { bid: '2650.00', ask: '2651.00' }, xpt: { bid: '980.00', ask: '981.00' }, xag: { bid: '31.40', ask: '31.60' } },
        usdMyr: { bid: '4.4700', ask: '4.4800' },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/quotes`, close: () => server.close() };
}

async function benchAurum(n: number): Promise<Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-'));
  const provider = await onceProvider();
  const { child, match } = await startProcess(
    ['apps/server/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      PRICE_SOURCE: 'http',
      PRICE_SOURCE_URL: provider.url,
      PRICE_STALE_SECONDS: '3600',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    /Aurum console: (http:\/\/127\.0\.0\.1:\d+)\//,
  );
  const base = match[1]!;
  try {
    const login = async (user: string, password: string) => {
      const r = await fetch(`${base}/v0/web/auth/admin/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
      });
      return ((await r.json()) as { jwt: string }).jwt;
    };
    const viewer = await login('viewer', 'Viewer#Read1');
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
      `${base.replace('http', 'ws')}/v0/admin/subscribe/ws_v2?token=${viewer}`,
      child.pid!,
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
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBare(n: number): Promise<Result> {
  const { child, match } = await startProcess([join('bench', 'bare-ws-server.ts')], {}, /listening (\d+)/);
  const port = match[1]!;
  try {
    return await measure(
      n,
      `ws://127.0.0.1:${port}/`,
      child.pid!,
      (i) => fetch(`http://127.0.0.1:${port}/broadcast`, { method: 'POST', body: JSON.stringify({ type: 'Price', data: { tick: i, pad: 'x'.repeat(300) } }) }).then(() => undefined),
      (data) => (JSON.parse(data) as { data: { tick: number } }).data.tick,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
console.log(`socket fan-out: ${TICKS} price changes ${GAP_MS} ms apart per size; delay = change sent -> frame received\n`);
console.log('sockets  server        p50 ms   p99 ms   cpu ms/change  delivered      p50 x   p99 x   cpu x');
for (const n of SIZES) {
  const bare = await benchBare(n);
  const aurum = await benchAurum(n);
  for (const [name, r] of [['bare ws', bare], ['aurum', aurum]] as const) {
    const ratio = (a: number, b: number) => (name === 'bare ws' ? '1.0' : fmt(a / b));
    console.log(
      `${String(n).padStart(7)}  ${name.padEnd(10)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.cpuPerTick).padStart(14)}  ${`${r.delivered}/${r.expected}`.padStart(11)}  ${ratio(r.p50, bare.p50).padStart(6)}  ${ratio(r.p99, bare.p99).padStart(6)}  ${ratio(r.cpuPerTick, bare.cpuPerTick).padStart(6)}`,
    );
  }
}
