import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

/**
 * In the browser (decisions 0715, 0716, 0718): saved views (restored from a pasted address and from their chip),
 * the command palette (Ctrl/Cmd+K), the single-key shortcuts (?, j/k, Enter) and their switch,
 * the theme choice of the admin menu.
 */
const suite = browserSuite({ jobs: [] });

const deposits = (page: Page) => page.getByTestId('request-table').locator('tbody tr');

async function openAdminMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Admin menu' }).click();
  await visible(page.getByRole('menu'));
}

test.describe('saved views and the keyboard', () => {
  test('a shared saved view is restored from a pasted address and from its chip; j and Enter open a row', async () => {
    const maker = await suite.open();
    await signIn(maker, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/asset/?action=deposit&status=pending&type=MYR&page=1&limit=10');
    await visible(deposits(maker).first());
    await maker.getByTestId('save-view').click();
    const dialog = maker.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill('Pending MYR');
    await dialog.getByLabel('Share with all admins').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(toast(maker, 'View saved.'));
    await until(() => maker.getByRole('link', { name: /Pending MYR/ }).getAttribute('aria-current')).toBe('page');

    // another admin pastes the address (its parameters in another order) into a fresh browser
    const checker = await suite.open();
    await signIn(checker, suite.ts.url, suite.ts.demo.byRole.financeApprover!, '/asset/?limit=10&type=MYR&page=1&status=pending&action=deposit');
    const chip = checker.getByRole('link', { name: /Pending MYR/ });
    await until(() => chip.getAttribute('aria-current')).toBe('page');
    await visible(deposits(checker).first());
    const rows = await deposits(checker).allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/MYR.*Pending/);
    // shared by another admin: no actions for it here (only its owner or a superAdmin)
    expect(await checker.getByRole('button', { name: 'Actions for view Pending MYR' }).count()).toBe(0);

    // from the unfiltered list, the chip restores the filters
    await checker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Withdrawal requests' }).click();
    await checker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deposit requests' }).click();
    await until(() => chip.getAttribute('aria-current')).toBe(null);
    await until(async () => (await deposits(checker).allTextContents()).some((r) => !/MYR.*Pending/.test(r))).toBe(true);
    await chip.click();
    await until(() => new URL(checker.url()).searchParams.get('status')).toBe('pending');
    expect(new URL(checker.url()).searchParams.get('type')).toBe('MYR');
    await until(async () => (await deposits(checker).allTextContents()).every((r) => /MYR.*Pending/.test(r))).toBe(true);

    // j moves to the first row, Enter opens it
    await checker.locator('main h1').click();
    await checker.keyboard.press('j');
    const first = deposits(checker).first();
    await until(() => first.getAttribute('data-keyboard-row')).toBe('true');
    const id = (await first.getByRole('link').first().textContent())!.replace('#', '');
    await checker.keyboard.press('Enter');
    await until(() => new URL(checker.url()).pathname.replace(/\/$/, '')).toBe(`/asset/${id}`);
  });

  test('the command palette jumps to an order by its id, a user by name and any screen', async () => {
    const [order] = await suite.ts.db.query<{ id: number; username: string }>(
      'SELECT o.id, u.username FROM orders o JOIN users u ON u.id = o.user_id ORDER BY o.id DESC LIMIT 1',
    );
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await visible(palette);
    await page.keyboard.type(String(order!.id));
    await visible(palette.getByRole('option', { name: new RegExp(`Order #${order!.id}.*${order!.username}`) }));
    await page.keyboard.press('Enter');
    await until(() => new URL(page.url()).pathname.replace(/\/$/, '')).toBe(`/order/${order!.id}`);
    await until(() => palette.count()).toBe(0);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('kumar');
    await visible(palette.getByRole('option', { name: /^kumar/ }));
    await palette.getByRole('option', { name: /^kumar/ }).click();
    const [kumar] = await suite.ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'kumar'");
    await until(() => new URL(page.url()).pathname.replace(/\/$/, '')).toBe(`/account/user/${kumar!.id}`);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('holiday');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'Holiday' }));
  });

  test('? lists the shortcuts unless single-key shortcuts are turned off; Ctrl+K always opens the palette', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await visible(help);
    await page.keyboard.press('Escape');
    await until(() => help.count()).toBe(0);

    await openAdminMenu(page);
    await page.getByRole('menuitemcheckbox', { name: 'Single-key shortcuts' }).click();
    await page.keyboard.press('?');
    // keys are handled in order: once the palette is open, ? has been handled and did nothing
    await page.keyboard.press('Control+k');
    await visible(page.getByRole('dialog', { name: 'Command palette' }));
    expect(await help.count()).toBe(0);
    await page.keyboard.press('Escape');
    // the choice is kept in this browser
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await openAdminMenu(page);
    expect(await page.getByRole('menuitemcheckbox', { name: 'Single-key shortcuts' }).getAttribute('aria-checked')).toBe('false');
    await page.getByRole('menuitemcheckbox', { name: 'Single-key shortcuts' }).click();
    await page.keyboard.press('?');
    await visible(help);
  });

  test('dark mode follows the system setting, and the admin menu overrides it', async () => {
    const page = await suite.open();
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const theme = () => page.locator('html').getAttribute('class');
    await until(theme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await until(theme).toBe('');
    await openAdminMenu(page);
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await until(theme).toBe('dark');
    const background = () => page.locator('main').evaluate((el) => getComputedStyle(el.parentElement!.parentElement!).backgroundColor);
    expect(await background()).not.toBe('rgb(248, 250, 252)');
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await until(theme).toBe('dark');
    await openAdminMenu(page);
    await page.getByRole('menuitemradio', { name: 'Same as system' }).click();
    await until(theme).toBe('');
  });
  test('the saved-view dialogs work by keyboard alone: Tab order, Enter saves, Escape closes', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.operationMaker!, '/system/holiday/');
    await visible(page.getByRole('heading', { level: 1, name: 'Holiday' }));
    const focused = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || (el as HTMLInputElement).name || el.tagName : '';
    });
    const save = page.getByTestId('save-view');
    await save.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await visible(dialog);
    // focus starts in the name; Tab goes to the share box, then cancel, save, the close button, and round
    await until(() => dialog.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await until(() => dialog.getByLabel('Share with all admins').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await dialog.getByLabel('Share with all admins').isChecked()).toBe(true);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    expect(order).toEqual(['Cancel', 'Save', 'Close', 'INPUT']);
    // Escape closes without saving
    await page.keyboard.press('Escape');
    await until(() => dialog.count()).toBe(0);
    await until(() => save.evaluate((el) => el === document.activeElement)).toBe(true);
    // Enter in the name saves
    await page.keyboard.press('Enter');
    await visible(dialog);
    await page.keyboard.type('Next year');
    await page.keyboard.press('Enter');
    await visible(toast(page, 'View saved.'));
    await until(() => dialog.count()).toBe(0);

    // the chip's actions menu and the delete confirmation, by keyboard
    const actions = page.getByRole('button', { name: 'Actions for view Next year' });
    await actions.focus();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('menu'));
    await page.keyboard.press('End');
    await until(() => page.getByRole('menuitem', { name: 'Delete' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete saved view?' });
    await visible(confirm);
    await page.keyboard.press('Escape');
    await until(() => confirm.count()).toBe(0);
    await visible(page.getByRole('link', { name: /Next year/ }));
    await until(() => actions.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('menu'));
    await page.keyboard.press('End');
    await until(() => page.getByRole('menuitem', { name: 'Delete' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await visible(toast(page, 'View deleted.'));
    await until(() => page.getByRole('link', { name: /Next year/ }).count()).toBe(0);
  });
});
