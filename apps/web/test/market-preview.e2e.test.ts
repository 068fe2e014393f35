import { expect, test } from '@playwright/test';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { isBusinessDay } from '@aurum/domain/system/market-status';
// a live price feed for the console: the server's simulated source, fast ticks (test harness only)
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

/**
 * After regular hours with trading-period mode on, XAU/MYR is open and XAU/USD
 * is closed (decision 0611). The Create Order preview reads each pair's status as the top bar reads the frame:
 * XAU/MYR says 'trading period mode' (never 'bank closed'), XAU/USD says it is closed; the top bar
 * says what still trades beside its error colour, in both languages at 1280 (or 1400) and 390 px.
 */
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 11 }) },
});

/** The next 20:00 in Kuala Lumpur on a business day (after regular hours), or now when it is such an evening. */
function nextBusinessEvening(now: number, holidays: readonly string[]): number {
  for (let day = 0; day < 14; day++) {
    const candidate = startOfBusinessDay(businessDate(new Date(now)), day).getTime() + 20 * 3600_000;
    if (candidate >= now && isBusinessDay(new Date(candidate), holidays)) return candidate;
  }
  throw new Error('no business day within two weeks');
}

test.beforeAll(async () => {
  const holidays = (await suite.ts.db.query<{ d: string }>("SELECT to_char(date, 'YYYY-MM-DD') AS d FROM holidays")).map((r) => r.d);
  const offset = nextBusinessEvening(Date.now(), holidays) - Date.now();
  if (offset > 0) suite.ts.advanceClock(offset);
});

test.describe('create order preview: market status', () => {
  test('the preview says trading period mode for XAU/MYR after hours, never bank closed, and closed for XAU/USD', async () => {
    const page = await suite.open({ width: 1400, height: 900 });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    // trading-period mode on, through the screen an admin uses
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mode', exact: true }).click();
    const toggle = page.getByRole('switch', { name: 'Trading period mode' });
    await visible(toggle);
    await toggle.click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Activate' }).click();
    await until(() => toggle.getAttribute('aria-checked')).toBe('true');
    await until(() => suite.ts.app.market.orderPricing()?.status.myr.available ?? false).toBe(true);
    expect(suite.ts.app.market.orderPricing()?.status.usd.available).toBe(false);

    await page.goto(`${suite.ts.url}/order/create`);
    await visible(page.getByRole('heading', { level: 1, name: 'Create order' }));
    const form = page.getByTestId('create-order-online');
    // XAU/MYR is open through trading-period mode: that is what the preview says, not 'bank closed'
    const preview = page.locator('div').filter({ has: page.getByRole('heading', { level: 2, name: 'Preview', exact: true }) }).last();
    await until(() => preview.textContent()).toContain('trading period mode');
    expect(await preview.textContent()).not.toContain('bank closed');
    expect(await page.getByTestId('preview-closed').count()).toBe(0);
    // and limit orders are not taken then (order.json limitDisabled)
    expect(await form.getByRole('button', { name: 'Limit order' }).isDisabled()).toBe(true);
    // the top bar is not in the error colour's 'connecting' state: it reads the same frame
    await until(() => page.getByTestId('market-status-text').textContent()).not.toBe('connecting');

    // XAU/USD is closed after hours: the preview says so, with the bank's reason
    await form.getByRole('combobox', { name: 'Pair' }).click();
    await page.getByRole('option', { name: 'XAU/USD', exact: true }).click();
    await until(() => page.getByTestId('preview-closed').textContent()).toBe('Market closed: bank closed');

    // the top bar: in the error colour (something is closed), with what still trades beside it
    await until(() => page.getByTestId('market-status-open').textContent()).toBe('· XAU/MYR and offline orders still trading');
    expect(await page.getByTestId('market-status').getAttribute('data-state')).toBe('error');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await until(() => page.getByTestId('market-status-open').textContent()).toBe('· XAU/MYR和線下訂單 仍可交易');
    // and the other two pairings of language and width: Traditional Chinese at 1280 px, English at 390 px
    await page.setViewportSize({ width: 1280, height: 900 });
    await until(() => page.getByTestId('market-status-open').textContent()).toBe('· XAU/MYR和線下訂單 仍可交易');
    expect(await page.getByTestId('market-status').getAttribute('data-state')).toBe('error');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await until(() => page.getByTestId('market-status-open').textContent()).toBe('· XAU/MYR and offline orders still trading');
    expect(await page.getByTestId('market-status').getAttribute('data-state')).toBe('error');
  });
});
