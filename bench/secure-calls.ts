/**
 * bench/secure-calls: requests per second of secure calls on a real server process, next to a bare
 * Fastify answering the same thing in the same run (bench/support/bare-api-server.ts):
 *   - GET mode (one small row) vs a bare route answering the same JSON, with 10 and 50
 *     connections, on PostgreSQL and on PGlite;
 *   - GET user/list (first page) vs the same list query served bare (PostgreSQL);
 *   - one GraphQL orders page (adminOrdersConnection, first 20, the console's fields and total)
 *     (the console's own query, apps/web/.../orders-connection-query.ts) vs the same keyset page and timeline rows served bare (PostgreSQL).
 * Load by autocannon from this process, Aurum and the bare server in alternating one-second slices
 * (--seconds of each); beside req/s, the CPU time each process spent per request. The server runs
 * as `npm start` runs it. Goal: at least half of the bare figure (decisions 0924, 0930).
 *
 *   node bench/secure-calls.ts [--seconds 5] [--db postgres,pglite]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ORDERS_CONNECTION_QUERY } from '../apps/web/src/features/orders/api/orders-connection-query.ts';
import { PGLITE_NODE_FLAGS } from '../apps/server/src/db/pglite-db.ts';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { benchPostgresUrl, cpuMs, fmt, reportBench, startProcess, stopProcess } from './support/bench-kit.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, db: { type: 'string', default: 'postgres,pglite' } } });
const SECONDS = Number(values.seconds);
const DRIVERS = values.db!.split(',').filter(Boolean) as Array<'postgres' | 'pglite'>;
const GOAL = 0.5;
process.env.TEST_DATABASE_URL = benchPostgresUrl();

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Side {
  load: Load;
  pid: number;
}

interface Figure {
  reqPerSecond: number;
  /** CPU time of the answering process per request (user + system), in microseconds. */
  cpuUsPerRequest: number;
}

/** One second of load; fails on any non-2xx answer. */
async function slice(side: Side, connections: number, seconds: number): Promise<{ requests: number; seconds: number; cpuMs: number }> {
  const { load } = side;
  const cpu0 = cpuMs(side.pid);
  const r = await autocannon({ url: load.url, method: load.method ?? 'GET', headers: load.headers, body: load.body, connections, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${load.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { requests: r.requests.total, seconds: r.duration, cpuMs: cpuMs(side.pid) - cpu0 };
}

/**
 * Aurum and the bare server under the same load, in alternating one-second slices (SECONDS of
 * each, after a second of warm-up each), so that whatever else the machine does weighs on both alike.
 */
async function pair(aurum: Side, bare: Side, connections: number): Promise<{ aurum: Figure; bare: Figure }> {
  await slice(bare, connections, 1);
  await slice(aurum, connections, 1);
  const sums = { aurum: { requests: 0, seconds: 0, cpuMs: 0 }, bare: { requests: 0, seconds: 0, cpuMs: 0 } };
  for (let i = 0; i < SECONDS; i++) {
    for (const [name, side] of [['bare', bare], ['aurum', aurum]] as const) {
      const r = await slice(side, connections, 1);
      sums[name].requests += r.requests;
      sums[name].seconds += r.seconds;
      sums[name].cpuMs += r.cpuMs;
    }
  }
  const figure = (x: { requests: number; seconds: number; cpuMs: number }): Figure => ({
    reqPerSecond: x.requests / x.seconds,
    cpuUsPerRequest: (x.cpuMs * 1000) / x.requests,
  });
  return { aurum: figure(sums.aurum), bare: figure(sums.bare) };
}

async function compare(what: string, aurum: Side, bare: Side, connections: number): Promise<void> {
  const r = await pair(aurum, bare, connections);
  const ratio = r.aurum.reqPerSecond / r.bare.reqPerSecond;
  console.log(
    `${what.padEnd(48)} ${fmt(r.aurum.reqPerSecond, 0).padStart(7)} req/s (${fmt(r.aurum.cpuUsPerRequest, 0)} us CPU/req)   ` +
      `bare ${fmt(r.bare.reqPerSecond, 0).padStart(7)} req/s (${fmt(r.bare.cpuUsPerRequest, 0)} us CPU/req)   ${fmt(ratio, 2)}x`,
  );
  reportBench({ bench: 'secure-calls', what, figure: r.aurum.reqPerSecond, baseline: r.bare.reqPerSecond, unit: 'req/s', goal: `>= ${GOAL}x`, met: ratio >= GOAL });
}

async function benchDriver(driver: 'postgres' | 'pglite'): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-secure-'));
  const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
  const server = await startProcess(
    [...PGLITE_NODE_FLAGS, 'apps/server/src/server.ts'], // as `npm start` runs it
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      PRICE_SOURCE: 'none',
      ORDER_ENGINE_INTERVAL_MS: '0',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    /Aurum console: (http:\/\/127\.0\.0\.1:\d+)\//,
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | null = null;
  try {
    const base = server.match[1]!;
    const login = await fetch(`${base}/v0/web/auth/admin/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('viewer:Viewer#Read1').toString('base64')}` },
    });
    if (login.status !== 200) throw new Error(`login refused: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    const modeUrl = `${base}/v0/web/secure/mode`;
    const modeJson = await (await fetch(modeUrl, { headers })).text();
    bare = await startProcess(
      [join('bench', 'support', 'bare-api-server.ts')],
      { BARE_MODE_JSON: modeJson, ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) },
      /listening (\d+)/,
    );
    const bareBase = `http://127.0.0.1:${bare.match[1]}`;
    console.log(`\n${driver}: ${SECONDS} one-second slices of each, alternating, after a second of warm-up each`);
    const aurumSide = (load: Load): Side => ({ load, pid: server.child.pid! });
    const bareSide = (load: Load): Side => ({ load, pid: bare!.child.pid! });
    for (const connections of [10, 50]) {
      await compare(`GET mode, ${driver}, ${connections} connections`, aurumSide({ url: modeUrl, headers }), bareSide({ url: `${bareBase}/mode` }), connections);
    }
    if (driver !== 'postgres') return;
    const list = '?page=1&limit=20';
    await compare(
      `user/list page, ${driver}, 10 connections`,
      aurumSide({ url: `${base}/v0/web/secure/user/list${list}`, headers }),
      bareSide({ url: `${bareBase}/user/list${list}` }),
      10,
    );
    const json = { 'content-type': 'application/json' };
    await compare(
      `GraphQL orders page, ${driver}, 10 connections`,
      aurumSide({ url: `${base}/v0/web/secure/graphql`, method: 'POST', headers: { ...headers, ...json }, body: JSON.stringify({ query: ORDERS_CONNECTION_QUERY, variables: { first: 20 } }) }),
      bareSide({ url: `${bareBase}/orders`, method: 'POST', headers: json, body: JSON.stringify({ first: 20 }) }),
      10,
    );
  } finally {
    if (bare) await stopProcess(bare.child);
    await stopProcess(server.child);
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of DRIVERS) await benchDriver(driver);
