import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { browserSuite, docShot, signIn, until, useLanguage, visible } from './support/harness.ts';

/**
 * Every paged list fits a phone: at 1280 px a table with its sortable headers; at 390 px each row a
 * card of the columns that matter (a request's amount and status among them), the sort as a field
 * and an order above the cards, a card's link opening its record, and nothing scrolls sideways.
 */
const suite = browserSuite();

const LISTS = [
  { name: 'users', path: '/account/user/', testId: 'user-table', link: /\/account\/user\/\d+/ },
  { name: 'requests', path: '/asset/?action=deposit', testId: 'request-table', link: /\/asset\/\d+/ },
  { name: 'admins', path: '/account/admin/', testId: 'admin-table', link: /\/account\/admin\/info/ },
  // the demo data sends no notification: an empty list
  { name: 'notifications', path: '/action/notification/', testId: 'notification-history', link: null },
] as const;

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('paged lists at any width', () => {
  test('en at 1280 px: each list is a table with sortable headers', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    for (const list of LISTS) {
      await page.goto(`${suite.ts.url}${list.path}`);
      const table = page.locator(`table[data-testid="${list.testId}"]`);
      await visible(table);
      expect(await page.getByTestId('card-sort').count(), list.name).toBe(0);
      if (list.name !== 'notifications') await visible(table.locator('tbody tr').first());
    }
  });

  test('zh-Hant at 390 px: each row is a card, sorted from above the cards, and a card opens its record', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, 'zh-Hant');
    for (const list of LISTS) {
      await page.goto(`${suite.ts.url}${list.path}`);
      const cards = page.locator(`ul[data-testid="${list.testId}"]`);
      // the demo data sends no notification: that list is empty, its sort already above where the cards go
      await visible(list.link ? cards : page.getByTestId('card-sort'));
      expect(await page.locator(`table[data-testid="${list.testId}"]`).count(), list.name).toBe(0);
      await until(() => noSideways(page)).toBe(true);
      await docShot(page, `list-cards-${list.name}-zh-Hant-390`);
      if (!list.link) continue;
      await visible(cards.locator('li').first());
      // a request's card keeps its amount and its status
      if (list.name === 'requests') {
        const first = cards.locator('li').first();
        expect(await first.locator('[data-column="value"] dd').textContent()).toMatch(/[\d,]+\.\d{2}/);
        expect((await first.locator('[data-column="status"] dd').textContent())?.trim()).not.toBe('');
        expect(await first.locator('[data-column="submittedBy"]').count()).toBe(0);
      }
      await cards.locator('li').first().getByRole('link').first().click();
      await until(() => page.url()).toMatch(list.link);
    }

    // the users' sort from above the cards: by username, then reversed
    await page.goto(`${suite.ts.url}/account/user/`);
    const sort = page.getByTestId('card-sort');
    await sort.getByRole('combobox').selectOption({ label: '使用者名稱' });
    await until(() => new URL(page.url()).searchParams.get('sort')).toBe('username');
    const names = async () => (await page.locator('ul[data-testid="user-table"] [data-column="username"] dd').allTextContents()).map((s) => s.trim());
    await until(async () => (await names()).length).toBeGreaterThan(1);
    const before = await names();
    const order = new URL(page.url()).searchParams.get('order');
    await sort.getByRole('button').click();
    await until(() => new URL(page.url()).searchParams.get('order')).not.toBe(order);
    // the other end of the list comes first
    await until(async () => (await names())[0]).not.toBe(before[0]);
  });
});
