import { expect, test } from '@playwright/test';
import { businessDate } from '@aurum/domain/system/business-time';
import { displayDate } from '@aurum/domain/system/display-date';
import { browserSuite, signIn, until, useLanguage, visible } from './support/harness.ts';

/**
 * Filters that show themselves (decisions 0750, 0752): several statuses at once, a range whose end
 * may not precede its start (said under the field, nothing applied), the applied filters as chips
 * that each remove their filter, and "Clear all"; in English at 1280 px and Traditional Chinese at 390 px.
 */
const suite = browserSuite();

const TEXT = {
  en: { filter: 'Filter', apply: 'Apply', status: 'Status', completed: 'Completed', canceled: 'Canceled', from: 'Created from', until: 'Created until', notBefore: 'Must not be before Created from.', chip: 'Status: Completed, Canceled', remove: 'Remove filter Status: Completed, Canceled', clearAll: 'Clear all filters' },
  'zh-Hant': { filter: '篩選', apply: '套用', status: '狀態', completed: '已完成', canceled: '已取消', from: '建立日期起', until: '建立日期至', notBefore: '不可早於建立日期起。', chip: '狀態: 已完成, 已取消', remove: '移除篩選 狀態: 已完成, 已取消', clearAll: '清除所有篩選' },
} as const;

test.describe('list filters', () => {
  for (const [language, width] of [['en', 1280], ['zh-Hant', 390]] as const) {
    test(`${language} at ${width} px: several statuses, a range refused end before start, chips that remove their filter`, async () => {
      const t = TEXT[language];
      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/order/?orderMode=th');
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);
      const today = businessDate(suite.ts.now());
      const yesterday = businessDate(new Date(suite.ts.now().getTime() - 86_400_000));

      await page.getByTestId('filter-button').click();
      const modal = page.getByTestId('filter-modal');
      const statuses = modal.getByRole('group', { name: t.status });
      await statuses.getByRole('checkbox', { name: t.completed }).check();
      await statuses.getByRole('checkbox', { name: t.canceled }).check();
      await modal.getByLabel(t.from, { exact: true }).fill(displayDate(today));
      await modal.getByLabel(t.until, { exact: true }).fill(displayDate(yesterday));
      await modal.getByRole('button', { name: t.apply }).click();
      // the end before the start: said under the field, and nothing is applied
      await visible(modal.getByText(t.notBefore));
      expect(new URL(page.url()).searchParams.get('status')).toBeNull();

      await modal.getByLabel(t.until, { exact: true }).fill(displayDate(today));
      await modal.getByRole('button', { name: t.apply }).click();
      await until(() => new URL(page.url()).searchParams.get('status')).toBe('completed,canceled');
      expect(new URL(page.url()).searchParams.get('createdBefore')).toBe(today);
      const chips = page.getByTestId('filter-chips');
      await visible(chips.getByText(t.chip, { exact: true }));
      expect(await chips.getByTestId('filter-chip').count()).toBe(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // a chip removes its own filter only; Clear all removes the rest
      await chips.getByRole('button', { name: t.remove }).click();
      await until(() => new URL(page.url()).searchParams.get('status')).toBeNull();
      expect(new URL(page.url()).searchParams.get('createdAfter')).toBe(today);
      await chips.getByRole('button', { name: t.clearAll }).click();
      await until(() => page.getByTestId('filter-chips').count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('createdAfter')).toBeNull();
    });
  }
});
