/**
 * Counts and failed tests read from a suite's JSON report. CI shows only the end of a run's output,
 * so the summary names each failed test and the first lines of its error there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface SuiteReport { passed: number; failed: number; skipped: number; failures: string[] }

/**
 * The head of an error, indented under its test: up to `lines` lines of its message, then the first
 * frame of its stack in the project's own code.
 */
export function errorHead(message: string, lines = 3): string {
  const all = stripVTControlCharacters(message).split('\n').map((l) => l.trim()).filter(Boolean);
  const text = all.filter((l) => !l.startsWith('at ')).slice(0, lines);
  const frame = all.find((l) => l.startsWith('at ') && !l.includes('node_modules') && !l.includes('node:'));
  return [...text, ...(frame ? [frame] : [])]
    .map((l) => `      ${l.length > 200 ? `${l.slice(0, 200)}…` : l}`).join('\n');
}

interface VitestJson {
  numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number;
  testResults?: Array<{
    name: string; status: string; message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** A vitest JSON report (jest's shape): failed tests, and files that failed outside any test. */
export function readVitestReport(file: string, root: string): SuiteReport | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJson;
  const failures: string[] = [];
  for (const f of report.testResults ?? []) {
    const path = relative(root, f.name);
    const failedTests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`  ✗ ${path} › ${t.fullName}\n${errorHead((t.failureMessages ?? []).join('\n'))}`);
    if (f.status === 'failed' && failedTests.length === 0) failures.push(`  ✗ ${path}\n${errorHead(f.message ?? '')}`);
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

interface PlaywrightSuite {
  title: string; file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; file: string; tests: Array<{ status: string; results: Array<{ error?: { message?: string } }> }> }>;
}

/** A Playwright JSON report: tests that failed (unexpected) or passed only on a retry (flaky). */
export function readPlaywrightReport(file: string): SuiteReport | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
    suites?: PlaywrightSuite[];
  };
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results.map((r) => r.error?.message ?? '').find(Boolean) ?? '';
        failures.push(`  ✗ ${[...path, spec.title].join(' › ')}${t.status === 'flaky' ? ' (flaky)' : ''}\n${errorHead(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const s of report.suites ?? []) walk(s, []);
  const { stats } = report;
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped, failures };
}
