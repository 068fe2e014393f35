import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { PNG_BASE64, receiptFile } from './support/api.ts';
import { browserSuite, docShot, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * Bulk decisions in the checker's inbox, as a checker reads them: a deposit, a withdrawal and a
 * transfer are never added into one total; the toast says what was done in the decision's own
 * word; what was decided stays on the page with its outcome once its rows leave the inbox; an item
 * another admin decides while the dialog is open leaves the selection at once (the live socket).
 */
const suite = browserSuite();
const maker = () => suite.ts.demo.byRole.financeMaker!;
const approver = () => suite.ts.demo.byRole.financeApprover!;

const userId = async (username: string) => Number((await suite.ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]))[0]!.id);

/** A request submitted from the maker's console (its session), as the request form sends it. */
async function submit(page: Page, action: 'deposit' | 'withdrawal' | 'transfer', fields: Record<string, string>): Promise<number> {
  return page.evaluate(
    async ({ action, fields, png }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('receipt', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'slip.png');
      const r = await fetch(`/v0/web/secure/asset/${action}/create`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${sessionStorage.getItem('aurum.accessToken') ?? ''}`, 'idempotency-key': crypto.randomUUID() },
      });
      if (!r.ok) throw new Error(`${action}: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { id: number }).id;
    },
    { action, fields, png: PNG_BASE64 },
  );
}

const WORDS = {
  en: { title: 'Inbox', approved: '2 items approved.', decided: 'Approved' },
  'zh-Hant': { title: '收件匣', approved: '已核准 2 項。', decided: '已核准' },
} as const;

test.describe('bulk decisions in the inbox', () => {
  for (const { language, width } of [
    { language: 'en', width: 1280 },
    { language: 'zh-Hant', width: 390 },
  ] as const) {
    test(`${language} at ${width} px: totals per kind, the toast in the decision's word, the outcome of each item kept on the page`, async () => {
      // aminah has money and an approved bank account (the demo data): she withdraws and sends
      const [payer, payee] = [await userId('aminah'), await userId('kilnworks')];
      const makerPage = await suite.open();
      await signIn(makerPage, suite.ts.url, maker());
      const deposit = await submit(makerPage, 'deposit', { userId: String(payee), type: 'MYR', amount: '2000.00' });
      const withdrawal = await submit(makerPage, 'withdrawal', { userId: String(payer), type: 'MYR', amount: '100.00' });
      const transfer = await submit(makerPage, 'transfer', { userId: String(payer), type: 'MYR', amount: '50.00', receiverUserId: String(payee) });
      const keys = [`receipt.deposit.${deposit}`, `receipt.withdrawal.${withdrawal}`, `receipt.transfer.${transfer}`];

      const page = await suite.open();
      await signIn(page, suite.ts.url, approver(), '/inbox');
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);
      await visible(page.getByRole('heading', { level: 1, name: WORDS[language].title }));
      for (const key of keys) await page.getByTestId(`inbox-select-${key}`).check();
      await page.getByTestId('inbox-approve').click();
      const dialog = page.getByTestId('inbox-confirm');
      // one row per kind, each with its own total: never 2,150.00 of unlike things
      await until(() => dialog.getByTestId('inbox-totals').locator('tbody tr').count()).toBe(3);
      expect(await dialog.getByTestId('inbox-total-deposit-myr').textContent()).toBe('2,000.00');
      expect(await dialog.getByTestId('inbox-total-withdrawal-myr').textContent()).toBe('100.00');
      expect(await dialog.getByTestId('inbox-total-transfer-myr').textContent()).toBe('50.00');
      expect(await dialog.textContent()).not.toContain('2,150.00');
      for (const key of keys) await dialog.getByTestId(`receipt-input-${key}`).setInputFiles(receiptFile());
      await until(() => dialog.getByTestId('inbox-missing-receipts').count()).toBe(0);
      await docShot(dialog, `bulk-decision-${language}-${width}`);

      // meanwhile another admin declines the transfer
      const other = await suite.open();
      await signIn(other, suite.ts.url, suite.ts.demo.superAdmin);
      const declined = await other.evaluate(async (id) => {
        const r = await fetch(`/v0/web/secure/asset/transfer/${id}/decline`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sessionStorage.getItem('aurum.accessToken') ?? ''}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ reason: 'declined elsewhere' }),
        });
        return r.status;
      }, transfer);
      expect(declined).toBe(200);
      // the open dialog follows: the transfer leaves the selection and its totals
      await until(() => dialog.getByTestId('inbox-totals').locator('tbody tr').count()).toBe(2);
      expect(await dialog.getByTestId('inbox-total-transfer').count()).toBe(0);

      await dialog.getByTestId('inbox-confirm-submit').click();
      await visible(toast(page, WORDS[language].approved));
      // what was done stays on the page, each item with its outcome, once the rows have gone
      const decided = page.getByTestId('inbox-decided');
      for (const key of keys) await until(() => page.getByTestId(`inbox-row-${key}`).count()).toBe(0);
      await until(() => decided.getByTestId(`inbox-decided-${keys[0]}`).textContent()).toContain(WORDS[language].decided);
      expect(await decided.getByTestId(`inbox-decided-${keys[0]}`).textContent()).toContain('2,000.00 MYR');
      expect(await decided.getByTestId(`inbox-decided-${keys[1]}`).textContent()).toContain(WORDS[language].decided);
      expect(await decided.getByTestId(`inbox-decided-${keys[2]}`).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await docShot(page, `bulk-decided-${language}-${width}`);
      // and each opens its record
      await decided.getByTestId(`inbox-decided-${keys[0]}`).getByRole('link').click();
      await until(() => page.url()).toContain(`/asset/${deposit}`);
    });
  }
});
