import { expect, test } from '@playwright/test';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { openUser, pick } from './support/people.ts';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

test.describe('users', () => {
  test('creates a user with address and phone, finds it in the list and edits its trade configuration', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/account/user/');
    await visible(page.getByRole('table', { name: 'User list' }).getByRole('link', { name: 'aminah' }));
    await page.getByRole('button', { name: 'Create user' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Create user' }));

    await page.getByLabel('Username', { exact: true }).fill('e2eshop');
    await page.getByLabel('Email', { exact: true }).fill('e2eshop@example.com');
    await page.getByLabel('First name').fill('Eva');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Password', { exact: true }).fill('Shop#Pass123');
    await page.getByLabel('Confirm password').fill('Shop#Pass123');
    // no grey "60" that reads as a value: the hint says what to type
    expect(await page.getByLabel('Country code').getAttribute('placeholder')).toBeNull();
    await visible(page.getByText('Country code without the + (60 for Malaysia), then the number.'));
    await page.getByLabel('Country code').fill('60');
    await page.getByLabel('Phone', { exact: true }).fill('123987654');
    await pick(page, 'Category', 'Jewellery shop');
    await page.getByLabel('Company name').fill('E2E Jewels');
    await page.getByLabel('Street (line 1)').fill('1 Jalan Emas');
    await page.getByLabel('City / town').fill('Kuala Lumpur');
    await page.getByLabel('State / province').fill('WP Kuala Lumpur');
    await page.getByLabel('Postal code').fill('50000');
    await page.getByLabel('Country', { exact: true }).fill('Malaysia');
    await page.getByRole('button', { name: 'Create user' }).click();

    await visible(toast(page, 'User e2eshop created.'));
    await visible(page.getByRole('heading', { level: 1, name: 'User information' }));
    await until(() => page.getByTestId('profile-phone').textContent()).toBe('+60 123987654');
    await until(() => page.getByTestId('address-city').textContent()).toBe('Kuala Lumpur');

    // the list finds it by e-mail, with its category badge
    await page.goto(`${suite.ts.url}/account/user/`);
    await pick(page, 'Search by', 'Email');
    await page.getByLabel('Search text').fill('e2eshop@');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until(() => new URL(page.url()).search).toBe('?condition=EMAIL&input=e2eshop%40&page=1');
    const table = page.getByRole('table', { name: 'User list' });
    await until(() => table.locator('tbody tr').count()).toBe(1);
    await visible(table.getByText('Jewellery shop'));
    await table.getByRole('link', { name: 'e2eshop' }).click();

    // trade configuration: interest rate in percent
    await page.getByRole('button', { name: 'Edit fees' }).click();
    await pick(page, 'Allowed action', 'Buy only');
    await page.getByLabel('Interest rate (%)').fill('2.5');
    await page.getByLabel('Trade limit (g)').fill('100');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Fees and trade configuration saved.'));
    await until(() => page.getByTestId('config-interestRate').textContent()).toBe('2.5%');
    await until(() => page.getByTestId('config-allowedAction').textContent()).toBe('Buy only');
    await until(() => page.getByTestId('config-tradeLimit').textContent()).toBe('100.0000 g');
  });

  test('shows rule messages and a taken username under its field', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/account/user/create/');
    // an empty form refused: the keyboard goes to the first field in the form's order, Username
    await page.getByRole('button', { name: 'Create user' }).click();
    await until(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toMatch(/^Username/);
    await page.getByLabel('Username', { exact: true }).fill('aminah');
    await page.getByLabel('Email', { exact: true }).fill('someone-new@example.com');
    await page.getByLabel('First name').fill('A');
    await page.getByLabel('Last name').fill('B');
    await page.getByLabel('Password', { exact: true }).fill('Shop#Pass123');
    await page.getByLabel('Confirm password').fill('Shop#Pass124');
    await page.getByLabel('Country code').fill('60');
    await page.getByLabel('Phone', { exact: true }).fill('123456780');
    await page.getByLabel('Add an address').uncheck();
    await page.getByRole('button', { name: 'Create user' }).click();
    await visible(page.getByText('Confirm password must match password'));
    await page.getByLabel('Confirm password').fill('Shop#Pass123');
    await page.getByRole('button', { name: 'Create user' }).click();
    await visible(page.getByText('Username already exists'));
  });

  test('a finance maker adds a bank account it cannot approve or decline', async () => {
    const maker = await open();
    await signIn(maker, suite.ts.url, suite.ts.demo.byRole.financeMaker!);
    await openUser(maker, suite.ts.url, 'newcomer');
    await maker.getByRole('button', { name: 'Add bank account' }).click();
    await maker.getByLabel('Bank name').fill('Hong Leong Bank');
    await maker.getByLabel('Account owner').fill('Nadia Omar');
    await maker.getByLabel('Account number').fill('2233445566');
    await maker.getByRole('dialog').getByRole('button', { name: 'Add bank account' }).click();
    await visible(toast(maker, 'Bank account added.'));
    await until(() => maker.getByTestId('bank-status').textContent()).toBe('Pending');
    // financeMaker has no approveBankInfo: approve and decline are disabled
    expect(await maker.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await maker.getByRole('button', { name: 'Decline' }).isDisabled()).toBe(true);
  });

  test('a finance approver approves the pending bank account', async () => {
    const approver = await open();
    await signIn(approver, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await openUser(approver, suite.ts.url, 'newcomer');
    await approver.getByRole('button', { name: 'Approve' }).click();
    await approver.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await visible(toast(approver, 'Bank account approved.'));
    await until(() => approver.getByTestId('bank-status').textContent()).toBe('Approved');
    await until(() => approver.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  test('the submitter cannot approve or decline its own bank account: both disabled, the reason written under them', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await openUser(page, suite.ts.url, 'kilnworks');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    await page.getByLabel('Bank name').fill('AmBank');
    await page.getByLabel('Account owner').fill('Kiln Works');
    await page.getByLabel('Account number').fill('99887766');
    await page.getByRole('dialog').getByRole('button', { name: 'Add bank account' }).click();
    await visible(toast(page, 'Bank account added.'));
    // maker-checker (decision 0550): disabled with why written under them, naming them, as requests do;
    // the server refuses it too (bank int. tests)
    const reason = page.getByTestId('blocked-reason').filter({ hasText: 'Approve and Decline: You submitted this bank account: another admin must approve or decline it.' });
    await visible(reason);
    for (const name of ['Approve', 'Decline']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name, exact: true }).getAttribute('aria-describedby')).toContain(await reason.getAttribute('id'));
    }
    await until(() => page.getByTestId('bank-status').textContent()).toBe('Pending');
    // removal works for the submitter
    await page.getByRole('button', { name: 'Remove account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove account' }).click();
    await visible(toast(page, 'Bank account removed.'));
    await visible(page.getByText('No bank account.'));
  });

  test('shows the wallet of a seeded user; Delete is off for a user with money, saying why', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.operationApprover!);
    await openUser(page, suite.ts.url, 'aminah');
    await until(() => page.getByTestId('wallet-fund').textContent()).toBe('25,000.00 MYR');
    await until(() => page.getByTestId('wallet-gold').textContent()).toBe('120.5000 XAU g');
    const history = page.getByRole('table', { name: 'Ledger history' });
    await until(() => history.locator('tbody tr').count()).toBe(2);
    await visible(history.getByText('+25,000.00 MYR'));
    await until(() => page.getByTestId('page-range').textContent()).toBe('1-2 of 2');

    // a wallet with money: Delete is off and says why (the server refuses it too: users int. tests)
    const why = page.getByTestId('blocked-reason').filter({ hasText: 'The wallet is not empty: a user with anything in its wallet cannot be deleted.' });
    await visible(why);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).getAttribute('aria-describedby')).toContain(await why.getAttribute('id'));

    // the request tabs come from the requests feature (slots)
    await page.getByRole('tab', { name: 'Deposit' }).click();
    await visible(page.getByRole('table', { name: 'Deposit requests' }));
  });
});
