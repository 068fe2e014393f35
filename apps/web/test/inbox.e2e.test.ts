import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { PNG_BASE64, receiptFile } from './support/api.ts';
import { confirmReview } from './support/flows.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();


const maker = () => suite.ts.demo.byRole.financeMaker!;
const approver = () => suite.ts.demo.byRole.financeApprover!;

/** The badge's number (0 when it is not shown). */
const badge = async (page: Page) => {
  const node = page.getByTestId('inbox-badge');
  return (await node.count()) === 0 ? 0 : Number(await node.textContent());
};

/** The maker's deposit request, submitted from the maker's own console (its session token) as the form does. */
async function submitDeposit(page: Page, username: string, amount: string): Promise<number> {
  const [user] = await suite.ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return page.evaluate(
    async ({ userId, amount, png }) => {
      const auth = { authorization: `Bearer ${sessionStorage.getItem('aurum.accessToken') ?? ''}` };
      const form = new FormData();
      form.set('userId', String(userId));
      form.set('type', 'MYR');
      form.set('amount', amount);
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      form.set('receipt', new Blob([bytes], { type: 'image/png' }), 'slip.png');
      const r = await fetch('/v0/web/secure/asset/deposit/create', { method: 'POST', body: form, headers: auth });
      if (!r.ok) throw new Error(`create: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { id: number }).id;
    },
    { userId: user!.id, amount, png: PNG_BASE64 },
  );
}

test.describe('checker inbox', () => {
  test("the sidebar badge follows a maker's submission in another browser context, live", async () => {
    const checker = await suite.open();
    await signIn(checker, suite.ts.url, approver());
    await visible(checker.getByTestId('nav-inbox'));
    // the seed leaves some requests and a bank account pending: the badge shows them once loaded
    await until(() => badge(checker)).toBeGreaterThan(0);
    const before = await badge(checker);

    const page = await suite.open();
    await signIn(page, suite.ts.url, maker(), '/asset/create/?action=deposit');
    await visible(page.getByRole('heading', { level: 1, name: 'Create deposit' }));
    await page.getByRole('combobox', { name: 'User', exact: true }).click();
    await page.getByLabel('Search options').fill('aminah');
    await page.getByRole('option', { name: /^aminah · / }).click();
    await page.getByLabel('Amount (MYR)').fill('42.00');
    await page.locator('input[type="file"]').setInputFiles(receiptFile());
    await page.getByRole('button', { name: 'Submit request' }).click();
    await confirmReview(page, 'Confirm and submit');
    await visible(page.getByRole('heading', { level: 1, name: 'Deposit details' }));

    // no reload on the checker's side: the socket told it
    await until(() => badge(checker)).toBe(before + 1);
    // the maker's own badge does not count what the maker submitted (a finance maker decides nothing anyway)
    expect(await badge(page)).toBe(0);
  });

  test('bulk approval with one receipt per request: picked in the row, dropped onto the row, totals in the dialog', async () => {
    const makerPage = await suite.open();
    await signIn(makerPage, suite.ts.url, maker());
    const ids: number[] = [];
    for (const amount of ['100.10', '200.20', '300.30']) ids.push(await submitDeposit(makerPage, 'aminah', amount));

    const checker = await suite.open();
    await signIn(checker, suite.ts.url, approver());
    await checker.getByTestId('nav-inbox').click();
    await visible(checker.getByRole('heading', { level: 1, name: 'Inbox' }));
    const row = (id: number) => checker.getByTestId(`inbox-row-receipt.deposit.${id}`);
    for (const id of ids) await visible(row(id));

    // select the three; receipts: two chosen in their rows, one dropped onto its row
    for (const id of ids) await checker.getByTestId(`inbox-select-receipt.deposit.${id}`).check();
    await checker.getByTestId(`receipt-input-receipt.deposit.${ids[0]}`).setInputFiles(receiptFile());
    await checker.getByTestId(`receipt-input-receipt.deposit.${ids[1]}`).setInputFiles(receiptFile());
    const dataTransfer = await checker.evaluateHandle((png) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      return transfer;
    }, PNG_BASE64);
    await row(ids[2]!).dispatchEvent('dragover', { dataTransfer });
    await row(ids[2]!).dispatchEvent('drop', { dataTransfer });
    await visible(row(ids[2]!).getByText('dropped.png'));

    // the keyboard: a opens the approval of the selection (the focus is still on a row's control)
    await checker.getByTestId(`inbox-select-receipt.deposit.${ids[2]}`).focus();
    await checker.keyboard.press('a');
    const dialog = checker.getByTestId('inbox-confirm');
    await visible(dialog.getByRole('heading', { name: 'Approve 3 items' }));
    // totals per kind (three deposits): never a sum across deposits, withdrawals and transfers
    await until(() => dialog.getByTestId('inbox-total-deposit-myr').textContent()).toBe('600.60');
    expect(await dialog.getByTestId('inbox-total-deposit-xau').textContent()).toBe('-');
    expect(await dialog.getByTestId('inbox-totals').locator('tbody tr').count()).toBe(1);
    expect(await dialog.getByTestId('inbox-missing-receipts').count()).toBe(0);
    await dialog.getByTestId('inbox-confirm-submit').click();
    await visible(toast(checker, '3 items approved.'));
    for (const id of ids) await until(() => row(id).count()).toBe(0);

    // each approved once, with its verified receipt
    for (const id of ids) {
      const view = await checker.evaluate(async (id) => {
        const r = await fetch(`/v0/web/secure/asset/${id}`, { headers: { authorization: `Bearer ${sessionStorage.getItem('aurum.accessToken') ?? ''}` } });
        return (await r.json()) as { status: string; verifiedBy: string; verifiedReceiptUrl: string | null };
      }, id);
      expect(view).toMatchObject({ status: 'approved', verifiedBy: approver().username });
      expect(view.verifiedReceiptUrl).not.toBeNull();
    }
  });
});
