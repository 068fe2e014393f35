import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { businessDate } from '@aurum/domain/system/business-time';
import { adminApi } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();

/** The English names of the user categories, as the console shows them. */
const CATEGORY_NAMES = (JSON.parse(readFileSync(new URL('../src/locales/en/user.json', import.meta.url), 'utf8')) as { categories: Record<string, string> }).categories;

test.describe("finance: the dealer's P&L", () => {
  test('a finance approver opens the P&L, sees the spread of a fill and drills down to its posting and order', async () => {
    test.setTimeout(90_000);
    const maker = adminApi(suite, (ts) => ts.demo.byRole.financeMaker!);
    const userId = await maker.userId('aminah');
    // an offline buy of 1 g at 310 over a cost of 300: a spread of 10.00 posted now
    const order = await maker.call<{ id: number }>('POST', 'order/customize', {
      userId, action: 0, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', source: 'Desk', costPrice: '300.000', quotePrice: '310.000', exchangeRate: '4.5000', finalPrice: '310.000', note: 'pnl e2e', useAhtConfig: false,
    });
    const [user] = await suite.ts.db.query<{ category: string }>('SELECT category FROM users WHERE id = $1', [userId]);
    const today = businessDate(new Date());

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'P&L' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'P&L' }));
    await visible(page.getByTestId('pnl-chart'));
    const table = page.getByRole('table', { name: 'P&L per period, metal and category' });
    const spread = table.getByRole('button', { name: new RegExp(`^Spread of ${today} XAU ${CATEGORY_NAMES[user!.category]!}: [0-9,.-]+, show what is behind it$`) });
    await visible(spread);
    expect(Number(((await spread.textContent()) ?? '').replace(/,/g, ''))).toBeGreaterThanOrEqual(10);
    expect(await seriousAxeViolations(page), 'axe: the P&L').toEqual([]);

    await spread.click();
    const drawer = page.getByRole('dialog', { name: 'Spread postings' });
    await visible(drawer);
    const line = drawer.getByRole('row').filter({ has: page.getByRole('link', { name: String(order.id), exact: true }) });
    await visible(line);
    await expect(line).toContainText('order.income');
    await expect(line).toContainText('10.00 MYR');
    expect(await seriousAxeViolations(page), 'axe: the drill-down drawer').toEqual([]);

    await line.getByRole('link', { name: String(order.id), exact: true }).click();
    await until(() => new URL(page.url()).pathname).toBe(`/order/${order.id}/`);
  });
});
