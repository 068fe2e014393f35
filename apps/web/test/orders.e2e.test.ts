import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { businessClock, businessDate } from '@aurum/domain/system/business-time';
// test harness only: money into a wallet the way the seed does it (a ledger posting)
import { postEntry } from '../../server/src/modules/ledger/ledger-service.ts';
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { SECURE, adminApi } from './support/api.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

/**
 * The order console against the real server: orders are created through the HTTP API (the
 * create screen has its own tests), then settled, paid, canceled and reverted on screen; limit
 * and market orders are watched filling live. The engine runs every 300 ms; interest starts a
 * day after settlement.
 */
const suite = browserSuite({
  env: { ORDER_ENGINE_INTERVAL_MS: '300', PRICE_TICK_MS: '200', ORDER_INTEREST_GRACE_DAYS: '1' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 11 }) },
});
const SHOTS = process.env.AURUM_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const admin = adminApi(suite);
const api = admin.call;

const userId = admin.userId;

/** XAU/MYR trades at any hour while trading period mode is on (DECISIONS.md §4). */
async function openMarket() {
  await api('POST', 'mode/set_trading_period', { enabled: true });
  // the market service hears of the mode change (and prices with it) a moment later
  await until(() => suite.ts.app.market.orderPricing()?.status.myr.available ?? false).toBe(true);
}

async function createOrder(body: { userId: number; action: 0 | 1; orderType: 'MARKET' | 'LIMIT'; quantity: string; price?: string }): Promise<number> {
  const r = await api<{ id: number }>('POST', 'order/create', { symbol: 'XAU/MYR', currency: 'MYR', goodTillDate: null, comment: 'from the browser test', ...body });
  return r.id;
}

const statusOf = (page: Page) => page.getByTestId('order-overview').getByTestId('order-status').getAttribute('data-status');
const rowOf = (page: Page, id: number) => page.getByTestId('order-table').locator('tbody tr').filter({ has: page.getByText(`#${id}`, { exact: true }) });
/** The number in a text ('1,234.50 MYR' -> 1234.5). */
const number = (text: string | null) => Number(/-?[\d,]+(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? NaN);

test.describe('orders console', () => {
  test('trade requests list open orders newest first with cursor pages and filters; a row opens Order Information', async () => {
    await openMarket();
    const aminah = await userId('aminah');
    for (let i = 0; i < 11; i++) await createOrder({ userId: aminah, action: 0, orderType: 'MARKET', quantity: '1' });
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade requests', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Trade requests' }));
    const rows = page.getByTestId('order-table').locator('tbody tr');
    await until(() => rows.count()).toBeGreaterThan(0);
    // only open orders: matching, unsettled, unpaid, overdue
    const statuses = await page.getByTestId('order-table').getByTestId('order-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    for (const s of statuses) expect(['matching', 'unsettled', 'unpaid', 'overdue']).toContain(s);
    // newest first
    const ids = (await page.getByTestId('order-link').allTextContents()).map((t) => Number(t.slice(1)));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // cursor pages of 10, newest first; no page parameter
    await until(() => rows.count()).toBe(10);
    const range = async () => (await page.getByTestId('page-range').textContent()) ?? '';
    await until(range).toMatch(/^1-10 of \d+$/);
    const total = Number(/of (\d+)$/.exec(await range())![1]);
    expect(total).toBeGreaterThan(10);
    const first = await page.getByTestId('order-link').allTextContents();
    await page.getByRole('button', { name: 'Next page' }).click();
    await until(() => new URL(page.url()).searchParams.get('before')).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await until(range).toBe(`11-${Math.min(20, total)} of ${total}`);
    const second = await page.getByTestId('order-link').allTextContents();
    expect(Number(second[0]!.slice(1))).toBeLessThan(Number(first.at(-1)!.slice(1)));
    await page.getByRole('button', { name: 'Previous page' }).click();
    await until(() => new URL(page.url()).searchParams.get('after')).toBeTruthy();
    await until(() => page.getByTestId('order-link').allTextContents()).toEqual(first);
    await until(range).toBe(`1-10 of ${total}`);
    await page.getByRole('button', { name: 'Last page' }).click();
    await until(() => page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await until(range).toMatch(new RegExp(`-${total} of ${total}$`));
    await page.getByRole('button', { name: 'First page' }).click();
    await until(() => page.getByTestId('order-link').allTextContents()).toEqual(first);
    await shot(page, 'orders-trade-requests');
    await page.getByTestId('create-order').click();
    await until(() => new URL(page.url()).pathname).toBe('/order/create');
    await page.goBack();
    await until(() => rows.count()).toBe(10);

    // filters: overdue ones of kilnworks (the display status maps back to the server's)
    await page.getByTestId('filter-button').click();
    const modal = page.getByTestId('filter-modal');
    await modal.getByLabel('User', { exact: true }).fill('kilnworks');
    await modal.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Overdue' }).check();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await until(() => page.getByTestId('filter-count').textContent()).toBe('2');
    await until(() => rows.count()).toBe(1);
    await visible(rows.first().getByText('kilnworks'));
    expect(await rows.first().getByTestId('order-status').getAttribute('data-status')).toBe('overdue');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await shot(page, 'orders-filtered');
    // status takes several values: Unpaid and Overdue at once, one chip that names both
    await page.getByTestId('filter-button').click();
    await modal.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Unpaid' }).check();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await until(() => new URL(page.url()).searchParams.get('status')).toBe('unpaid,overdue');
    await visible(page.getByTestId('filter-chips').getByText('Unpaid, Overdue'));
    await until(async () => (await rows.getByTestId('order-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).every((st) => st === 'unpaid' || st === 'overdue')).toBe(true);
    await page.getByTestId('filter-button').click();
    await modal.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Unpaid' }).uncheck();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await until(() => rows.count()).toBe(1);

    await page.getByTestId('order-link').first().click();
    await visible(page.getByRole('heading', { level: 1, name: /Order information #\d+/ }));
    await until(() => statusOf(page)).toBe('overdue');
    await visible(page.getByTestId('timeline').getByText('Interest started'));
    await visible(page.getByTestId('external-source').getByText('Desk'));
    // overdue: payment and revert are possible, settle and cancel are not
    expect(await page.getByTestId('action-settle').isDisabled()).toBe(true);
    expect(await page.getByTestId('action-cancel').isDisabled()).toBe(true);
    expect(await page.getByTestId('action-pay').isDisabled()).toBe(false);
    expect(await page.getByTestId('action-revert').isDisabled()).toBe(false);
    await shot(page, 'order-information-overdue');
  });

  test('a market order appears live, first as the cached Pending order, and is settled from Order Information', async () => {
    await openMarket();
    const aminah = await userId('aminah');
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    // the create screen remembers a new order in the session: the next id, not listed yet
    const [seq] = await suite.ts.db.query<{ last_value: string; is_called: boolean }>('SELECT last_value, is_called FROM orders_id_seq');
    const next = Number(seq!.last_value) + (seq!.is_called ? 1 : 0);
    await page.evaluate(
      ([id, user]) =>
        sessionStorage.setItem(
          'aurum.newOrders',
          JSON.stringify([{ id, userId: user, username: 'aminah', action: 'BUY', orderType: 'MARKET', symbol: 'XAU/MYR', currency: 'MYR', quantityGram: '1.5000', createdAt: new Date().toISOString() }]),
        ),
      [next, aminah] as const,
    );
    await page.goto(`${suite.ts.url}/order/?orderMode=tr`);
    const row = rowOf(page, next);
    await until(() => row.getByTestId('order-status').getAttribute('data-status')).toBe('pending');
    await shot(page, 'orders-pending');
    // created now (through the API): the socket tells, the list refetches, the cache lets go
    const id = await createOrder({ userId: aminah, action: 0, orderType: 'MARKET', quantity: '1.5' });
    expect(id).toBe(next);
    await until(() => row.getByTestId('order-status').getAttribute('data-status')).toBe('unsettled');
    await visible(row.getByTestId('order-link'));
    await until(() => page.evaluate(() => sessionStorage.getItem('aurum.newOrders'))).toBeNull();

    await row.getByTestId('order-link').click();
    await until(() => statusOf(page)).toBe('unsettled');
    await until(() => page.getByTestId('quantity-gram').textContent()).toBe('1.5000 g');
    await visible(page.getByTestId('timeline').getByText('Order placed'));
    await visible(page.getByTestId('timeline').getByText('Filled'));
    await shot(page, 'order-information-filled');
    await page.getByTestId('action-settle').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Settle' }).click();
    await visible(toast(page, `Order #${id} settled.`));
    // a fully funded buy owes nothing once settled: it completes at once
    await until(() => statusOf(page)).toBe('completed');
    await visible(page.getByTestId('timeline').getByText('Settled'));
    expect(await page.getByTestId('action-settle').isDisabled()).toBe(true);
    // a second settle (another admin, same moment) is a 409 with the server's text
    const again = await fetch(`${suite.ts.url}${SECURE}/order/settle/${id}/${aminah}`, { method: 'POST', headers: { authorization: `Bearer ${await admin.jwt()}` } });
    expect(again.status).toBe(409);
  });

  test('a limit order fills live on the list and on Order Information when the price crosses it', async () => {
    await openMarket();
    const shop = await userId('goldenlotus');
    const waiting = await createOrder({ userId: shop, action: 0, orderType: 'LIMIT', quantity: '2', price: '250.000' });
    const list = await suite.open();
    await signIn(list, suite.ts.url, suite.ts.demo.superAdmin, '/order/?orderMode=tr');
    await until(() => rowOf(list, waiting).getByTestId('order-status').getAttribute('data-status')).toBe('matching');
    expect(await rowOf(list, waiting).textContent()).toContain('250.000 MYR');

    const detail = await suite.open();
    await signIn(detail, suite.ts.url, suite.ts.demo.superAdmin, `/order/${waiting}`);
    await until(() => statusOf(detail)).toBe('matching');
    await until(() => detail.getByTestId('limit-price').textContent()).toBe('250.000 MYR/g');
    expect(await detail.getByTestId('action-cancel').isDisabled()).toBe(false);
    expect(await detail.getByTestId('action-revert').isDisabled()).toBe(true);

    // gold at 1,000 USD/oz: about 143 MYR/g, under the limit: the engine fills it
    await api('POST', 'price/manual', { metal: 'xau', bid: '1000.00', ask: '1001.00', expiresAt: null });
    try {
      await until(() => rowOf(list, waiting).getByTestId('order-status').getAttribute('data-status')).toBe('unsettled');
      await until(() => statusOf(detail)).toBe('unsettled');
      await visible(detail.getByTestId('timeline').getByText('Filled'));
      await until(async () => number(await detail.getByTestId('price-myr-g').textContent())).toBeLessThanOrEqual(250);
      await shot(list, 'orders-limit-filled');
      // two admins at once: this one confirms a settle another admin has just made; the server's 409 text shows
      await detail.getByTestId('action-settle').click();
      await visible(detail.getByTestId('confirm-dialog'));
      await api('POST', `order/settle/${waiting}/${shop}`);
      await detail.getByTestId('confirm-dialog').getByRole('button', { name: 'Settle' }).click();
      await visible(detail.getByTestId('toast').filter({ hasText: /Cannot settle an order that is (SETTLED|PAID); only FILLED orders can be\./ }));
      await until(() => statusOf(detail)).toBe('completed');
    } finally {
      await api('DELETE', 'price/manual/xau');
    }
  });

  test('cancel a waiting order; revert a filled one with a reason and find it in trade history', async () => {
    await openMarket();
    const shop = await userId('goldenlotus');
    const aminah = await userId('aminah');
    const waiting = await createOrder({ userId: shop, action: 0, orderType: 'LIMIT', quantity: '1', price: '100.000' });
    const filled = await createOrder({ userId: aminah, action: 0, orderType: 'MARKET', quantity: '1' });
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/order/${waiting}`);
    await until(() => statusOf(page)).toBe('matching');
    await page.getByTestId('action-cancel').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel order' }).click();
    await visible(toast(page, `Order #${waiting} canceled.`));
    await until(() => statusOf(page)).toBe('canceled');
    await visible(page.getByTestId('timeline').getByText('Canceled'));
    expect(await page.getByTestId('action-cancel').isDisabled()).toBe(true);

    await page.goto(`${suite.ts.url}/order/${filled}`);
    await until(() => statusOf(page)).toBe('unsettled');
    await page.getByTestId('action-revert').click();
    const dialog = page.getByTestId('revert-dialog');
    await dialog.getByRole('button', { name: 'Revert order' }).click();
    await visible(dialog.getByText('The field must not be empty'));
    await dialog.getByLabel('Reason').fill('Booked for the wrong customer');
    await shot(page, 'order-revert-dialog');
    await dialog.getByRole('button', { name: 'Revert order' }).click();
    await visible(toast(page, `Order #${filled} reverted.`));
    await until(() => statusOf(page)).toBe('reverted');
    await until(() => page.getByTestId('revert-reason').textContent()).toBe('Booked for the wrong customer');
    await until(() => page.getByTestId('revert-executor').textContent()).toBe(suite.ts.demo.superAdmin.username);
    await shot(page, 'order-information-reverted');

    // trade history: closed orders; the reverted one found by its id
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade history', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Trade history' }));
    await page.getByTestId('filter-button').click();
    await page.getByTestId('filter-modal').getByLabel('Order ID').fill(String(filled));
    await page.getByTestId('filter-modal').getByRole('button', { name: 'Apply' }).click();
    const rows = page.getByTestId('order-table').locator('tbody tr');
    await until(() => rows.count()).toBe(1);
    expect(await rows.first().getByTestId('order-status').getAttribute('data-status')).toBe('reverted');
    // the canceled one is history too; neither is a trade request
    await page.goto(`${suite.ts.url}/order/?orderMode=th&orderId=${waiting}`);
    await until(() => page.getByTestId('order-table').getByTestId('order-status').getAttribute('data-status')).toBe('canceled');
    await page.goto(`${suite.ts.url}/order/?orderMode=tr&orderId=${waiting}`);
    await visible(page.getByTestId('no-data'));
  });

  test('dashboard trade widgets and the order tabs of User Information', async () => {
    await openMarket();
    const kiln = await userId('kilnworks');
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const overview = page.getByTestId('trade-overview');
    await visible(overview);
    await visible(page.getByTestId('trade-requests-widget'));
    const filled = async () => number(await overview.getByTestId('count-FILLED').getByTestId('count-value').textContent());
    const before = await filled();
    // live: a new order (on the socket) counts at once
    await createOrder({ userId: kiln, action: 0, orderType: 'MARKET', quantity: '1' });
    await until(filled).toBe(before + 1);
    await shot(page, 'dashboard-trade-widgets');
    await page.getByTestId('trade-requests-view-all').click();
    await until(() => new URL(page.url()).search).toBe('?orderMode=tr');

    await page.goto(`${suite.ts.url}/account/user/${kiln}?tab=offlineOrder`);
    const offline = page.getByTestId('user-orders-offline');
    await visible(offline.getByTestId('order-summary'));
    // the seed's three offline orders of kilnworks, less the reverted one (a revert leaves the user's trade record)
    await until(() => offline.getByTestId('user-order-table-offline').locator('tbody tr').count()).toBe(2);
    await until(async () => number(await offline.getByTestId('summary-buy-total').textContent())).toBeGreaterThan(0);
    await shot(page, 'user-offline-orders');
    await page.getByRole('tab', { name: 'Online order' }).click();
    const online = page.getByTestId('user-orders-online');
    await until(() => online.getByTestId('user-order-table-online').locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    const types = await online.getByTestId('user-order-table-online').locator('tbody tr td:nth-child(2)').allTextContents();
    for (const type of types) expect(['Market', 'Limit']).toContain(type);
  });

  test('a role without order permissions sees every order action disabled', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.none!, '/order/?orderMode=tr&status=unsettled');
    await page.getByTestId('order-link').first().click();
    await until(() => statusOf(page)).toBe('unsettled');
    // the lines under the actions say why and who may, each naming the actions it holds
    for (const action of ['settle', 'pay', 'cancel', 'revert']) {
      const button = page.getByTestId(`action-${action}`);
      expect(await button.isDisabled()).toBe(true);
      const line = page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
      await visible(line);
      expect(await line.textContent(), action).toMatch(/Your role cannot do this\. Roles that can: .*Super admin.*\.$/);
    }
    await page.goto(`${suite.ts.url}/order/?orderMode=tr`);
    expect(await page.getByTestId('create-order').isDisabled()).toBe(true);
  });

  // last: it moves the server's clock (sessions end, every later moment is days ahead)
  test('pay an overdue order partly, then fully with interest for the payment date', async () => {
    await openMarket();
    const kiln = await userId('kilnworks');
    // on credit: the whole amount is owed
    const id = await createOrder({ userId: kiln, action: 0, orderType: 'MARKET', quantity: '20' });
    await api('POST', `order/settle/${id}/${kiln}`);
    await suite.ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId: kiln, createdBy: null, postings: [{ from: 'house:bank', to: `user:${kiln}:fund`, asset: 'MYR', amount: '20000.00' }] }),
    );
    // three days later: interest has run for two days (it starts one day after settlement); kept
    // clear of midnight in Kuala Lumpur, since the browser runs two minutes ahead and both must agree on the day
    const klMinuteOfDay = businessClock(new Date()).minutes;
    const days = 3 * 86_400_000 + (klMinuteOfDay > 24 * 60 - 10 ? 15 * 60_000 : 0);
    suite.ts.advanceClock(days);
    admin.forget();
    const page = await suite.open();
    // the browser's clock at the server's, two minutes ahead: what the server dates during the test is in the past for the browser
    const browserNow = () => Date.now() + days + 2 * 60_000;
    await page.clock.install({ time: browserNow() });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/order/${id}`);
    await until(() => statusOf(page)).toBe('overdue');
    const owedBefore = number(await page.getByTestId('pv-amount-owed').textContent());
    expect(owedBefore).toBeGreaterThan(7000);

    await page.getByTestId('action-pay').click();
    const dialog = page.getByTestId('payment-dialog');
    const owedToday = async () => number(await dialog.getByTestId('total-owed').textContent());
    await until(owedToday).toBeGreaterThan(owedBefore);
    const withInterest = await owedToday();
    // an earlier payment date: less interest
    const day = (offset: number) => {
      const [y, m, d] = businessDate(new Date(browserNow() + offset * 86_400_000)).split('-');
      return `${d}/${m}/${y}`;
    };
    const dateInput = dialog.getByLabel('Payment date');
    await dateInput.fill(day(-1));
    await dateInput.blur();
    await until(owedToday).toBeLessThan(withInterest);
    await dateInput.fill(day(0));
    await dateInput.blur();
    await until(owedToday).toBe(withInterest);
    await shot(page, 'order-payment-dialog');
    // more than owed: refused on the form
    await dialog.getByLabel(/Received amount/).fill(String(withInterest + 1));
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await visible(dialog.getByText(/Value must be less than or equal to/));
    // part payment
    await dialog.getByLabel(/Received amount/).fill('1,000.00');
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await visible(toast(page, 'Payment success: received 1,000.00 MYR.'));
    await until(async () => number(await page.getByTestId('pv-interest-paid').textContent())).toBeGreaterThan(0);
    await until(() => page.getByTestId('payments-table').locator('tbody tr').count()).toBe(1);
    await until(() => statusOf(page)).toBe('overdue');

    // the rest: what the dialog says is owed today
    await page.getByTestId('action-pay').click();
    await until(owedToday).toBeGreaterThan(0);
    const rest = await dialog.getByTestId('total-owed').locator('strong').textContent();
    const amount = rest!.replace(' MYR', '');
    await dialog.getByLabel(/Received amount/).fill(amount);
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await visible(toast(page, `Payment success: received ${amount} MYR.`));
    await until(() => statusOf(page)).toBe('completed');
    await until(() => page.getByTestId('pv-amount-owed').textContent()).toBe('0.00 MYR');
    await until(() => page.getByTestId('payments-table').locator('tbody tr').count()).toBe(2);
    await visible(page.getByTestId('timeline').getByText('Completed'));
    await shot(page, 'order-information-paid');
  });
});
