import { expect, test } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { browserSuite, docShot, signIn, until, useLanguage, visible } from './support/harness.ts';

/**
 * An action that is off says why on the screen, beside it, and names the roles that may take it:
 * a new operations maker finds out that deposits are the finance maker's without hovering over
 * anything. In English at 1280 px and in Traditional Chinese at 390 px.
 */
const suite = browserSuite();

const WORDS = {
  en: { whoMay: (...roles: string[]) => new RegExp(`Your role cannot do this\\. Roles that can: ${roles.join('.*')}`), superAdmin: 'Super admin', financeMaker: 'Finance maker' },
  'zh-Hant': { whoMay: (...roles: string[]) => new RegExp(`您的角色不能執行此操作。可執行的角色：${roles.join('.*')}`), superAdmin: '超級管理員', financeMaker: '財務經辦員' },
} as const;

/** The button is off, and the visible text its aria-describedby names says `why`. */
async function saysWhy(page: Page, button: Locator, why: RegExp): Promise<void> {
  await until(() => button.isDisabled()).toBe(true);
  const ids = ((await button.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  expect(ids.length, 'the button points at its reason').toBeGreaterThan(0);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts.join(' ')).toMatch(why);
  for (const id of ids) expect(await page.locator(`[id="${id}"]`).isVisible()).toBe(true);
}

test.describe('blocked actions say why and who may', () => {
  for (const { language, width } of [
    { language: 'en', width: 1280 },
    { language: 'zh-Hant', width: 390 },
  ] as const) {
    test(`${language} at ${width} px: an operations maker reads that deposits are the finance maker's, and why a user's actions are off`, async () => {
      const w = WORDS[language];
      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.byRole.operationMaker!, '/asset/?action=deposit');
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);
      // the deposit requests' create button: off, the finance maker named beside it
      const create = page.getByRole('main').getByRole('button').filter({ has: page.locator(':scope[disabled]') }).first();
      await saysWhy(page, create, w.whoMay(w.superAdmin, w.financeMaker));
      await docShot(page, `blocked-deposit-${language}-${width}`);

      // a user's page: the actions this role lacks say so, with the roles that may
      const [aminah] = await suite.ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'");
      await page.goto(`${suite.ts.url}/account/user/${aminah!.id}`);
      await visible(page.getByTestId('wallet-fund'));
      const off = page.getByRole('main').locator('button[disabled][aria-describedby]');
      await until(() => off.count()).toBeGreaterThan(0);
      for (const button of await off.all()) await saysWhy(page, button, /./);
      // every reason is readable text on the page, none only a tooltip
      const reasons = page.getByTestId('blocked-reason');
      await until(() => reasons.count()).toBeGreaterThan(0);
      for (const r of await reasons.all()) expect(await r.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await docShot(page, `blocked-user-${language}-${width}`);
    });
  }
});
