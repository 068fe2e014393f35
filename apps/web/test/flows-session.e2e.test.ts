import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
// the injected price feed: a gold quote the test sets, published by the job priceFeed (test harness only)
import { controlledSource } from '../../server/src/testing/controlled-source.ts';
import { browserSuite, signIn, signInWithForm, toast, until, visible } from './support/harness.ts';
import { numberIn } from './support/flows.ts';

/**
 * Session and shell flows (decision 0734): toasts swiped away and reached with F8 (the page's clock
 * paused, so no toast closes by its timer), the live socket coming back after a server restart,
 * a session that has expired on the server's clock.
 */
const source = controlledSource();
const suite = browserSuite({ env: { PRICE_TICK_MS: '200' }, app: { priceSource: source } });

/** Drags the pointer across an element from its centre, `dx` pixels to the right, in small moves (pointer events). */
async function swipe(page: Page, target: ReturnType<Page['getByTestId']>, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 10 });
  await page.mouse.up();
}

/**
 * Stops the page's clock a moment ahead of its time (Playwright's pauseAt); asked again when the
 * page's time has passed that moment before the call arrived (a busy machine).
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(new Date(now + 200));
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

const priceOf = async (page: Page) => numberIn(await page.getByTestId('price-myr-buy').textContent());

test.describe('session and shell flows', () => {
  test('F8 focuses the toast viewport; a swipe right under 50 px leaves a toast, past 50 px dismisses it', async () => {
    const page = await suite.open();
    await page.clock.install();
    await signInWithForm(page, suite.ts.url, suite.ts.demo.superAdmin);
    const signedIn = toast(page, 'Signed in successfully.');
    await visible(signedIn);
    // the page's time stops: from here no toast closes by its 5 s timer
    await pauseClock(page);

    const viewport = page.getByRole('region', { name: /F8/ }).locator('ol');
    const focused = () => viewport.evaluate((el) => el === document.activeElement);
    expect(await focused()).toBe(false);
    await page.keyboard.press('F8');
    await until(focused).toBe(true);
    // from the viewport, Tab reaches the toast
    await page.keyboard.press('Tab');
    await until(() => signedIn.evaluate((el) => el === document.activeElement)).toBe(true);

    await swipe(page, signedIn, 30);
    await until(() => signedIn.getAttribute('data-swipe')).toBe('cancel');
    expect(await signedIn.getAttribute('data-state')).toBe('open');
    await swipe(page, signedIn, 120);
    await until(() => page.getByTestId('toast').count()).toBe(0);
  });

  test('after a server restart the live socket reconnects and prices resume, without a reload', async () => {
    source.xau = { bid: '2000.00', ask: '2001.00' };
    const page = await suite.open();
    let sockets = 0;
    let socketsClosed = 0;
    page.on('websocket', (ws) => {
      sockets += 1;
      ws.on('close', () => (socketsClosed += 1));
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await until(() => page.getByTestId('market-status').getAttribute('data-state')).not.toBe('connecting');
    // gold at 2001 USD/oz: about 290 MYR/g plus the spread
    await until(() => priceOf(page)).toBeGreaterThan(280);
    const before = await priceOf(page);
    expect(before).toBeLessThan(310);
    await page.evaluate(() => ((window as unknown as { flowsMarker: string }).flowsMarker = 'same page'));
    const loaded = loads;
    expect(sockets).toBe(1);

    // the server goes away and comes back on the same port and data
    await suite.ts.restart();
    // the server closed it for a restart (1012): the console tries again at once, and with no proxy
    // in front that first try may meet this same server still starting (then it backs off)
    await until(() => socketsClosed).toBeGreaterThanOrEqual(1);
    source.xau = { bid: '2400.00', ask: '2401.00' };
    // a new socket, and the prices of the new server's feed
    await until(() => sockets - socketsClosed).toBe(1);
    expect(sockets).toBeGreaterThanOrEqual(2);
    await until(() => priceOf(page)).toBeGreaterThan(before * 1.15);
    expect(await page.getByTestId('market-status').getAttribute('data-state')).not.toBe('connecting');
    // the same document: no reload
    expect(loads).toBe(loaded);
    expect(await page.evaluate(() => (window as unknown as { flowsMarker?: string }).flowsMarker)).toBe('same page');
    // and the console works on: a screen loads from the new server
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade requests', exact: true }).click();
    await visible(page.getByTestId('order-table'));
  });

  // last: it moves the server's clock past every session's end
  test('a session that expired on the server lands on the sign-in page with the 1152 message', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await visible(page.getByTestId('welcome-card'));
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
    });
    const link = await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade requests', exact: true }).boundingBox();
    if (!link) throw new Error('no Trade requests link');
    const refusals: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/v0/web/auth/admin/refresh') && r.status() === 401) refusals.push(r.status());
    });
    // 13 hours on: past the 12 h a session lasts (the server's clock only: the console has seen no idle time)
    suite.ts.advanceClock(13 * 3600_000);
    // the admin clicks on (whatever the console asks first, the server refuses the session with
    // 1152: this click, a background call or the socket; the click lands wherever the page is then)
    await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
    await until(() => page.getByTestId('session-message').textContent()).toBe(SESSION_MESSAGES.expired);
    await until(() => new URL(page.url()).pathname).toBe('/auth/login/');
    expect(paths).toContain('/');
    expect(refusals.length).toBeGreaterThan(0);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await until(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('aurum.refreshToken'))).toBeNull();
  });
});
