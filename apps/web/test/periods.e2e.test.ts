import { expect, test, type Page } from '@playwright/test';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { lastDayOfMonth } from '@aurum/domain/finance/periods';
import { businessDate } from '@aurum/domain/system/business-time';
import { displayDate } from '@aurum/domain/system/display-date';
import { adminApi } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

/**
 * Months and reopenings through the day close, each a proposal a second admin decides, and the
 * finance statements and tables read at a laptop's and a phone's width.
 */
const suite = browserSuite();

/** The month before today's (yyyy-MM), its last two days, and how the console shows them. */
function lastMonth() {
  const today = businessDate(new Date());
  const month = dayAfter(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
  const last = lastDayOfMonth(month);
  const first = dayAfter(last, -1);
  return { month, shownMonth: `${month.slice(5)}/${month.slice(0, 4)}`, first, last };
}

/** The pending proposal named so, on the day close. */
const proposal = (page: Page, name: string) => page.getByRole('list', { name: 'Pending proposals' }).getByRole('listitem', { name });

/** Whether every header and cell of the page's tables and cards lies within the window (nothing cut off at the right). */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll('main th, main td, main dt, main dd')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > width + 1 || r.left < -1)) out.push(`${el.tagName} "${(el.textContent ?? '').slice(0, 30)}" ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
    return out;
  });
}

test.describe('finance: months, reopenings and statements', () => {
  test('a finance approver proposes closing last month, a superAdmin approves it; a superAdmin proposes reopening a day and a second superAdmin approves it', async () => {
    test.setTimeout(180_000);
    const { month, shownMonth, first, last } = lastMonth();
    // the journal begins on the month's last but one day; the finance approver closes its last two days
    await suite.ts.db.query(`INSERT INTO ledger_entries (kind, created_at) VALUES ('test.finance', $1)`, [`${first}T12:00:00+08:00`]);
    const approverApi = adminApi(suite, (ts) => ts.demo.byRole.financeApprover!);
    const check = await approverApi.call<{ closable: boolean; refusal: unknown; checks: unknown }>('GET', `ledger/closes/check?date=${first}`);
    expect(check, `the checks of ${first}`).toMatchObject({ closable: true });
    for (const date of [first, last]) await approverApi.call('POST', 'ledger/closes', { date });
    const root = adminApi(suite);
    const second = { username: 'periodroot2', password: 'Period#Root2026' };
    await root.call('POST', 'admin/create', { ...second, email: 'periodroot2@aurum.example', firstName: 'Period', lastName: 'Root', role: 'superAdmin' });

    // 1. the finance approver proposes closing the month; it cannot approve its own proposal
    const approver = await suite.open();
    await signIn(approver, suite.ts.url, suite.ts.demo.byRole.financeApprover!, '/finance/day-close/');
    await visible(approver.getByRole('heading', { level: 1, name: 'Day close' }));
    await until(() => approver.getByTestId('last-closed').textContent()).toBe(displayDate(last));
    await approver.getByRole('button', { name: `Propose closing ${shownMonth}` }).click();
    const proposeDialog = approver.getByTestId('confirm-dialog');
    await visible(proposeDialog.getByText(`Propose closing ${shownMonth}?`));
    await proposeDialog.getByRole('button', { name: 'Propose' }).click();
    const monthProposal = proposal(approver, `Close the month ${shownMonth}`);
    await visible(monthProposal);
    await expect(monthProposal.getByTestId('own-proposal')).toHaveText('You proposed this: a different admin must approve or decline it.');
    await expect(monthProposal.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(await seriousAxeViolations(approver), 'axe: the day close with a pending proposal').toEqual([]);

    // 2. the superAdmin approves it after a confirmation saying what happens
    const sa = await suite.open();
    await signIn(sa, suite.ts.url, suite.ts.demo.superAdmin, '/finance/day-close/');
    await proposal(sa, `Close the month ${shownMonth}`).getByRole('button', { name: 'Approve' }).click();
    const approveDialog = sa.getByTestId('confirm-dialog');
    await visible(approveDialog.getByText(`The month ${shownMonth} closes now.`));
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await until(() => sa.getByTestId('last-closed-month').textContent()).toBe(shownMonth);
    expect(await sa.getByTestId('no-pending-proposals').count()).toBe(1);

    // 3. the statements of the closed days: the balance sheet at the month's end, the income statement of its closed days
    const nav = sa.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Balance sheet' }).click();
    await visible(sa.getByRole('heading', { level: 1, name: 'Balance sheet' }));
    await visible(sa.getByTestId('balance-sheet-MYR'));
    await expect(sa.getByTestId('balance-sheet-at')).toHaveText(`${displayDate(dayAfter(last))} 00:00 MYT`);
    await expect(sa.getByTestId('balance-sheet-MYR').getByTestId('balanced')).toHaveText('Balanced');
    expect(await seriousAxeViolations(sa), 'axe: the balance sheet').toEqual([]);
    await nav.getByRole('link', { name: 'Income statement' }).click();
    await visible(sa.getByRole('heading', { level: 1, name: 'Income statement' }));
    await expect(sa.getByTestId('income-statement-period')).toHaveText(`${displayDate(`${month}-01`)} – ${displayDate(last)}`);
    await expect(sa.getByTestId('income-statement-net-myr')).toHaveText(/^-?[0-9,]+\.\d{2}$/);

    // 4. the superAdmin proposes reopening the first closed day: the later one goes with it
    await nav.getByRole('link', { name: 'Day close' }).click();
    await sa.getByRole('table', { name: 'Closed days' }).getByRole('button', { name: `Reopen ${displayDate(first)}` }).click();
    const reopenDialog = sa.getByTestId('reopen-dialog');
    await visible(reopenDialog.getByText(`every later closed day (${displayDate(last)}) open again`, { exact: false }));
    await reopenDialog.getByLabel('Reason').fill('a late bank statement');
    await reopenDialog.getByRole('button', { name: 'Propose reopening' }).click();
    const reopenProposal = proposal(sa, `Reopen ${displayDate(first)}`);
    await visible(reopenProposal);
    await expect(reopenProposal.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(reopenProposal).toContainText(`Approving reopens these closed days: ${displayDate(first)}, ${displayDate(last)}.`);

    // 5. a second superAdmin approves the reopening: both days and the month are open again
    const other = await suite.open();
    await signIn(other, suite.ts.url, second, '/finance/day-close/');
    await proposal(other, `Reopen ${displayDate(first)}`).getByRole('button', { name: 'Approve' }).click();
    const reopenApprove = other.getByTestId('confirm-dialog');
    await visible(reopenApprove.getByText(`These days open again now, with their months: ${displayDate(first)}, ${displayDate(last)}.`, { exact: false }));
    await reopenApprove.getByRole('button', { name: 'Approve' }).click();
    await until(() => other.getByTestId('last-closed').textContent()).toBe('None yet');
    await until(() => other.getByTestId('last-closed-month').textContent()).toBe('None yet');
    const decided = other.getByRole('table', { name: 'Decided proposals' });
    await expect(decided.locator('tbody tr')).toHaveCount(2);
    await expect(decided).toContainText(`Reopen ${displayDate(first)}`);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the trial balance and the P&L are readable at ${viewport.width} px: every column in the window or in the chooser`, async () => {
      test.setTimeout(120_000);
      const page = await suite.open();
      const today = businessDate(new Date());
      // signed in on a wide window (the shell's navigation shows), then read at the width under test
      await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!, `/finance/trial-balance/?date=${today}`);
      await page.setViewportSize(viewport);
      await visible(page.getByTestId('trial-balance-MYR'));
      const cards = viewport.width < 640;
      if (cards) {
        // a card per account: every figure's label is on it
        const card = page.getByRole('list', { name: 'MYR accounts' }).getByRole('listitem').first();
        for (const label of ['GL code', 'Account', 'Type', 'Opening debit', 'Closing debit', 'Closing credit']) await visible(card.getByRole('term').filter({ hasText: new RegExp(`^${label}$`, 'i') }));
      } else {
        const table = page.getByRole('table', { name: 'MYR accounts' });
        for (const label of ['GL code', 'Account', 'Opening debit', 'Closing debit', 'Closing credit']) await visible(table.getByRole('columnheader', { name: label }));
        // what is left out at this width is in the chooser
        await page.getByRole('button', { name: /^Columns \(\d+ hidden\) of MYR accounts$/ }).first().click();
        await visible(page.getByRole('menuitemcheckbox', { name: 'Type' }));
        await page.keyboard.press('Escape');
      }
      expect(await cutOff(page), 'the trial balance cut off').toEqual([]);

      await page.goto(`${suite.ts.url}/finance/pnl/`);
      await visible(page.getByRole('heading', { level: 1, name: 'P&L' }));
      if (cards) {
        const card = page.getByRole('list', { name: 'P&L per period, metal and category' }).getByRole('listitem').last();
        for (const label of ['Hedges', 'Revaluation', 'Total']) await visible(card.getByRole('term').filter({ hasText: new RegExp(`^${label}$`, 'i') }));
      } else {
        const table = page.getByRole('table', { name: 'P&L per period, metal and category' });
        for (const label of ['Period', 'Spread', 'Hedges', 'Revaluation', 'Total']) await visible(table.getByRole('columnheader', { name: label }));
        await page.getByRole('button', { name: /^Columns \(\d+ hidden\) of P&L/ }).click();
        await visible(page.getByRole('menuitemcheckbox', { name: 'Volume (g)' }));
        await page.keyboard.press('Escape');
      }
      expect(await cutOff(page), 'the P&L cut off').toEqual([]);
      expect(await seriousAxeViolations(page), 'axe: the P&L').toEqual([]);
    });
  }
});
