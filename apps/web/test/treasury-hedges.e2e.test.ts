import { expect, test } from '@playwright/test';
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { adminApi } from './support/api.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

/** The Hedges screens (decisions 0840-0846) against the real server: record a hedge covering an order, find it in the list, on its page and on the order's; both languages. */
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 21 }) },
});
const admin = adminApi(suite);

test.describe('treasury hedges', () => {
  test('records a hedge covering an order and shows it in the list, on its page with the spread and on the order, in both languages', async () => {
    test.setTimeout(90_000);
    await admin.call('POST', 'mode/set_trading_period', { enabled: true });
    await until(() => suite.ts.app.market.orderPricing()?.status.myr.available ?? false).toBe(true);
    const aminah = await admin.userId('aminah');
    const { id: orderId } = await admin.call<{ id: number }>('POST', 'order/create', { userId: aminah, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '3', goodTillDate: null, comment: 'hedged' });

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeMaker!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hedges', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Hedges' }));
    await page.getByTestId('record-hedge').click();
    const dialog = page.getByTestId('record-hedge-dialog');
    const clientRef = await dialog.getByLabel('Client reference').inputValue();
    expect(clientRef).toMatch(/^H-/);
    await dialog.getByLabel('Provider', { exact: true }).fill('Metalor');
    await dialog.getByLabel('Quantity (g)').fill('2');
    await dialog.getByLabel('Price', { exact: true }).fill('100');
    await dialog.getByLabel('Order ID', { exact: true }).fill(String(orderId));
    await dialog.getByLabel('Grams of the order covered').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'The hedge is recorded.'));

    // its page: the trade and the order it covers, with the spread at the order's price
    await visible(page.getByRole('heading', { level: 1, name: `Hedge ${clientRef}` }));
    await until(() => page.getByTestId('hedge-provider').textContent()).toBe('Metalor');
    const covered = page.getByTestId(`hedge-order-${orderId}`);
    await until(() => covered.getByTestId('covered-quantity').textContent()).toBe('2.0000 g');
    await until(() => covered.getByTestId('covered-spread').textContent()).toMatch(/^\+[\d,]+\.\d{2} MYR$/);

    // the list, with the grams linked
    await page.getByRole('link', { name: 'Back' }).click();
    const row = page.getByTestId('hedge-table').locator('tbody tr').filter({ hasText: clientRef });
    await visible(row);
    expect(await row.textContent()).toContain('Metalor');
    expect(await row.textContent()).toContain('2.0000 g');

    // the order shows the hedge covering it
    await page.goto(`${suite.ts.url}/order/${orderId}/`);
    const hedges = page.getByTestId('order-hedges');
    await visible(hedges.getByRole('link', { name: clientRef }));
    expect(await hedges.textContent()).toContain('2.0000 g');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(toast(page, '語言已切換為繁體中文。'));
    await visible(page.getByTestId('order-hedges').getByRole('heading', { name: '對沖' }));
    await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '對沖', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: '對沖' }));
    const zhRow = page.getByTestId('hedge-table').locator('tbody tr').filter({ hasText: clientRef });
    await visible(zhRow.getByText('已成交'));
    await visible(zhRow.getByText('買入'));
  });
});
