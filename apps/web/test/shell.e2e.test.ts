import { expect, test } from '@playwright/test';
import { browserSuite, signIn, submitSignIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

test.describe('shell', () => {
  test('switches to Traditional Chinese and back to English, remembering the choice', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav.getByRole('link', { name: 'User list' }));

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(toast(page, '語言已切換為繁體中文。'));
    const zhNav = page.getByRole('navigation', { name: '主選單' });
    await visible(zhNav.getByRole('link', { name: '用戶列表' }));
    await visible(zhNav.getByRole('link', { name: '交易申請' }));
    await until(() => page.getByTestId('market-status').textContent()).toBe('連線中');
    await until(() => page.locator('html').getAttribute('lang')).toBe('zh-Hant');

    await page.reload();
    await visible(page.getByRole('navigation', { name: '主選單' }).getByRole('link', { name: '用戶列表' }));

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await visible(toast(page, 'Language changed to English.'));
    await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User list' }));
  });

  test('every sidebar entry opens its page and is the one highlighted', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const entries = [
      'User list',
      'Admin list',
      'Trade requests',
      'Deposit requests',
      'Withdrawal requests',
      'Transfer requests',
      'Trade history',
      'Constant',
      'Mode',
      'Holiday',
      'Log',
      'Notification',
    ];
    for (const name of entries) {
      await nav.getByRole('link', { name, exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name }));
      await until(() => nav.locator('[aria-current="page"]').textContent()).toBe(name);
    }
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await visible(page.getByTestId('welcome-card'));
  });

  test('the admin menu opens profile and edit for the signed-in admin', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const id = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('aurum.admin') ?? '{}') as { id: number }).id);
    await page.getByRole('button', { name: 'Admin menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await until(() => page.url()).toBe(`${suite.ts.url}/account/admin/info/?adminId=${id}`);
    await visible(page.getByRole('heading', { name: 'Admin information' }));
    // the previous path is handed to the page
    await until(() => page.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/');
    await page.getByRole('button', { name: 'Admin menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await until(() => page.url()).toBe(`${suite.ts.url}/account/admin/edit/?adminId=${id}`);
    await visible(page.getByRole('heading', { name: 'Edit admin' }));
  });

  test('unknown paths show the 404 page without the shell', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.goto(`${suite.ts.url}/no/such/page`);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await until(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  test('on a narrow screen the sidebar is a slide-in menu that closes on navigation', async () => {
    const page = await open({ width: 390, height: 844 });
    // narrow: the sidebar is hidden until opened
    await page.goto(`${suite.ts.url}/auth/login/`);
    await submitSignIn(page, suite.ts.demo.superAdmin);
    await visible(page.getByRole('button', { name: 'Open menu' }));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await visible(nav);
    await nav.getByRole('link', { name: 'Trade history' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Trade history' }));
    await until(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });
});

test.describe('shell: the keyboard and the palette', () => {
  for (const [language, width] of [['en', 1280], ['en', 390], ['zh-Hant', 1280], ['zh-Hant', 390]] as const) {
    test(`${language} at ${width} px: the first Tab offers a skip to the page, and the top bar opens the palette`, async () => {
      const page = await open();
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
      await page.setViewportSize({ width, height: 800 });
      if (language === 'zh-Hant') {
        await page.getByTestId('language-switcher').click();
        await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
        await visible(toast(page, '語言已切換為繁體中文。'));
      }
      const text = language === 'en' ? { skip: 'Skip to main content', search: 'Search or jump to…', palette: 'Command palette' } : { skip: '跳至主要內容', search: '搜尋或前往…', palette: '命令面板' };

      // a page just loaded (the language is remembered): the keyboard's first stop is the skip link, shown when focused
      await page.reload();
      await visible(page.getByTestId('market-status'));
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: text.skip });
      await until(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await until(() => skip.boundingBox().then((box) => (box ? box.width > 20 && box.height > 10 : false))).toBe(true);
      await page.keyboard.press('Enter');
      await until(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe('main');
      // the next Tab is inside the page, not back in the sidebar
      await page.keyboard.press('Tab');
      await until(() => page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

      // the palette is announced in the top bar, and opens from there as from Ctrl+K
      const button = page.getByRole('button', { name: text.search });
      await visible(button);
      await button.click();
      const palette = page.getByRole('dialog', { name: text.palette });
      await visible(palette);
      // an order found by its number reads its status as the order screens do ("Completed", not PAID)
      const [paid] = await suite.ts.db.query<{ id: number }>("SELECT id FROM orders WHERE status = 'PAID' ORDER BY id LIMIT 1");
      await page.keyboard.type(String(paid!.id));
      const found = palette.getByTestId('palette-order');
      await until(() => found.textContent()).toMatch(language === 'en' ? / · Completed$/ : / · 已完成$/);
      expect(await found.textContent()).not.toContain('PAID');
      await page.keyboard.press('Escape');
      await until(() => palette.count()).toBe(0);
      await until(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  }
});
