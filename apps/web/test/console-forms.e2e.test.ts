import { expect, test } from '@playwright/test';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { openUser } from './support/people.ts';

/**
 * What a careful staff member trips on in the forms and lists, each checked on screen
 * against the real server.
 */
const suite = browserSuite({ jobs: [] });

test.describe('console forms', () => {
  test('money and quantity inputs take thousands separators (a trade limit of 1,000 is saved as 1000)', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const id = await openUser(page, suite.ts.url, 'aminah');
    await page.getByRole('button', { name: 'Edit fees' }).click();
    await page.getByLabel('Trade limit (g)').fill('1,000');
    await page.getByLabel('Premium', { exact: true }).fill('1,234.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Fees and trade configuration saved.'));
    await until(() => page.getByTestId('config-tradeLimit').textContent()).toBe('1,000.0000 g');
    await until(() => page.getByTestId('config-premium').textContent()).toBe('1,234.500 MYR/g');
    // what the server stored
    const [row] = await suite.ts.db.query<{ trade_limit: string; premium: string }>('SELECT trade_limit::text, premium::text FROM users WHERE id = $1', [id]);
    expect(Number(row!.trade_limit)).toBe(1000);
    expect(Number(row!.premium)).toBe(1234.5);
  });

  test('counted words take their plural form (i18next plurals): one selected user, 1 recipient', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/action/notification/');
    await visible(page.getByRole('heading', { level: 1, name: 'Notification' }));
    await page.getByLabel('Subject').fill('Counted once');
    await page.getByLabel('Content').fill('One recipient only.');
    await page.getByLabel('Selected users').check();
    await page.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: 'aminah (Aminah Rahman)' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('send-notification').click();
    const confirm = page.getByTestId('confirm-dialog');
    await visible(confirm.getByText('“Counted once” goes to 1 selected user: aminah.'));
    await confirm.getByRole('button', { name: 'Send notification' }).click();
    await visible(toast(page, 'Notification sent.'));
    await visible(toast(page, '1 recipient; the e-mail goes out in the background.'));
    expect(await toast(page, '1 recipients').count()).toBe(0);
  });

  test('on a bank account its submitter cannot approve or decline: both disabled, why written under them', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await openUser(page, suite.ts.url, 'goldenlotus');
    // the declined account is submitted again by this admin: it is pending, and this admin is its maker
    await page.getByRole('button', { name: 'Update bank account' }).click();
    await page.getByLabel('Account number').fill('3123456780');
    await page.getByRole('button', { name: 'Save' }).click();
    await until(() => page.getByTestId('bank-status').textContent()).toBe('Pending');
    const why = 'You submitted this bank account: another admin must approve or decline it.';
    for (const name of ['Approve', 'Decline']) {
      const button = page.getByRole('button', { name, exact: true });
      await until(() => button.isDisabled()).toBe(true);
      expect(await button.getAttribute('title')).toBe(why);
      const line = page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
      await visible(line);
      expect(await line.textContent()).toBe(`Approve and Decline: ${why}`);
    }
  });

  test('the filter badge counts only filters that filter (a category of All is none)', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/account/user/');
    await visible(page.getByRole('table', { name: 'User list' }).getByRole('link', { name: 'aminah' }));
    await page.getByTestId('filter-button').click();
    const modal = page.getByTestId('filter-modal');
    await modal.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await until(() => modal.count()).toBe(0);
    expect(await page.getByTestId('filter-count').count()).toBe(0);
    // one real filter is one
    await page.getByTestId('filter-button').click();
    await modal.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Jewellery shop', exact: true }).click();
    await modal.getByRole('button', { name: 'Apply' }).click();
    await until(() => page.getByTestId('filter-count').textContent()).toBe('1');
  });

  test('a withdrawal value put right loses its validation message at once', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const userId = await openUser(page, suite.ts.url, 'aminah');
    await page.goto(`${suite.ts.url}/asset/create/?action=withdrawal&userId=${userId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Create withdrawal' }));
    await until(() => page.getByTestId('balance-fund').textContent()).toBe('25,000.00 MYR');
    const amount = page.getByLabel('Amount (MYR)');
    const form = page.getByTestId('request-form');
    await amount.fill('25000.01');
    await amount.blur();
    await visible(form.getByText('Withdrawal amount cannot be larger than the wallet balance'));
    // put right while still in the field: the message goes, no second blur needed
    await amount.focus();
    await amount.fill('250');
    await until(() => form.getByText('Withdrawal amount cannot be larger than the wallet balance').count()).toBe(0);
    await amount.fill('12.345');
    await visible(form.getByText('Decimal places cannot exceed 2 digits'));
    await amount.fill('12.34');
    await until(() => form.getByText('Decimal places cannot exceed 2 digits').count()).toBe(0);
  });
});
