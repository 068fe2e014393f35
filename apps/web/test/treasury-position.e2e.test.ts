import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { adminApi } from './support/api.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

/**
 * The Treasury screen and the dashboard's net position widget (decision 0846) against the real server:
 * the position per metal, updated live when an order fills in another session, in both languages.
 */
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 18 }) },
});
const admin = adminApi(suite);
const dealer = adminApi(suite, (ts) => ts.demo.byRole.financeMaker!);

/** The number in a text ('-1,234.5000 g' -> -1234.5). */
const number = (text: string | null) => Number(/-?[\d,]+(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? NaN);
const goldNet = (page: Page) => page.getByTestId('position-XAU').getByTestId('line-net').getByTestId('grams').textContent();

test.describe('treasury position', () => {
  test('shows the position per metal, updates live when an order fills in another session, and the dashboard shows the net and its flag, in both languages', async () => {
    test.setTimeout(90_000);
    await admin.call('POST', 'mode/set_trading_period', { enabled: true });
    await until(() => suite.ts.app.market.orderPricing()?.status.myr.available ?? false).toBe(true);

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Treasury', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Treasury' }));
    const gold = page.getByTestId('position-XAU');
    await visible(gold.getByRole('rowheader', { name: 'Customer holdings' }));
    await visible(gold.getByRole('rowheader', { name: 'Owed on filled buys' }));
    await until(() => gold.getByTestId('mtm-myr').textContent()).toMatch(/MYR$/);
    await visible(gold.getByTestId('band-flag'));
    const before = number(await goldNet(page));
    const ounces = number(await gold.getByTestId('line-net').locator('td').nth(1).textContent());
    expect(ounces).toBeCloseTo(before / 31.1034768, 3);

    // another admin's market buy of 2 g fills: the house owes 2 g more, the screen follows by itself
    const aminah = await admin.userId('aminah');
    await dealer.call('POST', 'order/create', { userId: aminah, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '2', goodTillDate: null, comment: 'treasury live' });
    await until(async () => number(await goldNet(page))).toBeCloseTo(before - 2, 4);
    await visible(page.getByTestId('exposure-chart'));

    // limits: a target far from the net puts it outside its band
    await until(() => gold.getByTestId('band-flag').textContent()).toBe('Within the band');
    await page.getByTestId('edit-limits-XAU').click();
    const limits = page.getByTestId('limits-dialog');
    await limits.getByLabel('Target').fill('0');
    await limits.getByLabel('Band', { exact: true }).fill('1');
    // the offline price band is the treasury's data too: a band past 100% is refused under its field
    expect(await limits.getByLabel('Offline price band (%)').inputValue()).toBe('5.00');
    await limits.getByLabel('Offline price band (%)').fill('150');
    await limits.getByRole('button', { name: 'Save' }).click();
    await visible(limits.getByText('Value must be less than or equal to 100'));
    await limits.getByLabel('Offline price band (%)').fill('7.5');
    await limits.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'The limits are saved.'));
    const [band] = await suite.ts.db.query<{ b: string }>("SELECT offline_price_band::text AS b FROM treasury_settings WHERE metal = 'XAU'");
    expect(band!.b).toBe('7.50');
    await until(() => gold.getByTestId('band-flag').textContent()).toBe('Outside the band');
    await until(() => gold.getByTestId('target').textContent()).toBe('0.0000 g');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(toast(page, '語言已切換為繁體中文。'));
    await visible(page.getByRole('heading', { level: 1, name: '庫務' }));
    await visible(gold.getByRole('rowheader', { name: '淨頭寸' }));
    await visible(page.getByRole('heading', { name: '近 24 小時淨頭寸' }));

    await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '儀表板' }).click();
    const widget = page.getByTestId('net-position-XAU');
    await visible(page.getByTestId('widget-net-position').getByRole('heading', { name: '淨頭寸' }));
    await until(async () => number(await widget.getByTestId('net').textContent())).toBeCloseTo(before - 2, 4);
    await visible(widget.getByText('超出區間'));
  });
});
