import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
// a live price feed for the console: the server's simulated source, fast ticks (test harness only)
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite({
      env: { PRICE_TICK_MS: '200' },
      app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00005, seed: 7 }) },
    });
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);
const SHOTS = process.env.AURUM_SCREENSHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The first number in a text ('1,234.50 MYR/g · …' -> 1234.5). */
const number = (text: string | null) => Number(/-?[\d,]+(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? NaN);

test.describe('live market', () => {
  test('the dashboard shows live prices within seconds and the top bar leaves connecting', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await until(() => page.getByTestId('market-status').getAttribute('data-state')).not.toBe('connecting');
    await until(async () => number(await page.getByTestId('price-myr-buy').textContent())).toBeGreaterThan(0);
    await until(async () => number(await page.getByTestId('price-usd-sell').textContent())).toBeGreaterThan(2000);
    await until(async () => number(await page.getByTestId('rate-bid').textContent())).toBeGreaterThan(4);
    await visible(page.getByTestId('pair-myr').getByText(/Open|Closed/));
    await visible(page.getByTestId('price-chart').locator('canvas').first());
    // the top bar says 'open' or the reason
    const text = await page.getByTestId('market-status-text').textContent();
    expect(['open', 'bank closed', 'system holiday', 'trading period mode']).toContain(text);
    await visible(page.getByTestId('welcome-card'));
    // a later live price reaches the panel (and the chart) before the picture
    const shown = await page.getByTestId('price-myr-buy').textContent();
    await until(() => page.getByTestId('price-myr-buy').textContent()).not.toBe(shown);
    await shot(page, 'dashboard');
  });

  test('editing a spread on the Constant screen moves the price in the dashboard panel', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Constant', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Constant' }));
    await visible(page.getByText('Active now'));
    const variant = (await page.getByTestId('variant-regular').getByText('Active now').count()) > 0 ? 'regular' : 'afterHour';
    await until(async () => number(await page.getByTestId(`buy-price-${variant}`).textContent())).toBeGreaterThan(0);
    // the demo feed simulates the integral and investing sources as walks of their own
    await until(async () => number(await page.getByTestId('exchange-integral').locator('td').first().textContent())).toBeGreaterThan(0);
    await until(async () => number(await page.getByTestId('exchange-investing').locator('td').first().textContent())).toBeGreaterThan(0);
    await until(() => page.getByTestId('adjust-source').textContent()).toBe(variant === 'regular' ? 'Regular' : 'After-hour');
    await shot(page, 'constant');

    // validation: too many decimals, then a negative spread
    await page.getByTestId(`edit-spread-${variant}`).click();
    const dialog = page.getByTestId('adjust-dialog');
    await dialog.getByLabel('Buy spread').fill('1.234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Decimal places cannot exceed 2 digits'));
    await dialog.getByLabel('Buy spread').fill('-1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('Value must not be negative'));
    await shot(page, 'constant-spread-dialog');
    // thousands separators are stripped before sending
    await dialog.getByLabel('Buy spread').fill('1,000.00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Spread updated.'));
    await until(() => page.getByTestId(`buy-spread-${variant}`).textContent()).toBe('1,000.00');

    // fees: the interest rate is typed in percent and shown in percent
    await page.getByTestId(`edit-fee-${variant === 'regular' ? 'afterHour' : 'regular'}`).click();
    await dialog.getByLabel('Interest rate (%)').fill('7.25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Fees updated.'));
    await until(() => page.getByTestId(`interest-rate-${variant === 'regular' ? 'afterHour' : 'regular'}`).textContent()).toBe('7.25 %');

    // currency: at most 4 decimals, then a bid change shown signed
    const other = variant === 'regular' ? 'afterHour' : 'regular';
    await page.getByTestId(`edit-currency-${other}`).click();
    await dialog.getByLabel('Bid change').fill('0.01255');
    await dialog.getByLabel('Ask change').click();
    await visible(dialog.getByText('Decimal places cannot exceed 4 digits'));
    await dialog.getByLabel('Bid change').fill('0.0125');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Currency adjustment updated.'));
    await until(() => page.getByTestId(`bid-change-${other}`).textContent()).toBe('+0.0125');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await until(async () => number(await page.getByTestId('price-usd-buy').textContent())).toBeGreaterThan(3500);
    await until(async () => number(await page.getByTestId('price-usd-sell').textContent())).toBeLessThan(3000);

    // back to a small spread
    await page.goto(`${suite.ts.url}/system/constant/`);
    await page.getByTestId(`edit-spread-${variant}`).click();
    await dialog.getByLabel('Buy spread').fill('0.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Spread updated.'));

    // the manual price screen is linked from here
    await page.getByTestId('manual-price-link').click();
    await visible(page.getByRole('heading', { level: 1, name: 'Manual metal price setting' }));
  });

  test('toggles each mode with a confirmation; panic mode turns the top bar red', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await until(() => page.getByTestId('market-status').getAttribute('data-state')).not.toBe('connecting');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mode', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Mode' }));
    await visible(page.getByTestId('auto-settle-info').getByText('re-enables itself at 12:00'));

    const flip = async (name: string, to: 'Activate' | 'Deactivate', done: string) => {
      await page.getByRole('switch', { name }).click();
      const confirm = page.getByTestId('confirm-dialog');
      await visible(confirm.getByText(`${to} ${name}?`));
      await confirm.getByRole('button', { name: to }).click();
      await visible(toast(page, done));
    };

    await flip('Panic mode', 'Activate', 'Panic mode activated.');
    await until(() => page.getByRole('switch', { name: 'Panic mode' }).getAttribute('aria-checked')).toBe('true');
    await until(() => page.getByTestId('market-status-text').textContent()).toBe('panic mode');
    await until(() => page.getByTestId('market-status').getAttribute('data-state')).toBe('error');
    expect(await page.getByTestId('market-status').getAttribute('class')).toContain('text-red-600');
    await shot(page, 'mode-panic');
    await flip('Panic mode', 'Deactivate', 'Panic mode deactivated.');
    await until(() => page.getByTestId('market-status-text').textContent()).not.toBe('panic mode');

    await flip('Trading period mode', 'Activate', 'Trading period mode activated.');
    await until(() => page.getByRole('switch', { name: 'Trading period mode' }).getAttribute('aria-checked')).toBe('true');
    await flip('Trading period mode', 'Deactivate', 'Trading period mode deactivated.');

    await flip('Auto settle mode', 'Activate', 'Auto settle mode activated.');
    await until(() => page.getByTestId('mode-autoSettle-state').textContent()).toBe('ON');
    await visible(page.getByTestId('auto-settle-info').getByText(/re-enables itself at \d\d\/\d\d\/\d{4}/));
    await flip('Auto settle mode', 'Deactivate', 'Auto settle mode deactivated.');
    await until(() => page.getByTestId('mode-autoSettle-state').textContent()).toBe('OFF');
  });

  test('adds, updates and deletes holidays; a date already kept is refused on the field', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Holiday', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Holiday' }));
    const rows = page.getByTestId('holiday-row');
    const before = await rows.count();
    const dialog = page.getByTestId('holiday-dialog');

    // add: required messages, then typed date
    await page.getByTestId('add-holiday').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('The field must not be empty').first());
    await dialog.getByLabel('Name').fill('Aurum Day');
    await dialog.getByLabel('Date').fill('24/12/2031');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Holiday added.'));
    await visible(rows.filter({ hasText: 'Aurum Day' }).getByText('24/12/2031'));
    expect(await rows.count()).toBe(before + 1);

    // add with the calendar: pick a day, then a date already kept
    await page.getByTestId('add-holiday').click();
    await dialog.getByLabel('Name').fill('Second Day');
    await dialog.getByLabel('Date').fill('24/12/2031');
    await dialog.getByTestId('date-field-calendar').click();
    const calendar = page.getByTestId('date-field-popover');
    await visible(calendar.getByText('December 2031'));
    // the week starts on Sunday
    expect((await calendar.locator('th').first().textContent())?.trim()).toMatch(/^Su/);
    await shot(page, 'holiday-calendar');
    await calendar.getByRole('button', { name: /December 24th, 2031/ }).click();
    await until(() => dialog.getByLabel('Date').inputValue()).toBe('24/12/2031');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('A holiday is already kept on this date'));
    await dialog.getByTestId('date-field-calendar').click();
    await calendar.getByRole('button', { name: /December 26th, 2031/ }).click();
    await until(() => dialog.getByLabel('Date').inputValue()).toBe('26/12/2031');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Holiday added.'));

    // update
    await page.getByRole('button', { name: 'Edit Second Day' }).click();
    await dialog.getByLabel('Name').fill('Boxing Day');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Holiday updated.'));
    await visible(rows.filter({ hasText: 'Boxing Day' }).getByText('26/12/2031'));
    await shot(page, 'holiday');

    // delete both
    await page.getByLabel('Select Aurum Day').check();
    await page.getByLabel('Select Boxing Day').check();
    await page.getByTestId('delete-holidays').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await visible(toast(page, '2 holidays deleted.'));
    await until(() => rows.count()).toBe(before);
  });

  test('an admin of role none sees the edit controls hidden or disabled', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.none!, '/system/constant/');
    await visible(page.getByTestId('buy-spread-regular'));
    await until(() => page.getByRole('button', { name: /^Edit (currency|spread|fees)$/ }).count()).toBe(0);
    await page.goto(`${suite.ts.url}/system/mode/`);
    await visible(page.getByRole('switch', { name: 'Panic mode' }));
    for (const name of ['Panic mode', 'Trading period mode', 'Auto settle mode']) expect(await page.getByRole('switch', { name }).isDisabled()).toBe(true);
    // each switch says what it means now, and who may turn it
    await until(() => page.getByTestId('mode-autoSettle-now').textContent()).toBe('Now: XAU/USD orders are settled automatically.');
    expect(await page.getByTestId('mode-panic-now').textContent()).toBe('Now: gold trades under the normal market rules.');
    expect(await page.getByTestId('mode-blocked').allTextContents()).toEqual(Array(3).fill('Your role cannot do this. Roles that can: Super admin and Operation approver.'));
    // and each switch points at its line, for a screen reader
    for (const name of ['Panic mode', 'Trading period mode', 'Auto settle mode']) {
      const line = await page.getByRole('switch', { name }).getAttribute('aria-describedby');
      expect(await page.locator(`[id="${line}"]`).textContent(), name).toBe('Your role cannot do this. Roles that can: Super admin and Operation approver.');
    }
    await page.goto(`${suite.ts.url}/system/holiday/`);
    await visible(page.getByTestId('holiday-table'));
    expect(await page.getByTestId('add-holiday').count()).toBe(0);
    expect(await page.getByTestId('delete-holidays').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await page.goto(`${suite.ts.url}/system/price/`);
    await visible(page.getByRole('heading', { level: 1, name: 'Manual metal price setting' }));
    expect(await page.getByRole('button', { name: 'Set price' }).count()).toBe(0);
    await shot(page, 'viewer-mode');
  });
});
