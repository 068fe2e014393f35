import { expect, test } from '@playwright/test';
import { adminApi, approveDeposit, createDeposit } from './support/api.ts';
import { browserSuite, signIn, until, useLanguage, visible } from './support/harness.ts';

/**
 * The walk's smaller findings, each checked in both languages at 1280 and 390 px: a ledger note in
 * the reader's language, every audit classification named, an empty create-user form that starts
 * at its first field with no grey value in Country code, the pager's labels, money written one way,
 * auto settle's switch saying what happens now, and the saved views under the list's title. (The
 * skip link and the palette: shell.e2e.test.ts; the top bar after hours: market-preview.e2e.test.ts.)
 */
const suite = browserSuite();
let deposit = 0;

test.beforeAll(async () => {
  // newcomer's wallet gets one approved deposit: its ledger lines carry a note to read
  const maker = adminApi(suite, (ts) => ts.demo.byRole.financeMaker!);
  const approver = adminApi(suite, (ts) => ts.demo.byRole.financeApprover!);
  deposit = await createDeposit(suite, maker, 'newcomer', '2000.00');
  await approveDeposit(suite, approver, deposit);
});

const TEXT = {
  en: {
    note: (id: number) => `Deposit request ${id} approved`,
    createUser: 'Create user',
    username: /^Username/,
    countryCode: 'Country code',
    phoneHint: 'Country code without the + (60 for Malaysia), then the number.',
    pager: { nav: 'Pagination', size: 'Rows per page', moves: ['First page', 'Previous page', 'Next page', 'Last page'] },
    autoSettle: 'Now: XAU/USD orders are settled automatically.',
    classification: 'Action classification',
    tradeHistory: 'Trade history',
  },
  'zh-Hant': {
    note: (id: number) => `存入申請 ${id} 已核准`,
    createUser: '建立用戶',
    username: /^使用者名稱/,
    countryCode: '國碼',
    phoneHint: '先填國家代碼（不含 +，馬來西亞為 60），再填號碼。',
    pager: { nav: '分頁', size: '每頁筆數', moves: ['第一頁', '上一頁', '下一頁', '最後一頁'] },
    autoSettle: '目前：XAU/USD 訂單會自動結算。',
    classification: '操作類別',
    tradeHistory: '交易歷史',
  },
} as const;

for (const language of ['en', 'zh-Hant'] as const) {
  for (const width of [1280, 390] as const) {
    test(`${language} at ${width} px: the smaller fixes hold`, async () => {
      const text = TEXT[language];
      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
      await page.setViewportSize({ width, height: 844 });
      await useLanguage(page, language);

      // a ledger note written by the server reads in the console's language; money has its unit after it
      const newcomer = await adminApi(suite).userId('newcomer');
      await page.goto(`${suite.ts.url}/account/user/${newcomer}`);
      await until(() => page.getByTestId('wallet-note').allTextContents()).toContain(text.note(deposit));
      await until(() => page.getByTestId('wallet-fund').textContent()).toMatch(/^2,000\.00 MYR$/);

      // an empty create-user form: the keyboard goes to its first field, and Country code holds no grey value
      await page.goto(`${suite.ts.url}/account/user/create/`);
      await page.getByRole('button', { name: text.createUser }).click();
      await until(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toMatch(text.username);
      expect(await page.getByLabel(text.countryCode).getAttribute('placeholder')).toBeNull();
      await visible(page.getByText(text.phoneHint));

      // the pager's labels, in the reader's language
      await page.goto(`${suite.ts.url}/account/user/`);
      const pager = page.getByRole('navigation', { name: text.pager.nav });
      await visible(pager);
      await visible(pager.getByRole('combobox', { name: text.pager.size }));
      for (const move of text.pager.moves) expect(await pager.getByRole('button', { name: move, exact: true }).count(), move).toBe(1);

      // auto settle's switch says what happens now, not only OFF
      await page.goto(`${suite.ts.url}/system/mode/`);
      await until(() => page.getByTestId('mode-autoSettle-now').textContent()).toBe(text.autoSettle);

      // every audit classification has a name of its own, never its code twice
      await page.goto(`${suite.ts.url}/system/log/`);
      await page.getByRole('combobox', { name: text.classification, exact: true }).click();
      const options = page.getByRole('option');
      await until(() => options.count()).toBeGreaterThan(40);
      const unnamed = (await options.allTextContents()).filter((o) => /^(\S+) \(\1\)$/.test(o.trim()));
      expect(unnamed).toEqual([]);
      await page.keyboard.press('Escape');

      // a list's saved views sit under its title
      await page.goto(`${suite.ts.url}/order/?orderMode=th`);
      const title = page.getByRole('heading', { level: 1, name: text.tradeHistory });
      await visible(title);
      await visible(page.getByTestId('saved-views'));
      const [head, views] = await Promise.all([title.boundingBox(), page.getByTestId('saved-views').boundingBox()]);
      expect(views!.y).toBeGreaterThan(head!.y + head!.height - 1);
    });
  }
}
