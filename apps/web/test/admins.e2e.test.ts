import { expect, test } from '@playwright/test';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { openUser, pick } from './support/people.ts';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

test.describe('admins', () => {
  test('a superAdmin creates an admin and sees what its role grants', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/account/admin/');
    await page.getByRole('button', { name: 'Create admin' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Create admin' }));
    await page.getByLabel('Username', { exact: true }).fill('desk2');
    await page.getByLabel('Email', { exact: true }).fill('desk2@aurum.example');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Desk');
    await pick(page, 'Role', 'Finance maker');
    await page.getByLabel('Password', { exact: true }).fill('Desk#Pass1234');
    await page.getByLabel('Confirm password').fill('Desk#Pass1234');
    await page.getByRole('button', { name: 'Create admin' }).click();
    await visible(toast(page, 'Admin desk2 created.'));
    await visible(page.getByRole('heading', { level: 1, name: 'Admin information' }));
    await until(() => page.getByTestId('admin-role').textContent()).toBe('Finance maker');
    const table = page.getByRole('table', { name: 'Permissions' });
    await until(() => table.locator('tr[data-permission="addBankInfo"] td').nth(1).textContent()).toBe('Allowed');
    await until(() => table.locator('tr[data-permission="approveBankInfo"] td').nth(1).textContent()).toBe('Not allowed');
  });

  test('signed in, the new admin finds disabled what its role does not allow', async () => {
    const desk = await open();
    await signIn(desk, suite.ts.url, { username: 'desk2', password: 'Desk#Pass1234' }, '/account/user/');
    await visible(desk.getByRole('table', { name: 'User list' }));
    expect(await desk.getByRole('button', { name: 'Create user' }).isDisabled()).toBe(true);
    expect(await desk.getByRole('button', { name: 'Fees for all users' }).isDisabled()).toBe(true);
    await openUser(desk, suite.ts.url, 'kumar');
    // kumar's bank account is pending: a finance maker may update it but not decide it
    expect(await desk.getByRole('button', { name: 'Update bank account' }).isDisabled()).toBe(false);
    expect(await desk.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await desk.getByRole('button', { name: 'Reset password' }).isDisabled()).toBe(true);
    expect(await desk.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await desk.goto(`${suite.ts.url}/account/admin/`);
    await visible(desk.getByRole('table', { name: 'Admin list' }));
    expect(await desk.getByRole('button', { name: 'Create admin' }).isDisabled()).toBe(true);
  });

  test('the viewer (role none) sees create and change controls disabled', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.none!, '/account/admin/');
    await visible(page.getByRole('table', { name: 'Admin list' }).getByRole('link', { name: 'financemaker' }));
    expect(await page.getByRole('button', { name: 'Create admin' }).isDisabled()).toBe(true);
    await page.getByRole('table', { name: 'Admin list' }).getByRole('link', { name: 'financemaker' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Admin information' }));
    for (const name of ['Edit', 'Reset password', 'Force logout', 'Delete']) expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    await page.goto(`${suite.ts.url}/account/user/`);
    await visible(page.getByRole('table', { name: 'User list' }));
    expect(await page.getByRole('button', { name: 'Create user' }).isDisabled()).toBe(true);
    await page.goto(`${suite.ts.url}/account/user/create/`);
    // the page names who may create users (a new member of staff learns whom to ask)
    await visible(page.getByText(/^Your role cannot do this\. Roles that can: .*Super admin.*\.$/));
  });

  test('the list follows the query: sort toggling, filter badge, page size, pages, No Data', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/account/user/?limit=10');
    const table = page.getByRole('table', { name: 'User list' });
    await visible(table.getByRole('link', { name: 'aminah' }));
    await table.getByRole('button', { name: 'Username' }).click();
    await until(() => query(page.url())).toEqual({ limit: '10', sort: 'username', order: 'asc' });
    await until(() => table.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('aminah');
    await table.getByRole('button', { name: 'Username' }).click();
    await until(() => query(page.url()).order).toBe('desc');
    await until(() => table.locator('th[aria-sort="descending"]').textContent()).toBe('Username');

    await pick(page, 'Rows per page', '15');
    await until(() => query(page.url())).toEqual({ limit: '15', page: '1', sort: 'username', order: 'desc' });

    await page.getByTestId('filter-button').click();
    await visible(page.getByRole('dialog', { name: 'Filter' }));
    await pick(page, 'Category', 'Agent');
    await page.getByRole('button', { name: 'Apply' }).click();
    await until(() => query(page.url())).toEqual({ limit: '15', page: '1', sort: 'username', order: 'desc', category: 'agent' });
    await until(() => page.getByTestId('filter-count').textContent()).toBe('1');
    await until(() => table.locator('tbody tr').count()).toBe(1);
    await until(() => page.getByTestId('page-range').textContent()).toBe('1-1 of 1');

    await page.goto(`${suite.ts.url}/account/user/?input=nobody-like-this`);
    await visible(page.getByTestId('no-data'));
    await until(() => page.getByTestId('no-data').textContent()).toBe('No Data');
    await until(() => page.getByTestId('page-range').textContent()).toBe('0-0 of 0');
  });
});
