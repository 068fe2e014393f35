import { defineConfig } from '@playwright/test';

/**
 * The browser suite (`npm test`'s 'browser', `npm run test:browser`): the built console in Chromium
 * through the real server, one server and one browser per file (apps/web/test/support/harness.ts).
 * Files run three at a time (AURUM_BROWSER_WORKERS to change it), the tests of a file in order: one
 * more than the cores, as a file waits on its server, the network and timers about a fifth of the
 * time (two at a time left the cores a fifth idle).
 * A failed test leaves its trace (open it with `npx playwright show-trace <zip>`: DOM snapshots of
 * every step, no screencast, which doubled the suite's CPU time) and a screenshot of every open page
 * under .tmp/artifacts/browser/<test>/; CI keeps that folder.
 */
export default defineConfig({
  testDir: 'apps/web/test',
  testMatch: '*.e2e.test.ts',
  // a safety net, not a speed check: three files share the two cores, and tests of a flow run tens of seconds
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: Number(process.env.AURUM_BROWSER_WORKERS ?? 3),
  fullyParallel: false,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  outputDir: '.tmp/artifacts/browser',
  reporter: [['list'], ['json', { outputFile: '.tmp/reports/browser.json' }]],
  use: { trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false }, screenshot: 'only-on-failure' },
});
