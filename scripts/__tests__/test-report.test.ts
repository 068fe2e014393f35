import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorHead, readPlaywrightReport, readVitestReport } from '../test-report.ts';

const dir = mkdtempSync(join(tmpdir(), 'aurum-test-report-'));
const write = (name: string, value: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('the summary of a suite read from its JSON report', () => {
  it('names a failed vitest test by file and title, with its message and its first frame in the project', () => {
    const file = write('vitest.json', {
      numPassedTests: 3, numFailedTests: 1, numPendingTests: 1, numTodoTests: 0,
      testResults: [
        {
          name: '/repo/apps/server/src/a/__tests__/a.int.test.ts', status: 'failed', message: '',
          assertionResults: [
            { fullName: 'orders pays once', status: 'passed', failureMessages: [] },
            {
              fullName: 'orders refuses twice', status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at file:///repo/node_modules/@vitest/runner/x.js:1:1\n    at /repo/apps/server/src/a/__tests__/a.int.test.ts:12:5'],
            },
          ],
        },
        { name: '/repo/apps/server/src/b/__tests__/b.int.test.ts', status: 'failed', message: 'Error: Hook timed out in 10000ms', assertionResults: [] },
        { name: '/repo/apps/server/src/c/__tests__/c.int.test.ts', status: 'passed', message: '', assertionResults: [] },
      ],
    });
    const report = readVitestReport(file, '/repo');
    expect(report).toMatchObject({ passed: 3, failed: 1, skipped: 1 });
    expect(report?.failures).toEqual([
      '  ✗ apps/server/src/a/__tests__/a.int.test.ts › orders refuses twice\n      AssertionError: expected 2 to be 1\n      at /repo/apps/server/src/a/__tests__/a.int.test.ts:12:5',
      '  ✗ apps/server/src/b/__tests__/b.int.test.ts\n      Error: Hook timed out in 10000ms',
    ]);
  });

  it('names failed and flaky Playwright tests by file, describe and title', () => {
    const test = (status: string, message?: string) => ({ status, results: [{ error: message ? { message } : undefined }] });
    const file = write('playwright.json', {
      stats: { expected: 5, unexpected: 1, skipped: 0, flaky: 1 },
      suites: [{
        title: 'password.e2e.test.ts',
        specs: [],
        suites: [{
          title: 'password',
          specs: [
            { title: 'resets by link', file: 'password.e2e.test.ts', tests: [test('unexpected', 'TimeoutError: locator.click: Timeout 15000ms exceeded.')] },
            { title: 'changes it', file: 'password.e2e.test.ts', tests: [test('flaky', 'Error: expect(locator).toBeVisible() failed')] },
            { title: 'refuses a weak one', file: 'password.e2e.test.ts', tests: [test('expected')] },
          ],
        }],
      }],
    });
    expect(readPlaywrightReport(file)).toEqual({
      passed: 5, failed: 2, skipped: 0,
      failures: [
        '  ✗ password.e2e.test.ts › password › resets by link\n      TimeoutError: locator.click: Timeout 15000ms exceeded.',
        '  ✗ password.e2e.test.ts › password › changes it (flaky)\n      Error: expect(locator).toBeVisible() failed',
      ],
    });
  });

  it('a missing report reads as none, and a long line of an error is cut', () => {
    expect(readVitestReport(join(dir, 'absent.json'), '/repo')).toBeNull();
    expect(readPlaywrightReport(join(dir, 'absent.json'))).toBeNull();
    expect(errorHead('x'.repeat(300))).toBe(`      ${'x'.repeat(200)}…`);
  });
});
