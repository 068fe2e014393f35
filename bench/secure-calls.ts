/**
 * bench/secure-calls: requests per second of secure calls on a real server process, next to a bare
 * Fastify answering the same thing in the same run (bench/support/bare-api-server.ts):
 *   - GET mode (one small row) vs a bare route answering the same JSON, with 10 and 50
 *     connections, on PostgreSQL and on PGlite;
 *   - GET user/list (first page) vs the same list query served bare (PostgreSQL);
 *   - one GraphQL orders page (adminOrdersConnection, first 20, the console's fields and total)
 *     vs the same keyset page and timeline rows served bare (PostgreSQL).
 * Load by autocannon from this process; the server runs as `npm start` runs it. Goal: at least
 * half of the bare figure (issue 14).
 *
 *   node bench/secure-calls.ts [--seconds 5] [--db postgres,pglite]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PGLITE_NODE_FLAGS } from '../apps/server/src/db/pglite-db.ts';
import { freshPostgresDatabase } from '../apps/server/src/testing/postgres-databases.ts';
import { benchPostgresUrl, fmt, reportBench, startProcess, stopProcess } from './support/bench-kit.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, db: { type: 'string', default: 'postgres,pglite' } } });
const SECONDS = Number(values.seconds);
const DRIVERS = values.db!.split(',').filter(Boolean) as Array<'postgres' | 'pglite'>;
const GOAL = 0.5;
process.env.TEST_DATABASE_URL = benchPostgresUrl();

const ORDERS_QUERY = /* GraphQL */ `
  query Orders($first: Int) {
    adminOrdersConnection(first: $first) {
      edges {
        cursor
        node {
          id executionId orderType status action symbol userId username currency quantityGram quantityOz
          costPrice quotePrice myrPrice usdPrice exchangeRate limitPrice amount createdAt filledAt settledAt
          interestStartAt completedAt goodTillDate creditDeducted balanceDeducted goldReserved userFee globalFee
          source note comment isCustom timeline { id action date secondaryDate }
        }
      }
      pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
      totalCount
    }
  }
`;

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Requests per second over SECONDS (after one second of warm-up); fails on any non-2xx answer. */
async function reqPerSecond(load: Load, connections: number): Promise<number> {
  const opts = { url: load.url, method: load.method ?? 'GET', headers: load.headers, body: load.body, connections };
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: SECONDS });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${load.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r.requests.average;
}

function compare(what: string, figure: number, baseline: number): void {
  const ratio = figure / baseline;
  console.log(`${what.padEnd(52)} ${fmt(figure, 0).padStart(8)} req/s   bare ${fmt(baseline, 0).padStart(8)} req/s   ${fmt(ratio, 2)}x`);
  reportBench({ bench: 'secure-calls', what, figure, baseline, unit: 'req/s', goal: `>= ${GOAL}x`, met: ratio >= GOAL });
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
    console.log(`\n${driver}: ${SECONDS} s per figure after 1 s of warm-up`);
    for (const connections of [10, 50]) {
      const bareFigure = await reqPerSecond({ url: `${bareBase}/mode` }, connections);
      const figure = await reqPerSecond({ url: modeUrl, headers }, connections);
      compare(`GET mode, ${driver}, ${connections} connections`, figure, bareFigure);
    }
    if (driver !== 'postgres') return;
    const list = '?page=1&limit=20';
    const bareList = await reqPerSecond({ url: `${bareBase}/user/list${list}` }, 10);
    const listFigure = await reqPerSecond({ url: `${base}/v0/web/secure/user/list${list}`, headers }, 10);
    compare(`user/list page, ${driver}, 10 connections`, listFigure, bareList);
    const json = { 'content-type': 'application/json' };
    const bareOrders = await reqPerSecond({ url: `${bareBase}/orders`, method: 'POST', headers: json, body: JSON.stringify({ first: 20 }) }, 10);
    const ordersFigure = await reqPerSecond(
      { url: `${base}/v0/web/secure/graphql`, method: 'POST', headers: { ...headers, ...json }, body: JSON.stringify({ query: ORDERS_QUERY, variables: { first: 20 } }) },
      10,
    );
    compare(`GraphQL orders page, ${driver}, 10 connections`, ordersFigure, bareOrders);
  } finally {
    if (bare) await stopProcess(bare.child);
    await stopProcess(server.child);
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const driver of DRIVERS) await benchDriver(driver);
