import { expect, test } from '@playwright/test';
import { businessDate } from '@aurum/domain/system/business-time';
import type { Page } from 'playwright-core';
// test harness only: money into a wallet the way the seed does it (a ledger posting)
import { postEntry } from '../../server/src/modules/ledger/ledger-service.ts';
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { SECURE, adminApi } from './support/api.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';
import { openUser } from './support/people.ts';

/**
 * The order screens against the real server: orders are made through the HTTP API
 * (XAU/MYR trades at any hour in trading-period mode), then looked at as a staff member would.
 */
const suite = browserSuite({
  env: { ORDER_ENGINE_INTERVAL_MS: '300', PRICE_TICK_MS: '200', ORDER_INTEREST_GRACE_DAYS: '1' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 11 }) },
});

const admin = adminApi(suite);
const api = admin.call;

const userId = admin.userId;

async function openMarket() {
  await api('POST', 'mode/set_trading_period', { enabled: true });
  await until(() => suite.ts.app.market.orderPricing()?.status.myr.available ?? false).toBe(true);
}

async function buy(user: number, quantity: string): Promise<number> {
  const r = await api<{ id: number }>('POST', 'order/create', { symbol: 'XAU/MYR', currency: 'MYR', goodTillDate: null, comment: 'order screens', userId: user, action: 0, orderType: 'MARKET', quantity });
  return r.id;
}

const number = (text: string | null) => Number(/-?[\d,]+(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? NaN);
const statusOf = (page: Page) => page.getByTestId('order-overview').getByTestId('order-status').getAttribute('data-status');

test.describe('order screens', () => {
  test('the cursor pager\'s last page holds only its own rows ("11-11 of 11", never "2-11 of 11")', async () => {
    await openMarket();
    const shop = await userId('goldenlotus');
    const count = async () => Number((await suite.ts.db.query<{ n: string }>('SELECT count(*)::text AS n FROM orders WHERE user_id = $1', [shop]))[0]!.n);
    // a total that leaves a short last page: 11 orders (or one more when the seed's orders make a multiple of 10)
    while ((await count()) < 11 || (await count()) % 10 === 0) await buy(shop, '1');
    const total = await count();
    const tail = total % 10;

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/order/?userCondition=UserName&userInput=goldenlotus');
    const rows = page.getByTestId('order-table').locator('tbody tr');
    await until(() => page.getByTestId('page-range').textContent()).toBe(`1-10 of ${total}`);
    const firstPage = await page.getByTestId('order-link').allTextContents();
    await page.getByRole('button', { name: 'Last page' }).click();
    await until(() => page.getByTestId('page-range').textContent()).toBe(`${total - tail + 1}-${total} of ${total}`);
    await until(() => rows.count()).toBe(tail);
    // no row of the last page is on another page
    const lastPage = await page.getByTestId('order-link').allTextContents();
    expect(lastPage.filter((id) => firstPage.includes(id))).toEqual([]);
    // and back one page: the full page before it
    await page.getByRole('button', { name: 'Previous page' }).click();
    await until(() => rows.count()).toBe(10);
    await until(() => page.getByTestId('page-range').textContent()).toBe(`${total - tail - 9}-${total - tail} of ${total}`);
  });

  test('a reverted order leaves the user\'s online-orders tab; the order filter badge counts user and status as two', async () => {
    await openMarket();
    const aminah = await userId('aminah');
    const kept = await buy(aminah, '1');
    const reverted = await buy(aminah, '1');
    await until(async () => (await api<{ status: string }>('GET', `order/${reverted}`)).status).toBe('FILLED');
    await api('POST', 'order/revert', { userId: aminah, orderId: reverted, reason: 'entered twice' });

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await openUser(page, suite.ts.url, 'aminah');
    await page.getByRole('tab', { name: 'Online order' }).click();
    const table = page.getByTestId('user-orders-online').getByTestId('user-order-table-online');
    await visible(table.getByText(`#${kept}`, { exact: true }));
    expect(await table.getByText(`#${reverted}`, { exact: true }).count()).toBe(0);

    // trade history still has it
    await page.goto(`${suite.ts.url}/order/?orderMode=th&userCondition=UserName&userInput=aminah`);
    await visible(page.getByTestId('order-table').getByText(`#${reverted}`, { exact: true }));

    // the filter badge: search by user name (how the user is read) + a user + a status = two filters
    await page.goto(`${suite.ts.url}/order/?orderMode=tr`);
    await page.getByTestId('filter-button').click();
    const modal = page.getByTestId('filter-modal');
    await modal.getByRole('combobox', { name: 'Search user by', exact: true }).click();
    await page.getByRole('option', { name: 'Username', exact: true }).click();
    await modal.getByLabel('User', { exact: true }).fill('aminah');
    await modal.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Unsettled' }).check();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await until(() => new URL(page.url()).searchParams.get('userCondition')).toBe('UserName');
    await until(() => page.getByTestId('filter-count').textContent()).toBe('2');
  });

  test('order payment shows the available fund and what is owed, and refuses more than the fund', async () => {
    await openMarket();
    const kiln = await userId('kilnworks');
    // on credit: the whole amount is owed; 500.00 MYR in the fund
    const id = await buy(kiln, '5');
    await until(async () => (await api<{ status: string }>('GET', `order/${id}`)).status).toBe('FILLED');
    await api('POST', `order/settle/${id}/${kiln}`);
    await suite.ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId: kiln, createdBy: null, postings: [{ from: 'house:bank', to: `user:${kiln}:fund`, asset: 'MYR', amount: '500.00' }] }),
    );
    const wallet = await api<{ balances: { fund: string } }>('GET', `user/${kiln}/wallet?page=1&limit=10`);
    const fund = Number(wallet.balances.fund);

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/order/${id}`);
    await until(() => statusOf(page)).toBe('unpaid');
    await page.getByTestId('action-pay').click();
    const dialog = page.getByTestId('payment-dialog');
    // both before submit: what the user has, what is owed
    await until(async () => number(await dialog.getByTestId('payment-available').textContent())).toBe(fund);
    await until(async () => number(await dialog.getByTestId('total-owed').textContent())).toBeGreaterThan(fund);
    // above the fund (below what is owed): refused on the form with SPEC's message, nothing sent
    const payments = async () => Number((await suite.ts.db.query<{ n: string }>('SELECT count(*)::text AS n FROM order_payments WHERE order_id = $1', [id]))[0]!.n);
    await dialog.getByLabel(/Received amount/).fill((fund + 1).toFixed(2));
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await visible(dialog.getByText('Payment value must be at most the fund or the amount owed'));
    expect(await payments()).toBe(0);
    // within the fund: taken
    await dialog.getByLabel(/Received amount/).fill('100.00');
    await until(() => dialog.getByText('Payment value must be at most the fund or the amount owed').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add payment' }).click();
    await until(payments).toBe(1);
  });

  test('Order Information has a summary header and grouped sections whose numbers agree with payment_view and total_owed; the payments table names its payment id column', async () => {
    await openMarket();
    const kiln = await userId('kilnworks');
    const id = await buy(kiln, '2');
    await until(async () => (await api<{ status: string }>('GET', `order/${id}`)).status).toBe('FILLED');
    await api('POST', `order/settle/${id}/${kiln}`);
    await suite.ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId: kiln, createdBy: null, postings: [{ from: 'house:bank', to: `user:${kiln}:fund`, asset: 'MYR', amount: '50.00' }] }),
    );
    const today = businessDate(new Date());
    const paid = await fetch(`${suite.ts.url}${SECURE}/order/payment/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await admin.jwt()}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ orderId: id, userId: kiln, amount: '25.00', paymentDate: today, note: null }),
    });
    expect(paid.status).toBe(200);
    const view = await api<{ amountTotal: string; amountPaid: string; amountOwed: string; interestOwed: string; payments: Array<{ id: number }> }>('POST', `order/payment_view/${id}`);
    const detail = await api<{ totalAmount: string; order: { balanceDeducted: string } }>('GET', `order/${id}`);
    const owed = await api<{ value: string }>('POST', 'order/total_owed', { orderId: id, paymentDate: today });

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/order/${id}`);
    const header = page.getByTestId('order-summary-header');
    await visible(header);
    await until(() => header.getByTestId('summary-status').locator('[data-status]').getAttribute('data-status')).toBe('unpaid');
    expect(await header.getByTestId('summary-action').textContent()).toBe('Buy');
    expect(await header.getByTestId('summary-quantity').textContent()).toBe('2.0000 g');
    await until(async () => number(await header.getByTestId('summary-total').textContent())).toBe(Number(view.amountTotal));
    await until(async () => number(await header.getByTestId('summary-paid').textContent())).toBe(Number(view.amountPaid));
    await until(async () => number(await header.getByTestId('summary-owed').textContent())).toBe(Number(owed.value));
    // grouped sections, in order, instead of one long list of label/value pairs
    const sections = ['order-details', 'section-pricing', 'payment-block', 'section-timeline', 'external-source', 'revert-info', 'section-audit'];
    for (const testId of sections) await visible(page.getByTestId(testId));
    const headings = await page.locator('main h2:not(.sr-only)').allTextContents();
    expect(headings).toEqual(['Order', 'Pricing', 'Payment', 'Timeline', 'External source', 'Hedges', 'Revert information', 'Audit']);
    // no Amounts block repeating the payment block
    for (const old of ['amount-paid', 'amount-unpaid', 'owed-myr', 'owed-xau', 'interest']) expect(await page.getByTestId(old).count(), old).toBe(0);
    // every figure agrees: the header and the payment section are payment_view, ...
    const figure = async (testId: string) => number(await page.getByTestId(testId).textContent());
    expect(await figure('pv-amount-total')).toBe(Number(view.amountTotal));
    expect(await figure('summary-total')).toBe(await figure('pv-amount-total'));
    expect(await figure('pv-amount-paid')).toBe(Number(view.amountPaid));
    expect(await figure('summary-paid')).toBe(await figure('pv-amount-paid'));
    expect(await figure('pv-amount-owed')).toBe(Number(view.amountOwed));
    // ... today's owed is what is owed plus the interest due (total_owed)
    expect(Number(owed.value)).toBeCloseTo(Number(view.amountOwed) + Number(view.interestOwed), 2);
    // ... and the trade's total amount is what the fill took from the balance plus what is left to pay
    expect(await figure('balance-deducted')).toBe(Number(detail.order.balanceDeducted));
    expect(await figure('total-amount')).toBe(Number(detail.totalAmount));
    expect(Number(detail.totalAmount)).toBeCloseTo(Number(detail.order.balanceDeducted) + Number(view.amountTotal), 2);
    // the payments table: its first column holds the payment's id, and says so
    const table = page.getByTestId('payments-table');
    expect((await table.locator('thead th').first().textContent())?.toLowerCase()).toBe('payment id');
    expect(await table.locator('tbody tr td').first().textContent()).toBe(String(view.payments[0]!.id));
  });
});
