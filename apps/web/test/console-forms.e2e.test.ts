import { describe, expect, it } from 'vitest';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { openUser } from './support/people.ts';

/**
 * Issue 15: what a careful staff member trips on in the forms and lists, each checked on screen
 * against the real server.
 */
const suite = browserSuite({ jobs: [] });

describe('console forms (issue 15)', () => {
  it('item 5: money and quantity inputs take thousands separators (a trade limit of 1,000 is saved as 1000)', async () => {
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

  it('item 6: counted words take their plural form (i18next plurals): one selected user, 1 recipient', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.goto(`${suite.ts.url}/action/notification/`);
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

  it('item 8: on a bank account its submitter cannot approve or decline: both disabled, the tooltip says why', async () => {
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
    }
  });
});
