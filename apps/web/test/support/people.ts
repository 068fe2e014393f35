import type { Page } from 'playwright-core';
import { until, visible } from './harness.ts';

/** Picks an option of the console's searchable select named by its label. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a user's information page from the user list search (by username). */
export async function openUser(page: Page, url: string, username: string): Promise<number> {
  await page.goto(`${url}/account/user/?condition=USER_NAME&input=${encodeURIComponent(username)}`);
  await page.getByRole('table', { name: 'User list' }).getByRole('link', { name: username, exact: true }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'User information' }));
  await until(() => page.getByTestId('profile-username').textContent()).toBe(username);
  return Number(new URL(page.url()).pathname.split('/').filter(Boolean).pop());
}
