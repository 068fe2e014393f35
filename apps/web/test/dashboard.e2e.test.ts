import { expect, test } from '@playwright/test';
import { client } from '../../server/src/testing/client.ts';
import { PNG } from './support/api.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();


async function tokenOf(role: string): Promise<string> {
  const who = suite.ts.demo.byRole[role]!;
  const r = await client(suite.ts).login(who.username, who.password);
  expect(r.status).toBe(200);
  return r.body.jwt;
}

async function userId(username: string): Promise<number> {
  const [row] = await suite.ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return Number(row!.id);
}

/** POST asset/deposit/create as the finance maker (multipart with the receipt). */
async function createDeposit(username: string, amount: string): Promise<number> {
  const form = new FormData();
  form.append('userId', String(await userId(username)));
  form.append('type', 'MYR');
  form.append('amount', amount);
  form.append('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'slip.png');
  const r = await fetch(`${suite.ts.url}/v0/web/secure/asset/deposit/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf('financeMaker')}` } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { id: number }).id;
}

test.describe('dashboard', () => {
  test('shows every widget with live data', async () => {
    const page = await suite.open({ width: 1400, height: 1000 });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await visible(page.getByTestId('welcome-card'));
    await visible(page.getByRole('heading', { name: 'Live gold price' }));

    // the widgets in their order: requests (10, 11), trades (20, 21), the net position (25), constants (30)
    const ids = await page.locator('[data-testid^="widget-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    expect(ids).toEqual(['widget-deposit-requests', 'widget-withdrawal-requests', 'widget-trade-requests', 'widget-trade-overview', 'widget-net-position', 'widget-trade-constant']);

    // seeded pending requests
    const deposits = page.getByTestId('widget-deposit-requests');
    const withdrawals = page.getByTestId('widget-withdrawal-requests');
    await visible(deposits.getByRole('link', { name: /· kumar$/ }));
    await visible(withdrawals.getByRole('link', { name: /· bullionhouse$/ }));
    const pendingBefore = Number(await page.getByTestId('pending-deposit-count').textContent());

    // seeded orders: the open ones listed, counted by status
    const trades = page.getByTestId('widget-trade-requests');
    await visible(trades.getByRole('link', { name: '#1', exact: true }));
    expect(await trades.textContent()).toContain('goldenlotus');
    const overview = page.getByTestId('widget-trade-overview');
    const filledCount = () => overview.getByTestId('count-FILLED').getByTestId('count-value').textContent();
    await until(async () => Number(await filledCount())).toBeGreaterThan(0);
    const filledBefore = Number(await filledCount());

    // seeded trade constants of gold
    const constant = page.getByTestId('widget-trade-constant');
    await until(() => constant.getByTestId('constant-spread-regular').textContent()).toBe('2.50 / 2.50');
    await until(() => constant.getByTestId('constant-premium-afterHour').textContent()).toBe('2.00');
    await until(() => constant.getByTestId('constant-interestRate-regular').textContent()).toBe('8%');
    expect(await constant.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/system/constant/');

    // changes made elsewhere arrive without a reload
    const id = await createDeposit('aminah', '4321.00');
    await visible(deposits.getByRole('link', { name: `#${id} · aminah` }));
    await until(() => page.getByTestId('pending-deposit-count').textContent()).toBe(String(pendingBefore + 1));

    const api = client(suite.ts);
    // an offline order (filled at once): listed and counted without a reload
    const order = await api.call<{ id: number }>('POST', '/v0/web/secure/order/customize', {
      token: await tokenOf('financeMaker'),
      body: {
        userId: await userId('aminah'),
        action: 0,
        symbol: 'XAU/MYR',
        currency: 'MYR',
        quantity: '1',
        source: 'Desk',
        costPrice: '300.000',
        quotePrice: '300.000',
        exchangeRate: '4.5000',
        finalPrice: '300.000',
        note: 'dashboard e2e',
        useAhtConfig: false,
        // a round price far from the simulated market: acknowledged, as the desk would (decision 0751)
        priceBandAcknowledged: true,
      },
    });
    expect(order.status, order.text).toBe(200);
    await visible(trades.getByRole('link', { name: `#${order.body.id}`, exact: true }));
    await until(async () => Number(await filledCount())).toBe(filledBefore + 1);

    const spread = await api.call('POST', '/v0/web/secure/adjust/xau/spread/update', { token: await tokenOf('superAdmin'), body: { buySpread: '3.25', sellSpread: '1.75' } });
    expect(spread.status).toBe(200);
    await until(() => constant.getByTestId('constant-spread-regular').textContent()).toBe('3.25 / 1.75');

    await constant.getByRole('link', { name: 'View all' }).click();
    await until(() => new URL(page.url()).pathname).toBe('/system/constant/');
  });
});
