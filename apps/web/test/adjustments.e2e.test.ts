import { expect, test } from '@playwright/test';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { businessDate } from '@aurum/domain/system/business-time';
import { receiptFile } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();

/** The adjustments table's columns, in order. */
const COLUMNS = ['No.', 'Status', 'Movement', 'Value date', 'Evidence', 'Reversal', 'Reason', 'Proposed', 'Decided', 'Dated', 'Action'];

/** yyyy-MM-dd as the console shows it: dd/MM/yyyy. */
const shown = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

test.describe('finance: adjustments', () => {
  test('a finance maker proposes an adjustment between house books; a finance approver approves it and it is dated', async () => {
    test.setTimeout(90_000);
    const maker = await suite.open();
    await signIn(maker, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/finance/adjustments/');
    await visible(maker.getByRole('heading', { level: 1, name: 'Adjustments' }));
    const form = maker.getByRole('form', { name: 'Propose an adjustment' });
    await form.getByLabel('Amount (MYR)').fill('12.345');
    await form.getByLabel('Reason').fill('bank charge of the month');
    await form.getByRole('button', { name: 'Propose' }).click();
    await visible(form.getByText('Decimal places cannot exceed 2 digits'));
    await form.getByLabel('Amount (MYR)').fill('12.34');
    await form.getByRole('button', { name: 'Propose' }).click();
    const pending = maker.getByRole('table', { name: 'Adjustments' }).locator('tbody tr').filter({ hasText: 'bank charge of the month' });
    await visible(pending.getByText('Pending'));
    expect(await pending.locator('td').nth(2).textContent()).toBe('Trading desk, ringgit → Bank 12.34 MYR');
    // a maker does not decide
    expect(await pending.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await seriousAxeViolations(maker), 'axe: the adjustments with a pending one').toEqual([]);

    const checker = await suite.open();
    await signIn(checker, suite.ts.url, suite.ts.demo.byRole.financeApprover!, '/finance/adjustments/');
    const row = checker.getByRole('table', { name: 'Adjustments' }).locator('tbody tr').filter({ hasText: 'bank charge of the month' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await visible(row.getByText('Approved', { exact: true }));
    // the moment it is dated, once the list has come back with it
    await until(() => row.getByRole('cell').nth(COLUMNS.indexOf('Dated')).textContent()).not.toBe('-');
    const [entry] = await suite.ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'finance.adjustment'");
    expect(entry!.n).toBe(1);
  });

  test('a maker proposes an adjustment dated yesterday with an evidence image; a second admin approves it from the inbox after the confirmation shows what posts; it is posted on yesterday', async () => {
    test.setTimeout(120_000);
    const today = businessDate(new Date());
    const yesterday = dayAfter(today, -1);
    const maker = await suite.open();
    await signIn(maker, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/finance/adjustments/');
    const form = maker.getByRole('form', { name: 'Propose an adjustment' });
    await form.getByLabel('Amount (MYR)').fill('75.25');
    const valueDate = form.getByLabel('Value date');
    // nothing is closed: the first open day is today, the default
    await until(() => valueDate.inputValue()).toBe(shown(today));
    await valueDate.fill(shown(yesterday));
    await form.getByLabel('Reason').fill('custody fee of last night');
    await form.getByLabel('Evidence').setInputFiles(receiptFile());
    await form.getByRole('button', { name: 'Propose' }).click();
    const table = maker.getByRole('table', { name: 'Adjustments' });
    const pending = table.locator('tbody tr').filter({ hasText: 'custody fee of last night' });
    await visible(pending.getByText('Pending'));
    const id = Number(await pending.getByRole('cell').first().textContent());
    expect(await pending.getByRole('cell').nth(COLUMNS.indexOf('Value date')).textContent()).toBe(shown(yesterday));
    // the evidence, uploaded once the proposal exists, opens as the image
    await pending.getByRole('button', { name: `Evidence of #${id}`, exact: true }).click();
    const evidence = maker.getByTestId('evidence-dialog');
    const image = evidence.getByRole('img', { name: `Evidence of adjustment #${id}` });
    await visible(image);
    await until(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // closed by its button and awaited: the rest of the page is hidden from the locators while it is open
    await evidence.getByRole('button', { name: 'Close', exact: true }).click();
    await evidence.waitFor({ state: 'hidden' });
    // its maker may replace it while it is pending
    await visible(pending.getByLabel(`Replace the evidence of #${id}`));

    const checker = await suite.open();
    await signIn(checker, suite.ts.url, suite.ts.demo.byRole.financeApprover!, '/inbox/');
    const row = checker.getByTestId(`inbox-row-receipt.adjustment.${id}`);
    await visible(row.getByText(`Ledger adjustment dated ${shown(yesterday)}`));
    await row.getByRole('checkbox', { name: `Select Ledger adjustment #${id}` }).check();
    await checker.keyboard.press('a');
    const dialog = checker.getByTestId('inbox-confirm');
    const effect = dialog.getByRole('article', { name: `Ledger adjustment dated ${shown(yesterday)} #${id}` });
    await visible(effect.getByText(`Approving posts these lines, dated ${shown(yesterday)}:`));
    const lines = effect.getByRole('table', { name: `Lines of item #${id}` });
    expect(await lines.getByRole('columnheader').allTextContents()).toEqual(['Debit', 'Credit', 'Amount', 'Unit']);
    expect(await lines.locator('tbody tr').first().getByRole('cell').allTextContents()).toEqual(['Trading desk, ringgit', 'Bank', '75.25', 'MYR']);
    await visible(effect.getByRole('button', { name: `Evidence of #${id}`, exact: true }));
    expect(await seriousAxeViolations(checker), 'axe: the confirmation of a finance item').toEqual([]);
    // nothing has moved before the confirmation is submitted
    const entryOf = async () => (await suite.ts.db.query<{ entry_id: number | null }>('SELECT entry_id FROM ledger_adjustments WHERE id = $1', [id]))[0]!.entry_id;
    expect(await entryOf()).toBeNull();
    await dialog.getByTestId('inbox-confirm-submit').click();
    await visible(toast(checker, '1 item approved.'));
    await until(() => row.count()).toBe(0);

    // posted on its value date: the entry is dated in yesterday, the list says so
    const [entry] = await suite.ts.db.query<{ day: string }>(
      "SELECT to_char(created_at AT TIME ZONE 'Asia/Kuala_Lumpur', 'YYYY-MM-DD') AS day FROM ledger_entries WHERE id = $1",
      [await entryOf()],
    );
    expect(entry!.day).toBe(yesterday);
    await checker.goto(`${suite.ts.url}/finance/adjustments/`);
    const posted = checker.getByRole('table', { name: 'Adjustments' }).locator('tbody tr').filter({ hasText: 'custody fee of last night' });
    await visible(posted.getByText('Approved', { exact: true }));
    expect(await posted.getByRole('cell').nth(COLUMNS.indexOf('Value date')).textContent()).toBe(shown(yesterday));
    expect(await posted.getByRole('cell').nth(COLUMNS.indexOf('Dated')).textContent()).toBe(`${shown(yesterday)} 23:59 MYT`);
    // the maker may now propose its reversal by reference
    await maker.reload();
    await visible(table.locator('tbody tr').filter({ hasText: 'custody fee of last night' }).getByRole('button', { name: `Reverse adjustment #${id}` }));
  });
});
