import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { displayStatus } from '@aurum/domain/orders/order-status';
// the injected price feed: a gold quote the test sets, published by the job priceFeed (test harness only)
import { controlledSource } from '../../server/src/testing/controlled-source.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { adminApi } from './support/api.ts';
import { advanceClocksTo, confirmReview, nextBusinessMorning, numberIn, orderRows, serverStatus, shownStatus, syncClock } from './support/flows.ts';

/**
 * Order flows driven by an injected clock and price feed (decision 0734): the gold price comes from a
 * source the test sets; the order engine is not started, the test runs it at the moment it wants
 * (`app.jobs.get('orderEngine').runOnce(now)`); the server's clock and the browser's move
 * together. Sessions are long enough to outlive the clock's jumps (a day at most).
 */
const source = controlledSource();
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200', SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '72' },
  app: { priceSource: source },
  // every job a real process runs, but the order engine: the test runs it
  jobs: ['priceFeed', 'marketStatus', 'orderCounts', 'notifications', 'socketSweep', 'socketPing'],
});
const admin = adminApi(suite);
const api = admin.call;
/** One run of the order engine at the server's clock (or `at`); what it changed, by job. */
const runEngine = async (at?: Date) => (await suite.ts.app.jobs.get('orderEngine').runOnce(at ?? suite.ts.now())) as Record<string, number | null>;
/**
 * Sets the feed's gold quote and waits until the market prices orders with it from a tick taken
 * after the call (a quote from before the server's clock jumped reads as a stale feed: 1008).
 */
async function goldAt(bid: string, ask: string) {
  source.xau = { bid, ask };
  const since = suite.ts.now().getTime();
  await until(() => {
    const quotes = suite.ts.app.market.currentQuotes();
    return Boolean(quotes && Date.parse(quotes.at) >= since) && suite.ts.app.market.orderPricing()?.quote.ask === ask;
  }).toBe(true);
}
const pages: Page[] = [];
/** A signed-in console page on the server's clock. */
async function consolePage(): Promise<Page> {
  const page = await suite.open({ width: 1400, height: 900 });
  await syncClock(page, suite.ts);
  await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
  pages.push(page);
  return page;
}
let aminah = 0;

test.beforeAll(async () => {
  // 10:00 on a business day in Kuala Lumpur: the market is open and auto settle's 12:00 is ahead
  suite.ts.advanceClock((await nextBusinessMorning(suite.ts, 10)) - suite.ts.now().getTime());
  source.xau = { bid: '2000.00', ask: '2001.00' };
  aminah = await admin.userId('aminah');
});

test.describe('order flows on an injected clock and price feed', () => {
  test('a limit buy waits while the price is above it and fills, live on the list and on Order Information, when the price crosses it', async () => {
    // gold at 2001 USD/oz is about 290 MYR/g: a buy limit at 270 waits
    await goldAt('2000.00', '2001.00');
    const { id } = await api<{ id: number }>('POST', 'order/create', { userId: aminah, action: 0, orderType: 'LIMIT', quantity: '2', price: '270.000', symbol: 'XAU/MYR', currency: 'MYR', goodTillDate: null, comment: 'flows' });
    const list = await consolePage();
    await list.goto(`${suite.ts.url}/order/?orderMode=tr`);
    await until(() => orderRows(list, id).getByTestId('order-status').getAttribute('data-status')).toBe('matching');
    const detail = await consolePage();
    await detail.goto(`${suite.ts.url}/order/${id}`);
    await until(() => shownStatus(detail)).toBe('matching');
    await until(() => detail.getByTestId('limit-price').textContent()).toBe('270.000 MYR/g');

    await runEngine();
    expect(await serverStatus(suite.ts, id)).toBe('CREATED');

    // gold falls to 1801 USD/oz (about 261 MYR/g): the next engine run fills it at the live price
    await goldAt('1800.00', '1801.00');
    await runEngine();
    expect(await serverStatus(suite.ts, id)).toBe('FILLED');
    await until(() => orderRows(list, id).getByTestId('order-status').getAttribute('data-status')).toBe('unsettled');
    await until(() => shownStatus(detail)).toBe('unsettled');
    await visible(detail.getByTestId('timeline').getByText('Filled'));
    await until(async () => numberIn(await detail.getByTestId('price-myr-g').textContent())).toBeLessThanOrEqual(270);
    await goldAt('2000.00', '2001.00');
  });

  test('an order placed on Create Order shows as Pending until the list has it, then once, as the server has it', async () => {
    const page = await consolePage();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade requests', exact: true }).click();
    await visible(page.getByTestId('order-table'));
    // from now on the orders list answers only when the test lets it (a slow list)
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    await page.route('**/v0/web/secure/graphql', async (route) => {
      held += 1;
      await released;
      await route.continue();
    });

    await page.getByTestId('create-order').click();
    await visible(page.getByRole('heading', { level: 1, name: 'Create order' }));
    const form = page.getByTestId('create-order-online');
    await page.getByRole('combobox', { name: 'User' }).click();
    await page.getByLabel('Search options').fill('aminah');
    await page.getByRole('option', { name: /^aminah / }).click();
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('1.5');
    await form.getByRole('button', { name: 'Place order' }).click();
    await confirmReview(page);
    await visible(toast(page, 'Order placed'));
    const [last] = await suite.ts.db.query<{ id: number }>('SELECT max(id) AS id FROM orders WHERE user_id = $1', [aminah]);
    const id = Number(last!.id);
    await until(() => new URL(page.url()).search).toBe('?orderMode=tr');

    // the list still answers what it had: the new order is shown from the session's cache, Pending, without a link
    const rows = orderRows(page, id);
    await until(() => rows.getByTestId('order-status').getAttribute('data-status')).toBe('pending');
    expect(await rows.count()).toBe(1);
    expect(await rows.getByTestId('order-link').count()).toBe(0);
    await until(() => held).toBeGreaterThan(0);

    // the list answers with it: the cached row is replaced by the server's, never both
    release();
    await until(() => rows.getByTestId('order-status').getAttribute('data-status')).toBe('unsettled');
    expect(await rows.count()).toBe(1);
    await visible(rows.getByTestId('order-link'));
    await until(() => page.evaluate(() => sessionStorage.getItem('aurum.newOrders'))).toBeNull();
    // a reload shows it once, as the server has it
    await page.unroute('**/v0/web/secure/graphql');
    await page.reload();
    await until(() => rows.getByTestId('order-status').getAttribute('data-status')).toBe('unsettled');
    expect(await rows.count()).toBe(1);
  });

  test('auto settle mode keeps an XAU/USD fill unsettled until 12:00 in Kuala Lumpur; the engine run after it settles it, live', async () => {
    const page = await consolePage();
    await page.goto(`${suite.ts.url}/system/mode/`);
    await page.getByRole('switch', { name: 'Auto settle mode' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Activate' }).click();
    await visible(toast(page, 'Auto settle mode activated.'));
    await until(() => page.getByTestId('mode-autoSettle-state').textContent()).toBe('ON');
    await until(() => page.getByTestId('auto-settle-info').textContent()).toContain('12:00');

    const { id } = await api<{ id: number }>('POST', 'order/create', { userId: aminah, action: 0, orderType: 'MARKET', quantity: '1', symbol: 'XAU/USD', currency: 'USD', goodTillDate: null, comment: 'flows' });
    expect(await serverStatus(suite.ts, id)).toBe('FILLED');
    await page.goto(`${suite.ts.url}/order/${id}`);
    await until(() => shownStatus(page)).toBe('unsettled');
    await runEngine();
    expect(await serverStatus(suite.ts, id)).toBe('FILLED');

    // both clocks to 12:00:05 in Kuala Lumpur
    const noon = startOfBusinessDay(businessDate(suite.ts.now())).getTime() + 12 * 3600_000 + 5_000;
    expect(noon).toBeGreaterThan(suite.ts.now().getTime());
    await advanceClocksTo(suite.ts, pages, noon);
    expect((await runEngine()).autoSettle).toBeGreaterThanOrEqual(1);
    const status = await serverStatus(suite.ts, id);
    expect(['SETTLED', 'PAID']).toContain(status);
    await until(() => shownStatus(page)).toBe(displayStatus(status!, null, suite.ts.now()));
    await visible(page.getByTestId('timeline').getByText('Settled'));
    // the mode has re-enabled itself
    await page.goto(`${suite.ts.url}/system/mode/`);
    await until(() => page.getByTestId('mode-autoSettle-state').textContent()).toBe('OFF');
  });

  test('a good-till-date order waits through its date and expires, live, once the date has ended in Kuala Lumpur', async () => {
    const today = businessDate(suite.ts.now());
    const { id } = await api<{ id: number }>('POST', 'order/create', { userId: aminah, action: 0, orderType: 'LIMIT', quantity: '1', price: '100.000', symbol: 'XAU/MYR', currency: 'MYR', goodTillDate: today, comment: 'flows' });
    const page = await consolePage();
    await page.goto(`${suite.ts.url}/order/${id}`);
    await until(() => shownStatus(page)).toBe('matching');
    const list = await consolePage();
    await list.goto(`${suite.ts.url}/order/?orderMode=tr`);
    await until(() => orderRows(list, id).getByTestId('order-status').getAttribute('data-status')).toBe('matching');

    // 23:59 on its date: still good
    const midnight = startOfBusinessDay(today, 1).getTime();
    await advanceClocksTo(suite.ts, pages, midnight - 60_000);
    await runEngine();
    expect(await serverStatus(suite.ts, id)).toBe('CREATED');
    await until(() => shownStatus(page)).toBe('matching');
    // 00:00:05 the next day: the engine cancels it; the page and the list follow without a reload
    await advanceClocksTo(suite.ts, pages, midnight + 5_000);
    expect((await runEngine()).expire).toBeGreaterThanOrEqual(1);
    expect(await serverStatus(suite.ts, id)).toBe('CANCELED');
    await until(() => shownStatus(page)).toBe('canceled');
    await visible(page.getByTestId('timeline').getByText('Canceled'));
    // no longer a trade request
    await until(() => orderRows(list, id).count()).toBe(0);
  });
});
