import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();

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
    await until(() => row.locator('td').nth(6).textContent()).not.toBe('-');
    const [entry] = await suite.ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'finance.adjustment'");
    expect(entry!.n).toBe(1);
  });
});
