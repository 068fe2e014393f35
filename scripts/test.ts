/**
 * `npm test`: the cluster suite beside lint, typecheck and the console's build, then each suite with
 * its own count.
 *  - unit: domain rules and pure server/web helpers
 *  - component: the console's shared kit rendered in jsdom with Testing Library (*.test.tsx)
 *  - integration on PGlite and on PostgreSQL side by side (TEST_DATABASE_URL; required when
 *    AURUM_REQUIRE_PG=1): each suite's output is printed whole when it ends
 *  - cluster: the production topology (its own PostgreSQL made with initdb, PgBouncer, HAProxy with
 *    deploy/haproxy.cfg, three server processes) under load through restarts and faults; the test
 *    skips itself with a notice when haproxy, pgbouncer or initdb is missing, unless the run requires
 *    it (AURUM_REQUIRE_PG=1 or CI)
 *  - ha: failovers of a Patroni cluster (etcd, three PostgreSQL members, HAProxy with
 *    deploy/haproxy-postgres.cfg) under money load, beside the two integration suites (it mostly
 *    waits on Patroni's timers); skipped with a notice when patroni or etcd is missing, unless the
 *    run requires it, as the cluster suite
 *  - browser: the built console in Chromium through @playwright/test (playwright.config.ts: three files
 *    at a time, trace and screenshots of a failed test under .tmp/artifacts/browser/), its servers on
 *    PostgreSQL when TEST_DATABASE_URL is set (else PGlite), the browser as
 *    apps/web/test/support/find-browser.ts finds it: $AURUM_CHROMIUM,
 *    Playwright's installed browsers, the system's chromium/chrome); skipped with a notice saying
 *    how to install one when none is found, a failure when the run requires it (CI=true or
 *    AURUM_REQUIRE_BROWSER=1)
 * Prints one line per suite, each failed test under it with the head of its error, and a closing
 * 'N passed, N failed'.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_MISSING, browserRequired, findBrowser } from '../apps/web/test/support/find-browser.ts';
import { readPlaywrightReport, readVitestReport, type SuiteReport } from './test-report.ts';

const root = join(import.meta.dirname, '..');
// Node keeps the bytecode of the modules it compiles here and every process of the run (test workers,
// the servers and commands tests start, the tools) loads it instead of compiling again: about 0.6
// CPU-seconds less for each process that loads the server
process.env.NODE_COMPILE_CACHE ??= join(root, '.tmp', 'node-compile-cache');
const reports = join(root, '.tmp', 'reports');
mkdirSync(reports, { recursive: true });
const only = process.argv[2];

interface Outcome { name: string; passed: number; failed: number; skipped: number; ok: boolean; failures?: string[] }
const outcomes: Outcome[] = [];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function suite(name: string, project: string, env: NodeJS.ProcessEnv = {}) {
  if (only && only !== name) return;
  console.log(`\n=== ${name} ===`);
  const file = join(reports, `${name}.json`);
  rmSync(file, { force: true });
  const ok = run(
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  outcomes.push(outcome(name, ok, readVitestReport(file, root)));
}

/** A suite's line of the summary: its report's counts, and one failure more when it failed without a failed test. */
function outcome(name: string, ok: boolean, report: SuiteReport | null): Outcome {
  if (!report) return { name, passed: 0, failed: ok ? 0 : 1, skipped: 0, ok };
  const failed = report.failed + (!ok && report.failed === 0 ? 1 : 0);
  return { name, passed: report.passed, failed, skipped: report.skipped, ok, failures: report.failures };
}

/** A vitest suite run beside others: its output kept and printed whole when it ends, its counts from its JSON report. */
function suiteBeside(name: string, project: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  if (only && only !== name) return Promise.resolve();
  const file = join(reports, `${name}.json`);
  rmSync(file, { force: true });
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => {
      console.log(`\n=== ${name} ===\n${output}`);
      const ok = code === 0;
      outcomes.push(outcome(name, ok, readVitestReport(file, root)));
      resolve();
    });
  });
}

/**
 * A step (no counts) run beside others: its commands one after another (the first failure ends it),
 * their output kept and printed whole when it ends. `group` is the name `npm test <name>` picks it by;
 * `nice` runs it at a lower priority.
 */
function stepBeside(name: string, commands: Array<[string, ...string[]]>, group = name, nice = false): Promise<void> {
  if (only && only !== group) return Promise.resolve();
  return new Promise((resolve) => {
    let output = '';
    const next = (index: number) => {
      const [cmd, ...args] = commands[index]!;
      // `nice`: at a lower priority, so that a timed suite beside it gets the cores first
      const child = spawn(nice ? 'nice' : cmd, nice ? ['-n', '10', cmd, ...args] : args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('close', (code) => {
        if (code === 0 && index + 1 < commands.length) return next(index + 1);
        console.log(`\n=== ${name} ===\n${output}`);
        outcomes.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, ok: code === 0 });
        resolve();
      });
    };
    next(0);
  });
}

/** The browser suite through @playwright/test (playwright.config.ts): its JSON report gives the counts. */
function browserSuite(env: NodeJS.ProcessEnv) {
  console.log('\n=== browser ===');
  const file = join(reports, 'browser.json');
  rmSync(file, { force: true });
  const ok = run('npx', ['playwright', 'test'], env);
  if (!ok) console.log('Failed browser tests left their trace and screenshots under .tmp/artifacts/browser/.');
  outcomes.push(outcome('browser', ok, readPlaywrightReport(file)));
}

const browser = !only || only === 'browser' ? findBrowser() : null;
// First, side by side: the cluster suite, and at a lower priority the checks that start no server
// (lint; the typecheck in two chains of projects; the console's build, which the browser suite
// needs). The cluster's checks are timed (a socket back within 2 s): its processes get the cores
// first, the batch work takes what they leave while they wait on restarts and timers.
await Promise.all([
  suiteBeside('cluster', 'cluster'),
  stepBeside('lint', [['npx', 'eslint', '.']], 'lint', true),
  stepBeside('typecheck (domain, server)', [['npx', 'tsc', '-p', 'packages/domain'], ['npx', 'tsc', '-p', 'apps/server']], 'typecheck', true),
  stepBeside('typecheck (console, tools)', [['npx', 'tsc', '-p', 'apps/web'], ['npx', 'tsc', '-p', 'tsconfig.tools.json']], 'typecheck', true),
  browser && only !== 'browser' ? stepBeside('build', [['npm', 'run', 'build']], 'build', true) : Promise.resolve(),
]);
suite('unit', 'unit');
suite('component', 'component');
// the two integration suites side by side, and beside them the failover suite: it spends its time
// waiting for Patroni's leader key to expire and members to rejoin, and takes little CPU meanwhile
const integration: Array<Promise<void>> = [suiteBeside('integration-pglite', 'integration', { AURUM_TEST_DB: 'pglite' }), suiteBeside('ha', 'ha')];
if (process.env.TEST_DATABASE_URL || process.env.AURUM_REQUIRE_PG === '1') {
  integration.push(suiteBeside('integration-postgres', 'integration', { AURUM_TEST_DB: 'postgres' }));
} else if (!only) {
  console.log('\n(integration-postgres skipped: set TEST_DATABASE_URL to run it)');
}
await Promise.all(integration);
if (!only || only === 'browser') {
  if (browser) {
    console.log(`\n(browser: ${browser.path}, from ${browser.from})`);
    // on PostgreSQL when the run has one (CI): the database production runs, and about 13 % less CPU
    // than PGlite in the test process; the integration suites cover both drivers call by call
    browserSuite({ AURUM_CHROMIUM: browser.path, ...(process.env.TEST_DATABASE_URL ? { AURUM_TEST_DB: 'postgres' } : {}) });
  } else if (browserRequired()) {
    console.log(`\n=== browser ===\n${BROWSER_MISSING}\nThis run requires the browser suite (CI=true or AURUM_REQUIRE_BROWSER=1): failed.`);
    outcomes.push({ name: 'browser', passed: 0, failed: 1, skipped: 0, ok: false });
  } else {
    console.log(`\n(browser suite skipped)\n${BROWSER_MISSING}`);
  }
}

console.log('\n=== summary ===');
let passed = 0, failed = 0, skipped = 0;
for (const o of outcomes) {
  console.log(`${o.name}: ${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''}`);
  for (const f of o.failures ?? []) console.log(f);
  passed += o.passed; failed += o.failed; skipped += o.skipped;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(outcomes.every((o) => o.ok) && failed === 0 ? 0 : 1);
