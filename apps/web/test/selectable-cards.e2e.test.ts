import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { adminApi } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, docShot, signIn, until, useLanguage, visible } from './support/harness.ts';

/**
 * The lists with checkboxes fit a phone too: the checker's inbox and the holidays are a table at
 * 1280 px and a card per row at 390 px, with select-all above the cards, each card's checkbox
 * choosing that row for the page's action, nothing scrolling sideways, and no serious axe finding.
 */
const suite = browserSuite();

// a holiday to list (the demo data keeps none), added as an admin adds one
test.beforeAll(async () => {
  await adminApi(suite).call('POST', 'holiday/create', { name: 'Cards Day', date: '2031-11-17' });
});

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

const TEXT = {
  en: { approve: 'Approve (1)', deleteOne: 'Delete (1)', selectAll: 'Select all on this page', edit: 'Edit', update: 'Update holiday', cancel: 'Cancel', dateLabel: 'Date' },
  'zh-Hant': { approve: '核准 (1)', deleteOne: '刪除（1）', selectAll: '選取本頁全部', edit: '編輯', update: '更新假日', cancel: '取消', dateLabel: '日期' },
} as const;

for (const language of ['en', 'zh-Hant'] as const) {
  for (const width of [1280, 390] as const) {
    test(`${language} at ${width} px: the inbox and the holidays keep their checkboxes, ${width < 640 ? 'as cards' : 'as tables'}`, async () => {
      const text = TEXT[language];
      const cards = width < 640;
      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
      await page.setViewportSize({ width, height: 844 });
      await useLanguage(page, language);

      // the inbox: the demo data leaves requests awaiting a decision
      await page.goto(`${suite.ts.url}/inbox`);
      const inbox = page.locator(`${cards ? 'ul' : 'table'}[data-testid="inbox-table"]`);
      await visible(inbox);
      expect(await page.locator(`${cards ? 'table' : 'ul'}[data-testid="inbox-table"]`).count()).toBe(0);
      const first = inbox.locator('[data-testid^="inbox-row-"]').first();
      await visible(first);
      const key = (await first.getAttribute('data-testid'))!.replace('inbox-row-', '');
      // a card keeps what a row says: its kind, its link, its value
      if (cards) {
        expect((await first.locator('[data-column="value"] dd').textContent())?.trim()).not.toBe('');
        await visible(first.locator('[data-column="id"] a'));
        await visible(page.getByRole('checkbox', { name: text.selectAll }));
      }
      await page.getByTestId(`inbox-select-${key}`).check();
      await until(() => page.getByTestId('inbox-approve').textContent()).toBe(text.approve);
      await until(() => first.getAttribute('class')).toContain('bg-amber-50');
      await until(() => noSideways(page)).toBe(true);
      expect(await seriousAxeViolations(page), 'inbox').toEqual([]);
      if (cards) await docShot(page, `inbox-cards-${language}-${width}`);

      // the holidays: check one, Delete counts it; Edit opens it
      await page.goto(`${suite.ts.url}/system/holiday/`);
      const holidays = page.locator(`${cards ? 'ul' : 'table'}[data-testid="holiday-table"]`);
      await visible(holidays);
      const row = holidays.getByTestId('holiday-row').first();
      await visible(row);
      if (cards) expect(await row.locator('[data-column="date"] dt').textContent()).toBe(text.dateLabel);
      expect(await row.locator(cards ? '[data-column="date"] dd' : 'td').nth(cards ? 0 : 1).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      await row.getByRole('checkbox').check();
      await until(() => page.getByTestId('delete-holidays').textContent()).toBe(text.deleteOne);
      await row.getByRole('button', { name: new RegExp(`^${text.edit}`) }).click();
      const dialog = page.getByRole('dialog', { name: text.update });
      await visible(dialog);
      await dialog.getByRole('button', { name: text.cancel }).click();
      await until(() => dialog.count()).toBe(0);
      await until(() => noSideways(page)).toBe(true);
      expect(await seriousAxeViolations(page), 'holidays').toEqual([]);
      if (cards) await docShot(page, `holiday-cards-${language}-${width}`);
    });
  }
}
