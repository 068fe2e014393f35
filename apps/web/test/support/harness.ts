import { existsSync, mkdirSync } from 'node:fs';
// @playwright/test's own chromium: contexts made from it are the ones its trace and screenshot-on-failure
// options (playwright.config.ts) record, like the contexts of its fixtures
import { chromium, expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
// The browser tests drive the real server (its test harness), never its code: the console
// imports nothing of the server. Test harness only.
import { startTestServer } from '../../../server/src/testing/test-server.ts';
import { BROWSER_MISSING, findBrowser } from './find-browser.ts';
import type { LoginAnswer } from '@aurum/domain/auth/schemas';
import { adminFromWire, SESSION_KEYS } from '../../src/shared/auth/session-storage.ts';
import { AUTH_API } from '../../src/shared/http/paths.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
export { startTestServer };

/** Polls until the assertion holds: `await until(() => read()).toBe(x)` (every 100 ms, up to 15 s). */
export const until = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, intervals: [100] });

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

/** Chromium as find-browser.ts finds it (environment, Playwright's own, the system's); says how to install one when none. */
export function launchBrowser(): Promise<Browser> {
  const found = findBrowser();
  if (!found) throw new Error(BROWSER_MISSING);
  return chromium.launch({ executablePath: found.path, args: CHROMIUM_ARGS });
}

/** What the server's Content-Security-Policy blocked in a context's pages (taken by cspViolations). */
const violationsOf = new WeakMap<BrowserContext, string[]>();

/**
 * Records every Content-Security-Policy violation in the context's pages: the document's
 * `securitypolicyviolation` events (through a binding, so they outlive navigations) and Chromium's
 * console reports of them. The browser tests run under the server's real policy and fail on any.
 */
async function recordCspViolations(context: BrowserContext): Promise<void> {
  const seen: string[] = [];
  violationsOf.set(context, seen);
  await context.exposeBinding('__aurumCspViolation', ({ page }, text: string) => {
    seen.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __aurumCspViolation(text: string): Promise<void> }).__aurumCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || 'page'}:${e.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.push(`${message.page()?.url() ?? 'page'}: ${message.text()}`);
  });
}

/** The violations recorded in the context since the last call (and forgets them). */
export function cspViolations(context: BrowserContext): string[] {
  return violationsOf.get(context)?.splice(0) ?? [];
}

/** A page's browser settings: its viewport and time zone (the machine's when not given). */
export interface PageOptions {
  viewport?: { width: number; height: number };
  /** An IANA zone the browser runs in (business dates stay Asia/Kuala_Lumpur whatever it is). */
  timezoneId?: string;
  /** The system's motion setting the console sees ('reduce' unless a test looks at an animation). */
  reducedMotion?: 'reduce' | 'no-preference';
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-GB',
    // no pulse or spinner animates (index.css): an animation on screen costs a composited frame
    // every 16 ms for as long as the page is open, a third of the suite's CPU when measured
    reducedMotion: options.reducedMotion ?? 'reduce',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  context.setDefaultTimeout(15_000);
  await recordCspViolations(context);
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

/** Opens the sign-in page, fills the form, submits it and waits for the shell (the console then signed in by its own call: its toast, its refresh schedule). */
export async function signInWithForm(page: Page, url: string, credentials: { username: string; password: string }): Promise<void> {
  await page.goto(`${url}/auth/login/`);
  await submitSignIn(page, credentials);
  await visible(page.getByRole('navigation', { name: 'Main' }));
}

/** The sign-in call as the console makes it (SPEC.md §7: basic authentication, empty body). */
export function apiSignIn(url: string, credentials: { username: string; password: string }): Promise<Response> {
  return fetch(`${url}${AUTH_API}/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}` },
  });
}

/**
 * Signs in and opens `path` (the dashboard unless given), waiting for the shell. The page makes the
 * sign-in call on the console's origin and its answer is stored in the page's session storage as the
 * sign-in page stores it (session-storage.ts): the console then opens already signed in, as after a reload,
 * without loading the sign-in page and the dashboard first (a page load costs Chromium about a
 * CPU-second). What only a sign-in through the form does (its toast, the refresh schedule it
 * starts) is tested with signInWithForm. An admin with a second factor is signed in through the
 * form, where the test answers the code.
 */
export async function signIn(page: Page, url: string, credentials: { username: string; password: string }, path = '/'): Promise<void> {
  // the console's origin without the console: session storage belongs to the origin and the tab
  await page.goto(`${url}/livez`);
  // the sign-in call made by the page, as the console makes it (its user agent, which the audit trail
  // and the session list show)
  const answer = await page.evaluate(
    async ({ login, basic }) => {
      const r = await fetch(login, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
      return r.status === 200 ? ((await r.json()) as unknown) : null;
    },
    { login: `${AUTH_API}/login`, basic: Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64') },
  );
  if (answer === null) {
    // a second factor (401 with a challenge) or a refusal: the form shows it as a person would see it
    await signInWithForm(page, url, credentials);
    if (path !== '/') await page.goto(`${url}${path}`);
    return;
  }
  const { user, jwt, refreshToken } = answer as LoginAnswer;
  await page.evaluate(
    ({ keys, s }) => {
      sessionStorage.setItem(keys.admin, JSON.stringify(s.admin));
      sessionStorage.setItem(keys.accessToken, s.accessToken);
      sessionStorage.setItem(keys.refreshToken, s.refreshToken);
    },
    { keys: SESSION_KEYS, s: { admin: adminFromWire(user), accessToken: jwt, refreshToken } },
  );
  await page.goto(`${url}${path}`);
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
  open(viewport?: { width: number; height: number }, options?: Omit<PageOptions, 'viewport'>): Promise<Page>;
}

/**
 * The setup every browser test file shares: checks the console is built, starts the real
 * server (test harness) and Chromium once per file, hands out pages in fresh contexts and
 * closes everything afterwards; each test fails when any page blocked something under the
 * server's Content-Security-Policy. Call at the top level of a test file.
 */
export function browserSuite(options: Parameters<typeof startTestServer>[0] = {}): BrowserSuite {
  let ts: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  test.beforeAll(async () => {
    // a server and a browser per file; three files run at once (playwright.config.ts)
    test.setTimeout(120_000);
    assertConsoleBuilt();
    // every background job runs, as in production: the console shows live prices and fills (a suite may name fewer)
    [ts, browser] = await Promise.all([startTestServer({ jobs: 'all', ...options }), launchBrowser()]);
  });
  test.afterEach(() => {
    // the console runs under the server's Content-Security-Policy: nothing on any screen may be blocked
    expect(contexts.flatMap(cspViolations), 'Content-Security-Policy violations').toEqual([]);
  });
  test.afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await ts?.close();
  });
  return {
    get ts() {
      if (!ts) throw new Error('browserSuite: the test server is not started yet (use it inside a test)');
      return ts;
    },
    async open(viewport, options = {}) {
      if (!browser) throw new Error('browserSuite: the browser is not launched yet (use it inside a test)');
      const opened = await newPage(browser, { ...options, viewport });
      contexts.push(opened.context);
      return opened.page;
    },
  };
}

/**
 * A picture of the page (or one part of it) for the docs, when AURUM_SCREENSHOTS names a folder
 * (docs/console-tour.md is made this way); nothing otherwise.
 */
export async function docShot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.AURUM_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: `${dir}/${name}.png` });
}

/** The console in `language` through the top bar's switcher, as staff switch it (English is where it starts). */
export async function useLanguage(page: Page, language: 'en' | 'zh-Hant'): Promise<void> {
  if (language === 'en') return;
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
  await visible(toast(page, '語言已切換為繁體中文。'));
}
