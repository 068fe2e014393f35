import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();

/** A business day after everything the demo seed posts (its entries are dated now), so the seed is the opening. */
const DAY = '2031-05-05';

/** A deposit of 250.50 ringgit at noon of the day, Kuala Lumpur time, as the wallet journals it (bank debited, customer funds credited). */
async function depositOnTheDay(): Promise<void> {
  const db = suite.ts.db;
  const [user] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'kumar'");
  const [entry] = await db.query<{ id: number }>("INSERT INTO ledger_entries (kind, user_id, created_at) VALUES ('test.finance', $1, $2) RETURNING id", [user!.id, `${DAY}T12:00:00+08:00`]);
  await db.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:bank', $2, 'MYR', '250.50')", [entry!.id, `user:${user!.id}:fund`]);
}

test.describe('finance: trial balance', () => {
  test("a finance approver reads a day's trial balance, the bank's deposit and the ringgit block balanced, in English and Traditional Chinese", async () => {
    test.setTimeout(90_000);
    await depositOnTheDay();
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trial balance' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Trial balance' }));

    await page.getByLabel('Business date').fill('05/05/2031');
    await until(() => page.url()).toContain(`date=${DAY}`);
    const myr = page.getByTestId('trial-balance-MYR');
    // the account type is an optional column below 1536 px: the reader shows it (kept for every unit)
    await myr.getByRole('button', { name: /^Columns \(1 hidden\) of MYR accounts$/ }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Type' }).click();
    await page.keyboard.press('Escape');
    const bank = myr.getByRole('table', { name: 'MYR accounts' }).locator('tbody tr').filter({ hasText: '1100-MYR' });
    // the day's debits column holds the deposit, and nothing else posted that day
    await until(() => bank.locator('td').nth(5).textContent()).toBe('250.50');
    expect(await bank.locator('td').nth(1).textContent()).toBe('Bank');
    expect(await bank.locator('td').nth(2).textContent()).toBe('Asset');
    const funds = myr.locator('tbody tr').filter({ hasText: '2100-MYR' });
    expect(await funds.locator('td').nth(6).textContent()).toBe('250.50');
    expect(await myr.getByTestId('balanced').textContent()).toBe('Balanced');
    const totals = myr.locator('tbody tr').filter({ hasText: 'Totals' });
    expect(await totals.locator('td').nth(5).textContent()).toBe(await totals.locator('td').nth(6).textContent());
    // silver has no balance and no movement: folded under a note, still marked
    const silver = page.getByTestId('trial-balance-XAG');
    await visible(silver.getByText('No balance and no movement in XAG on this day.'));
    expect(await silver.getByTestId('balanced').textContent()).toBe('Balanced');
    await silver.getByText('Show the accounts').click();
    await visible(silver.getByRole('table', { name: 'XAG accounts' }));
    expect(await seriousAxeViolations(page), 'axe: the trial balance with a folded unit opened').toEqual([]);

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(page.getByRole('heading', { level: 1, name: '試算表' }));
    const zhBank = page.getByRole('table', { name: 'MYR 科目' }).locator('tbody tr').filter({ hasText: '1100-MYR' });
    await until(() => zhBank.locator('td').nth(1).textContent()).toBe('銀行存款');
    expect(await zhBank.locator('td').nth(2).textContent()).toBe('資產');
    await visible(page.getByRole('table', { name: 'MYR 科目' }).getByText('客戶資金', { exact: true }));
    expect(await myr.getByTestId('balanced').textContent()).toBe('借貸平衡');
  });
});
