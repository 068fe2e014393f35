import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { businessClock, businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { isBusinessDay } from '@aurum/domain/system/market-status';
// a live price feed for the console: the server's simulated source, fast ticks (test harness only)
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { confirmReview, reviewOf } from './support/flows.ts';
import { apiSignIn, browserSuite, signIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite({
  env: { PRICE_TICK_MS: '200', ORDER_ENGINE_INTERVAL_MS: '300' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 11 }) },
});
const SHOTS = process.env.AURUM_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The next moment the market is open (a weekday, not a kept holiday, 10:00 in Kuala Lumpur), or now when it is. */
function nextTradingMoment(now: number, holidays: readonly string[]): number {
  const { minutes } = businessClock(new Date(now));
  if (isBusinessDay(new Date(now), holidays) && minutes >= 9 * 60 + 5 && minutes < 17 * 60) return now;
  for (let day = 0; day < 14; day++) {
    const candidate = startOfBusinessDay(businessDate(new Date(now)), day).getTime() + 10 * 3600_000;
    if (candidate > now && isBusinessDay(new Date(candidate), holidays)) return candidate;
  }
  throw new Error('no trading day within two weeks');
}

/** The first number in a text ('1,234.500 MYR/g' -> 1234.5). */
const number = (text: string | null) => Number(/-?[\d,]+(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? NaN);
/** dd/MM/yyyy of a date some days from now. */
const displayDate = (daysAhead: number) => {
  const [y, m, d] = businessDate(new Date(Date.now() + daysAhead * 86_400_000)).split('-');
  return `${d}/${m}/${y}`;
};

let token = '';
/** Reads what the server says about an order (GET order/{id}) as an admin would. */
async function orderDetail(id: number): Promise<{ status: string; orderType: string; action: string; quantity: { gram: string }; exchangeRate: string | null; price: { myrPerGram: string | null; limit: string | null }; adminNote: string | null; expiration: { type: string; date: string | null } }> {
  const r = await fetch(`${suite.ts.url}/v0/web/secure/order/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  return (await r.json()) as never;
}
async function signInApi(): Promise<void> {
  const r = await apiSignIn(suite.ts.url, suite.ts.demo.superAdmin);
  token = ((await r.json()) as { jwt: string }).jwt;
}
const ordersOf = async (username: string) =>
  (await suite.ts.db.query<{ id: number }>('SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = $1 ORDER BY o.id', [username])).map((r) => Number(r.id));

test.beforeAll(async () => {
  // the market must be open: move the server's clock to the next trading moment (before anyone signs in)
  const holidays = (await suite.ts.db.query<{ d: string }>("SELECT to_char(date, 'YYYY-MM-DD') AS d FROM holidays")).map((r) => r.d);
  const offset = nextTradingMoment(Date.now(), holidays) - Date.now();
  if (offset > 0) suite.ts.advanceClock(offset);
});

async function openCreate(kind: 'online' | 'offline' = 'online'): Promise<Page> {
  const page = await suite.open({ width: 1400, height: 900 });
  await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/order/create${kind === 'offline' ? '?kind=offline' : ''}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Create order' }));
  return page;
}

async function pickUser(page: Page, username: string) {
  await page.getByRole('combobox', { name: 'User' }).click();
  await page.getByLabel('Search options').fill(username);
  await page.getByRole('option', { name: new RegExp(`^${username} `) }).click();
  await visible(page.getByText(`Trading as ${username}`));
}

test.describe('create order', () => {
  test('places a market buy for a user from the screen, once however often it is clicked, and it fills', async () => {
    await signInApi();
    const page = await openCreate();
    const form = page.getByTestId('create-order-online');
    // the live preview follows the socket's prices
    await until(async () => number(await page.getByTestId('preview-live-price').textContent())).toBeGreaterThan(300);
    await pickUser(page, 'aminah');
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('2.5');
    // the total = the live MYR/g (the price of a market order) x 2.5 g, to the cent
    await until(async () => {
      const perGram = number(await page.getByTestId('preview-live-price').textContent());
      const amount = number(await page.getByTestId('preview-amount').textContent());
      return Math.abs(amount - Math.round(perGram * 2.5 * 100) / 100) <= 0.011 && amount > 0;
    }).toBe(true);
    await visible(page.getByTestId('preview-fee'));
    await shot(page, 'order-create-market');

    const before = await ordersOf('aminah');
    // nothing is sent before the review is confirmed: it shows what the price is made of, the total and the wallet after
    await form.getByRole('button', { name: 'Place order' }).click();
    const review = reviewOf(page);
    await visible(review.getByRole('heading', { name: 'Review the order' }));
    expect(await review.getByTestId('review-what').textContent()).toBe('Buy · XAU/MYR · Market order');
    expect(await review.getByTestId('review-quantity').textContent()).toBe('2.5000 g');
    await visible(review.getByTestId('review-published').getByText(/Premium [\d,.]+ MYR\/g included \(global\)/));
    const perGram = number(await review.getByTestId('review-per-gram').textContent());
    const total = number(await review.getByTestId('review-total').textContent());
    // the total is 2.5 g at the per-gram price, to the sen: the shown price is rounded to 0.001 and the
    // total half-up to 0.01, so they agree within half a sen plus 2.5 half-thousandths
    expect(Math.abs(total - perGram * 2.5)).toBeLessThanOrEqual(0.005 + 2.5 * 0.0005 + 1e-9);
    // aminah's fund (25,000.00 in the demo) less the total
    const fund = (await review.getByTestId('review-fund').textContent())!;
    expect(fund).toMatch(/^[\d,]+\.\d{2} → [\d,]+\.\d{2}$/);
    const [from, to] = fund.split(' → ').map(number);
    expect(from! - to!).toBeCloseTo(total, 2);
    expect(await ordersOf('aminah')).toEqual(before);
    await shot(page, 'order-create-review');
    // a double click is one submission: one order
    await review.getByRole('button', { name: 'Confirm and place' }).dblclick();
    await visible(toast(page, 'Order placed'));
    await until(() => new URL(page.url()).search).toBe('?orderMode=tr');
    const after = await ordersOf('aminah');
    expect(after.length).toBe(before.length + 1);
    const id = after.at(-1)!;
    await visible(toast(page, `Order ${id} for aminah`));
    // a market order fills at once at the live price: its information page says so
    await page.goto(`${suite.ts.url}/order/${id}`);
    await until(() => page.getByTestId('order-id').textContent()).toBe(String(id));
    const overview = page.getByTestId('order-overview');
    await visible(overview.getByText('Unsettled'));
    await until(() => overview.getByTestId('order-action').textContent()).toBe('Buy');
    await until(() => overview.getByTestId('quantity-gram').textContent()).toBe('2.5000 g');
    await shot(page, 'order-create-market-filled');
    const detail = await orderDetail(id);
    expect(detail).toMatchObject({ status: 'FILLED', orderType: 'market', action: 'buy', quantity: { gram: '2.5000' } });
  });

  test('refuses a quantity under the minimum or with too many decimals in the form, a side the user may not trade, and a quantity over the trade limit in the review', async () => {
    const page = await openCreate();
    const form = page.getByTestId('create-order-online');
    const before = await ordersOf('aminah');
    await pickUser(page, 'aminah');
    await form.getByRole('button', { name: 'Sell', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('0.5');
    await form.getByRole('button', { name: 'Place order' }).click();
    await visible(form.getByText('Minimum order quantity is 1 grams'));
    await form.getByLabel('Quantity (g)').fill('1.23456');
    await form.getByRole('button', { name: 'Place order' }).click();
    await visible(form.getByText('Decimal places cannot exceed 4 digits'));
    await shot(page, 'order-create-bad-quantity');
    expect(await ordersOf('aminah')).toEqual(before);
    // a buy-only user cannot be given a sell
    await pickUser(page, 'goldenlotus');
    await until(() => form.getByRole('button', { name: 'Sell', exact: true }).isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(false);
    // over the user's trade limit (1,000 g): the review names it, as the server's rule, and cannot be confirmed
    const lotus = await ordersOf('goldenlotus');
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('1,000.5');
    await form.getByRole('button', { name: 'Place order' }).click();
    const review = reviewOf(page);
    await visible(review.getByTestId('review-blocked').getByText("Over the customer's trade limit of 1,000.0000 g."));
    expect(await review.getByRole('button', { name: 'Confirm and place' }).isDisabled()).toBe(true);
    expect(await ordersOf('goldenlotus')).toEqual(lotus);
  });

  test('places a limit buy below the market (GTD), refuses one on the wrong side, and it fills when the price crosses it', async () => {
    await signInApi();
    const page = await openCreate();
    const form = page.getByTestId('create-order-online');
    await pickUser(page, 'aminah');
    await form.getByRole('button', { name: 'Limit order' }).click();
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('1,000');
    await until(async () => number(await page.getByTestId('preview-live-price').textContent())).toBeGreaterThan(300);
    const live = number(await page.getByTestId('preview-live-price').textContent());
    // a buy limit above the live price would fill at once: refused in the form
    await form.getByLabel('Limit price').fill((live + 50).toFixed(3));
    await form.getByRole('button', { name: 'Place order' }).click();
    await visible(form.getByText(/Price limit must be greater or less than [\d,]+\.\d{3}/));
    // fund 25,000 covers 1,000 g only at a price far lower: the review says so and cannot be confirmed
    await form.getByLabel('Limit price').fill((live - 20).toFixed(3));
    await form.getByRole('button', { name: 'GTD' }).click();
    await form.getByLabel('Good till date').fill(displayDate(10));
    await form.getByLabel('Good till date').blur();
    const before = await ordersOf('aminah');
    await form.getByRole('button', { name: 'Place order' }).click();
    const review = reviewOf(page);
    await visible(review.getByTestId('review-blocked').getByText(/^The customer cannot pay for this order: [\d,]+\.\d{2} MYR needed; fund [\d,]+\.\d{2} and credit [\d,]+\.\d{2} available\.$/));
    expect(await review.getByRole('button', { name: 'Confirm and place' }).isDisabled()).toBe(true);
    await review.getByRole('button', { name: 'Cancel' }).click();
    expect(await ordersOf('aminah')).toEqual(before);

    await form.getByLabel('Quantity (g)').fill('10');
    await until(async () => number(await page.getByTestId('preview-amount').textContent())).toBeCloseTo((live - 20) * 10, 1);
    await shot(page, 'order-create-limit');
    await form.getByRole('button', { name: 'Place order' }).click();
    await visible(reviewOf(page).getByText('When the order fills, at its limit'));
    await confirmReview(page);
    await visible(toast(page, 'Order placed'));
    const after = await ordersOf('aminah');
    expect(after.length).toBe(before.length + 1);
    const id = after.at(-1)!;
    let detail = await orderDetail(id);
    expect(detail.status).toBe('CREATED');
    expect(detail.orderType).toBe('limit');
    expect(detail.price.limit).toBe((live - 20).toFixed(3));
    expect(detail.expiration.type).toBe('GTD');

    // the price falls through the limit (a manual gold price): the engine fills it
    const manual = await fetch(`${suite.ts.url}/v0/web/secure/price/manual`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ metal: 'xau', bid: '2000.00', ask: '2001.00', expiresAt: null }),
    });
    expect(manual.status).toBe(200);
    await until(async () => (await orderDetail(id)).status).toBe('FILLED');
    await page.goto(`${suite.ts.url}/order/${id}`);
    await visible(page.getByTestId('order-overview').getByText('Unsettled'));
    detail = await orderDetail(id);
    expect(Number(detail.price.myrPerGram)).toBeLessThanOrEqual(live - 20);
    await fetch(`${suite.ts.url}/v0/web/secure/price/manual/xau`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });

  test('enters an offline order with customised prices and after-hour constants', async () => {
    await signInApi();
    const page = await openCreate('offline');
    const form = page.getByTestId('create-order-offline');
    await pickUser(page, 'aminah');
    await form.getByRole('button', { name: 'Sell', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('1.5');
    await form.getByRole('button', { name: 'After-hour' }).click();
    await form.getByLabel('Source').fill('Desk phone');
    await form.getByLabel('Cost price').fill('370.5');
    await form.getByLabel('Quote price').fill('375');
    await form.getByLabel('Exchange rate (USD/MYR)').fill('4.45678');
    await form.getByLabel('Final price').fill('1,376.1234');
    await form.getByLabel('Admin note').fill('agreed by phone');
    const before = await ordersOf('aminah');
    await form.getByRole('button', { name: 'Place order' }).click();
    // the final price is far from the live mid (about 379 MYR/g): named, and Confirm waits for the tick
    const review = reviewOf(page);
    await visible(review.getByTestId('review-warnings').getByText(/^Final price 1,376\.123 MYR\/g is [\d.]+% from the live mid [\d,.]+ MYR\/g\.$/));
    expect(await review.getByTestId('review-warnings').getByText(/^Cost price/).count()).toBe(0);
    const confirm = review.getByRole('button', { name: 'Confirm and place' });
    expect(await confirm.isDisabled()).toBe(true);
    await shot(page, 'order-create-offline-review');
    await review.getByRole('checkbox', { name: 'I have checked these prices and they are right' }).check();
    expect(await ordersOf('aminah')).toEqual(before);
    await confirm.click();
    // the final price is a price per gram with 3 decimals: sent as 1376.123
    await visible(toast(page, 'Order placed'));
    const id = (await ordersOf('aminah')).at(-1)!;
    const detail = await orderDetail(id);
    expect(detail.orderType).toBe('offline');
    expect(detail.status).toBe('FILLED');
    expect(detail.action).toBe('sell');
    expect(detail.exchangeRate).toBe('4.4568');
    expect(detail.price.myrPerGram).toBe('1376.123');
    expect(detail.adminNote).toBe('agreed by phone');
    const [row] = await suite.ts.db.query<{ use_aht_config: boolean; source: string }>('SELECT use_aht_config, source FROM orders WHERE id = $1', [id]);
    expect(row).toEqual({ use_aht_config: true, source: 'Desk phone' });
  });

  test('offline form: required fields are named before anything is sent', async () => {
    const page = await openCreate('offline');
    const form = page.getByTestId('create-order-offline');
    await form.getByRole('button', { name: 'Place order' }).click();
    await until(() => form.getByText('The field must not be empty').count()).toBeGreaterThanOrEqual(6);
    await shot(page, 'order-create-offline-empty');
  });
});
