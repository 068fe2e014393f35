import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
// The browser tests drive the real server (its test harness), never its code: the console
// imports nothing of the server. Test harness only.
import { startTestServer } from '../../../server/src/testing/test-server.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
export { startTestServer };

/** Polls until the assertion holds (playwright-core has no web-first assertions). */
export const until = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/** Waits until the one element the locator names is visible. */
export async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function assertConsoleBuilt(): void {
  const index = process.env.WEB_DIST ? `${process.env.WEB_DIST}/index.html` : new URL('../../dist/index.html', import.meta.url);
  if (!existsSync(index)) throw new Error(`${process.env.WEB_DIST ?? 'apps/web/dist'} is missing: run \`npm run build -w @aurum/web\` before the browser tests`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, locale: 'en-GB' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[browser page error]', error.message));
  return { context, page };
}

/** Fills the sign-in form and submits it. */
export async function submitSignIn(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Sign in' }));
  await page.getByLabel('Username', { exact: true }).fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the console, signs in and waits for the shell. */
export async function signIn(page: Page, url: string, credentials: { username: string; password: string }): Promise<void> {
  await page.goto(`${url}/auth/login/`);
  await submitSignIn(page, credentials);
  await visible(page.getByRole('navigation', { name: 'Main' }));
}

/** The toast with this text (Radix also announces it in a visually hidden live region). */
export function toast(page: Page, text: string) {
  return page.getByTestId('toast').filter({ hasText: text });
}

export interface BrowserSuite {
  /** The running test server (set once beforeAll has run). */
  readonly ts: TestServer;
  /** A fresh browser context and page, closed with the suite. */
  open(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * The setup every browser test file shares: checks the console is built, starts the real
 * server (test harness) and Chromium once per file, hands out pages in fresh contexts and
 * closes everything afterwards. Call at the top level of a test file.
 */
export function browserSuite(options: Parameters<typeof startTestServer>[0] = {}): BrowserSuite {
  let ts: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    assertConsoleBuilt();
    [ts, browser] = await Promise.all([startTestServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await ts?.close();
  });
  return {
    get ts() {
      if (!ts) throw new Error('browserSuite: the test server is not started yet (use it inside a test)');
      return ts;
    },
    async open(viewport) {
      if (!browser) throw new Error('browserSuite: the browser is not launched yet (use it inside a test)');
      const opened = await newPage(browser, { viewport });
      contexts.push(opened.context);
      return opened.page;
    },
  };
}
