import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { businessDate } from '@aurum/domain/system/business-time';
import { displayDate } from '@aurum/domain/system/display-date';
import { adminApi } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

/**
 * The finance desk's day, in one browser: a finance approver closes yesterday, reads today's P&L
 * and drills from a figure to its posting and order, then reads a customer's statement and, with
 * the console in Traditional Chinese, downloads it in the customer's language, whose PDF text is read back.
 */
const suite = browserSuite();

/** The English names of the user categories, as the console shows them. */
const CATEGORY_NAMES = (JSON.parse(readFileSync(new URL('../src/locales/en/user.json', import.meta.url), 'utf8')) as { categories: Record<string, string> }).categories;

/** Picks a user in the searchable select by typing its username and taking the first match. */
async function pickUser(page: Page, label: string, username: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByLabel('Search options').fill(username);
  await page.getByRole('option', { name: new RegExp(`^${username} · `) }).click();
}

test.describe("finance: a finance approver's day", () => {
  test("closes yesterday once its checks pass, drills from a P&L figure to its order, and downloads a statement in its customer's language from the console in Traditional Chinese", async () => {
    test.setTimeout(150_000);
    const today = businessDate(new Date());
    const yesterday = dayAfter(today, -1);
    const maker = adminApi(suite, (ts) => ts.demo.byRole.financeMaker!);
    const userId = await maker.userId('aminah');
    // an offline buy of 1 g at 310 over a cost of 300: a spread of 10.00 posted today
    const order = await maker.call<{ id: number }>('POST', 'order/customize', {
      userId, action: 0, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', source: 'Desk', costPrice: '300.000', quotePrice: '310.000', exchangeRate: '4.5000', finalPrice: '310.000', note: 'finance flow e2e', useAhtConfig: false,
      // round prices far from the simulated market: acknowledged, as the desk would (decision 0751)
      priceBandAcknowledged: true,
    });
    // a fresh server's journal starts today; the desk's hedge traded yesterday makes yesterday a day of the books
    await maker.call('POST', 'hedge/create', {
      clientRef: 'e2e-yesterday', provider: 'LBMA Desk', metal: 'XAU', side: 'BUY', quantity: '1', price: '300', currency: 'MYR', fee: '1', tradedAt: new Date(`${yesterday}T12:00:00+08:00`).toISOString(),
    });
    const [user] = await suite.ts.db.query<{ category: string }>('SELECT category FROM users WHERE id = $1', [userId]);

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    const nav = page.getByRole('navigation', { name: 'Main' });

    // 1. the day close: its checks pass, yesterday is closed, the journal takes nothing dated in it
    await nav.getByRole('link', { name: 'Day close' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Day close' }));
    expect(await page.getByTestId('last-closed').textContent()).toBe('None yet');
    for (const check of ['balanced', 'customerBooks', 'metalBooks']) await until(() => page.getByTestId(`close-check-${check}`).getAttribute('data-ok')).toBe('true');
    expect(await seriousAxeViolations(page), 'axe: the day close with its checks').toEqual([]);
    await page.getByRole('button', { name: `Close ${displayDate(yesterday)}` }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await visible(dialog.getByText(`Close ${displayDate(yesterday)}?`));
    await dialog.getByRole('button', { name: 'Close the day' }).click();
    await visible(page.getByTestId('toast').getByText(`${displayDate(yesterday)} is closed.`));
    await until(() => page.getByTestId('last-closed').textContent()).toBe(displayDate(yesterday));
    // the next day is shown with its own window: its start to the next day's start
    await until(() => page.getByTestId('close-stretch').textContent()).toBe(`Closing it covers the journal from ${displayDate(today)} 00:00 MYT to ${displayDate(dayAfter(today))} 00:00 MYT.`);
    const closed = page.getByRole('table', { name: 'Closed days' }).locator('tbody tr').first();
    expect(await closed.locator('td').first().textContent()).toBe(displayDate(yesterday));
    expect(await closed.locator('td').nth(3).textContent()).toBe(suite.ts.demo.byRole.financeApprover!.username);
    // a finance approver closes, only a superAdmin reopens
    expect(await closed.getByRole('button', { name: 'Reopen' }).count()).toBe(0);
    const refused = await suite.ts.db.query(`INSERT INTO ledger_entries (kind, created_at) VALUES ('test.finance', $1)`, [`${yesterday}T12:00:00+08:00`]).then(
      () => null,
      (e: { code?: string }) => e.code,
    );
    expect(refused).toBe('AU001');

    // 2. the P&L: today's spread of the fill, drilled down to its posting and its order
    await nav.getByRole('link', { name: 'P&L' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'P&L' }));
    await visible(page.getByTestId('pnl-chart'));
    const spread = page
      .getByRole('table', { name: 'P&L per period, metal and category' })
      .getByRole('button', { name: new RegExp(`^Spread of ${displayDate(today).replace(/\//g, '\\/')} XAU ${CATEGORY_NAMES[user!.category]!}: [0-9,.-]+, show what is behind it$`) });
    await visible(spread);
    expect(Number(((await spread.textContent()) ?? '').replace(/,/g, ''))).toBeGreaterThanOrEqual(10);
    expect(await seriousAxeViolations(page), 'axe: the P&L').toEqual([]);
    await spread.click();
    const drawer = page.getByRole('dialog', { name: 'Spread postings' });
    const line = drawer.getByRole('row').filter({ has: page.getByRole('link', { name: String(order.id), exact: true }) });
    await visible(line);
    await expect(line).toContainText('order.income');
    await expect(line).toContainText('10.00 MYR');
    expect(await seriousAxeViolations(page), 'axe: the drill-down drawer').toEqual([]);
    await line.getByRole('link', { name: String(order.id), exact: true }).click();
    await until(() => new URL(page.url()).pathname).toBe(`/order/${order.id}/`);

    // 3. a customer's statement of the month (the demo seed deposits this month), then its PDF from the console in Chinese
    await nav.getByRole('link', { name: 'Statements' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Statements' }));
    await visible(page.getByTestId('statement-pick-user'));
    await pickUser(page, 'Customer', 'kumar');
    const month = today.slice(0, 7);
    await until(() => page.url()).toContain(`month=${month}`);
    const table = page.getByRole('table', { name: 'Statement lines' });
    const closing = table.locator('tbody tr').filter({ hasText: 'Closing balance' });
    await visible(closing);
    const closingShown = (await closing.locator('td').nth(4).textContent()) ?? '';
    const closingMyr = closingShown.replace(/,/g, '');
    expect(closingMyr).toMatch(/^\d+\.\d{2}$/);
    expect(Number(closingMyr)).toBeGreaterThan(0);
    expect(await table.locator('tbody tr').filter({ hasText: 'Deposit' }).count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page), 'axe: a statement').toEqual([]);

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(page.getByRole('heading', { level: 1, name: '客戶結單' }));
    await visible(page.getByRole('table', { name: '結單明細' }).locator('tbody tr').filter({ hasText: '期末餘額' }));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '下載 PDF' }).click();
    const download = await downloading;
    // the PDF is in the customer's preferred language (English for kumar), whatever the console's
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-\\d+-${month}-01-${month}-\\d{2}-en\\.pdf$`));
    const bytes = await readFile((await download.path()) as string);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    for (const words of ['Customer statement', 'Opening balance', 'Closing balance', 'Deposit', 'kumar', closingShown]) expect(text, words).toContain(words);
    await visible(page.getByText(/^已儲存 statement-.*\.pdf$/));

    // the closed day reads the same in Chinese
    await page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '日結' }).click();
    await visible(page.getByRole('heading', { level: 1, name: '日結' }));
    expect(await page.getByTestId('last-closed').textContent()).toBe(displayDate(yesterday));
  });
});
