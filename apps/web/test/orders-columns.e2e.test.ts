import { expect, test } from '@playwright/test';
import { browserSuite, docShot, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * The orders list fits its screen (decision 0752): its saved views under its title; at 1280 px staff choose its columns, and the
 * choice is kept in the address, so a saved view brings it back; at 390 px each order is a card that
 * keeps what an order is about, its status and amount included, and nothing scrolls sideways.
 */
const suite = browserSuite();
const LIST = '/order/?orderMode=th';

test.describe('the orders list at any width', () => {
  test('en at 1280 px: hiding Price is kept in the address and in a saved view', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, LIST);
    const table = page.getByRole('table', { name: 'Trade history' });
    await visible(table.locator('tbody tr').first());
    const headers = () => table.getByRole('columnheader').allTextContents();
    expect(await headers()).toContain('Price');

    await page.getByRole('button', { name: 'Columns (0 hidden) of Trade history' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Price' }).click();
    await page.keyboard.press('Escape');
    await until(headers).not.toContain('Price');
    expect(await headers()).toEqual(expect.arrayContaining(['Status', 'Amount (MYR)']));
    await until(() => new URL(page.url()).searchParams.get('hide')).toBe('price');

    // the saved views belong to the list: under its title, not above it
    const title = await page.getByRole('heading', { level: 1, name: 'Trade history' }).boundingBox();
    const views = await page.getByTestId('saved-views').boundingBox();
    expect(views!.y).toBeGreaterThan(title!.y + title!.height - 1);
    await page.getByTestId('save-view').click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill('No prices');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'View saved.'));

    // elsewhere, then back through the view: the same columns
    await page.goto(`${suite.ts.url}${LIST}`);
    await visible(table.locator('tbody tr').first());
    await page.getByRole('link', { name: /No prices/ }).click();
    await until(() => new URL(page.url()).searchParams.get('hide')).toBe('price');
    await until(headers).not.toContain('Price');
  });

  test('zh-Hant at 390 px: each order is a card with its status and amount, and the page does not scroll sideways', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, LIST);
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'zh-Hant');
    const cards = page.getByRole('list', { name: '交易歷史' }).getByRole('listitem');
    await visible(cards.first());
    expect(await page.getByRole('table', { name: '交易歷史' }).count()).toBe(0);
    const terms = await cards.first().getByRole('term').allTextContents();
    expect(terms).toEqual(expect.arrayContaining(['狀態', '金額 (MYR)']));
    expect(terms).not.toContain('價格');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await docShot(page, 'orders-cards-zh-Hant-390');
  });
});
