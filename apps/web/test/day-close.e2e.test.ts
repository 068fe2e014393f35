import { expect, test } from '@playwright/test';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { businessDate } from '@aurum/domain/system/business-time';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();

test.describe('finance: the day close and adjustments', () => {
  test('a finance approver closes yesterday once its checks pass; an entry dated in it is refused afterwards', async () => {
    test.setTimeout(90_000);
    const yesterday = dayAfter(businessDate(new Date()), -1);
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Day close' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Day close' }));
    expect(await page.getByTestId('last-closed').textContent()).toBe('None yet');
    for (const check of ['balanced', 'customerBooks', 'metalBooks']) await until(() => page.getByTestId(`close-check-${check}`).getAttribute('data-ok')).toBe('true');
    expect(await seriousAxeViolations(page), 'axe: the day close with its checks').toEqual([]);

    await page.getByRole('button', { name: `Close ${yesterday}` }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await visible(dialog.getByText(`Close ${yesterday}?`));
    await dialog.getByRole('button', { name: 'Close the day' }).click();
    await visible(page.getByTestId('toast').getByText(`${yesterday} is closed.`));
    await until(() => page.getByTestId('last-closed').textContent()).toBe(yesterday);
    const row = page.getByRole('table', { name: 'Closed days' }).locator('tbody tr').first();
    expect(await row.locator('td').first().textContent()).toBe(yesterday);
    expect(await row.locator('td').nth(3).textContent()).toBe(suite.ts.demo.byRole.financeApprover!.username);
    // a finance approver closes, only a superAdmin reopens
    expect(await row.getByRole('button', { name: 'Reopen' }).count()).toBe(0);

    // what the close promised: the journal takes nothing dated in the day any more
    const refused = await suite.ts.db.query(`INSERT INTO ledger_entries (kind, created_at) VALUES ('test.finance', $1)`, [`${yesterday}T12:00:00+08:00`]).then(
      () => null,
      (e: { code?: string }) => e.code,
    );
    expect(refused).toBe('AU001');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(page.getByRole('heading', { level: 1, name: '日結' }));
    expect(await page.getByTestId('last-closed').textContent()).toBe(yesterday);
  });

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
