/**
 * bench/sign-in-page: what Chromium fetches to show the sign-in page, measured in the browser.
 * A real server process (PGlite, demo data, the simulated price feed) serves the built console
 * (WEB_DIST as it is; else apps/web/dist, built first when its sources changed); for each run a fresh browser context (empty
 * cache) opens /auth/login/ and records
 *   - every script response until the username field takes input (visible and enabled): its
 *     bytes on the wire (Chromium's encoded body size, with the encoding the server chose) and the
 *     same file gzipped (level 9: the budget is counted gzipped, whatever the wire used);
 *   - the page's largest contentful paint;
 *   - the time from the sign-in click (superAdmin) to the first live price on the dashboard.
 * The goal: at most 150 KB gzipped of JavaScript before the form takes input. Runs --runs times
 * and reports the median (and the spread).
 *
 *   node bench/sign-in-page.ts [--runs 3]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { PGLITE_NODE_FLAGS } from '../apps/server/src/db/pglite-db.ts';
import { consoleUpToDate } from '../apps/web/scripts/build-stamp.ts';
import { fmt, reportBench, ROOT, startProcess, stopProcess } from './support/bench-kit.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const BUDGET_KB = 150;
/** BENCH_VERBOSE=1: list the scripts fetched before the form takes input. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const dist = process.env.WEB_DIST ?? join(ROOT, 'apps', 'web', 'dist');
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];

// a WEB_DIST named by the caller is served as it is; the default one is brought up to date
if (!process.env.WEB_DIST && !consoleUpToDate()) {
  console.log(`building the console into ${dist} (its sources changed)`);
  execFileSync('npm', ['run', 'build', '-w', '@aurum/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

const gzipSizes = new Map<string, number>();
/** The file behind an asset URL, gzipped at level 9 (its .gz copy when the build wrote one). */
function gzipSizeOf(url: string): number {
  const path = join(dist, new URL(url).pathname);
  let size = gzipSizes.get(path);
  if (size === undefined) {
    size = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(readFileSync(path), { level: 9 }).length;
    gzipSizes.set(path, size);
  }
  return size;
}

/**
 * The page's globals, for functions Playwright runs in the browser (the tools' TypeScript settings
 * have no DOM types; a function, unlike a string, runs under the page's CSP without eval, and is
 * sent as its text: it can use types but nothing else of this file).
 */
type BrowserGlobals = { document: { querySelector(selector: string): { disabled?: boolean; textContent: string | null } | null } };

interface Run {
  scripts: number;
  wireKb: number;
  gzipKb: number;
  rawKb: number;
  encodings: string[];
  readyMs: number;
  lcpMs: number;
  signInToPriceMs: number;
  scriptsAfterSignIn: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'aurum-bench-signin-'));
const server = await startProcess(
  [...PGLITE_NODE_FLAGS, 'apps/server/src/server.ts'], // as `npm start` runs it
  { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'warn', NODE_ENV: 'development', PRICE_SOURCE: 'simulated' },
  /Aurum console: (http:\/\/127\.0\.0\.1:\d+)\//,
);
const base = server.match[1]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

async function run(): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const page = await context.newPage();
  const finished: Array<{ request: Request; at: number }> = [];
  page.on('requestfinished', (request) => finished.push({ request, at: performance.now() }));
  const t0 = performance.now();
  await page.goto(`${base}/auth/login/`);
  const username = page.getByLabel('Username', { exact: true });
  await username.waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const input = (globalThis as unknown as BrowserGlobals).document.querySelector('input[autocomplete=username]');
    return input !== null && !input.disabled;
  });
  const ready = performance.now();
  const scripts = finished.filter((f) => f.at <= ready && f.request.resourceType() === 'script');
  let wire = 0;
  let gzip = 0;
  let raw = 0;
  const encodings = new Set<string>();
  for (const { request } of scripts) {
    const sizes = await request.sizes();
    const response = await request.response();
    wire += sizes.responseBodySize;
    gzip += gzipSizeOf(request.url());
    raw += readFileSync(join(dist, new URL(request.url()).pathname)).length;
    encodings.add((await response?.headerValue('content-encoding')) ?? 'identity');
    if (VERBOSE) console.log(`  ${(gzipSizeOf(request.url()) / 1024).toFixed(1).padStart(6)} KB gzip  ${new URL(request.url()).pathname}`);
  }
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
        setTimeout(() => resolve(NaN), 3000);
      }),
  );
  await username.fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Aurum#Demo2026');
  const beforeClick = finished.length;
  const click = performance.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(() => Number((globalThis as unknown as BrowserGlobals).document.querySelector('[data-testid=price-myr-buy]')?.textContent?.replace(/[^\d.]/g, '') || 0) > 0, null, {
    polling: 'raf',
    timeout: 30_000,
  });
  const priced = performance.now();
  const scriptsAfterSignIn = finished.slice(beforeClick).filter((f) => f.request.resourceType() === 'script').length;
  await context.close();
  return {
    scripts: scripts.length,
    wireKb: wire / 1024,
    gzipKb: gzip / 1024,
    rawKb: raw / 1024,
    encodings: [...encodings],
    readyMs: ready - t0,
    lcpMs,
    signInToPriceMs: priced - click,
    scriptsAfterSignIn,
  };
}

try {
  const runs: Run[] = [];
  console.log(`sign-in page: ${base}/auth/login/ from ${dist}, Chromium, ${RUNS} runs with an empty cache each\n`);
  console.log('run  scripts  raw KB  wire KB  gzip KB  encoding        form ready ms  LCP ms  sign-in -> price ms  scripts after');
  for (let i = 0; i < RUNS; i++) {
    const r = await run();
    runs.push(r);
    console.log(
      `${String(i + 1).padStart(3)}  ${String(r.scripts).padStart(7)} ${fmt(r.rawKb).padStart(7)} ${fmt(r.wireKb).padStart(8)} ${fmt(r.gzipKb).padStart(8)}  ${r.encodings.join(',').padEnd(14)} ` +
        `${fmt(r.readyMs, 0).padStart(14)} ${fmt(r.lcpMs, 0).padStart(7)} ${fmt(r.signInToPriceMs, 0).padStart(20)} ${String(r.scriptsAfterSignIn).padStart(14)}`,
    );
  }
  const median = (pick: (r: Run) => number) => {
    const v = runs.map(pick).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)]!;
  };
  const spread = (pick: (r: Run) => number) => `${fmt(Math.min(...runs.map(pick)), 0)}-${fmt(Math.max(...runs.map(pick)), 0)}`;
  const gzipKb = median((r) => r.gzipKb);
  console.log(
    `\nmedian: ${fmt(gzipKb)} KB gzipped (${fmt(median((r) => r.wireKb))} KB on the wire) of JavaScript before the form takes input; ` +
      `LCP ${fmt(median((r) => r.lcpMs), 0)} ms (${spread((r) => r.lcpMs)}); sign-in -> first live price ${fmt(median((r) => r.signInToPriceMs), 0)} ms (${spread((r) => r.signInToPriceMs)})\n`,
  );
  reportBench({ bench: 'sign-in-page', what: 'sign-in page JavaScript before input, gzipped', figure: gzipKb, baseline: null, unit: 'KB', goal: `<= ${BUDGET_KB} KB`, met: gzipKb <= BUDGET_KB });
  reportBench({
    bench: 'sign-in-page',
    what: 'sign-in page JavaScript on the wire (vs uncompressed)',
    figure: median((r) => r.wireKb),
    baseline: median((r) => r.rawKb),
    unit: 'KB',
    goal: 'compressed',
    met: median((r) => r.wireKb) < 0.5 * median((r) => r.rawKb),
  });
  reportBench({ bench: 'sign-in-page', what: 'sign-in page largest contentful paint', figure: median((r) => r.lcpMs), baseline: null, unit: 'ms', goal: 'report', met: true });
  reportBench({ bench: 'sign-in-page', what: 'sign-in click to first live price', figure: median((r) => r.signInToPriceMs), baseline: null, unit: 'ms', goal: 'report', met: true });
} finally {
  await browser.close();
  await stopProcess(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
