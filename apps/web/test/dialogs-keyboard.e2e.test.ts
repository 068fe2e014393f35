import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { checkDialog, focusedName, type DialogCase } from './support/dialogs-keyboard.ts';

/**
 * Each dialog by keyboard alone (decision 0713; users, admins and the system screens; the order,
 * request and inbox dialogs are in dialogs-keyboard-decisions.e2e.test.ts, the saved-view dialogs
 * in saved-views-keyboard.e2e.test.ts). Every row of the table: Tab reaches the opener on its
 * screen and Enter opens the dialog; the keyboard lands on the first entry of its Tab order; Tab
 * goes round that order without leaving the dialog; Escape closes it and gives the keyboard back
 * to the opener; where the dialog submits, Enter submits it and the test checks what the user sees.
 */
const suite = browserSuite({ jobs: [] });

const pages = new Map<string, Page>();
/** One signed-in page per admin, reused by every row. */
async function as(who: 'superAdmin' | 'financeApprover'): Promise<Page> {
  let page = pages.get(who);
  if (!page) {
    page = await suite.open();
    await signIn(page, suite.ts.url, who === 'superAdmin' ? suite.ts.demo.superAdmin : suite.ts.demo.byRole[who]!);
    pages.set(who, page);
  }
  return page;
}

const ids = { newcomer: 0, kumar: 0, admin: 0 };
test.beforeAll(async () => {
  const users = await suite.ts.db.query<{ id: number; username: string }>("SELECT id, username FROM users WHERE username IN ('newcomer', 'kumar')");
  for (const u of users) ids[u.username as 'newcomer' | 'kumar'] = u.id;
  const [admin] = await suite.ts.db.query<{ id: number }>('SELECT id FROM admins WHERE username = $1', [suite.ts.demo.byRole.financeMaker!.username]);
  ids.admin = admin!.id;
});

const user = (name: 'newcomer' | 'kumar') => () => `/account/user/${ids[name]}`;

const tb = (name: string) => `textbox "${name}"`;
const btn = (name: string) => `button "${name}"`;
const combo = (name: string) => `combobox "${name}"`;
/** A confirmation: the keyboard starts on its action (Enter takes it); Tab goes to the close button, then Cancel. */
const confirmOrder = (action: string) => [btn(action), btn('Close'), btn('Cancel')];
/** A destructive confirmation starts on Cancel: Enter keeps things as they are. */
const dangerOrder = (action: string) => [btn('Cancel'), btn(action), btn('Close')];
const password = 'Keyboard#Only123';

/** Presses the keys in turn (a string is typed, a name in brackets is pressed: '[Tab]'). */
async function keys(page: Page, ...steps: string[]): Promise<void> {
  for (const step of steps) {
    if (/^\[.+\]$/.test(step)) await page.keyboard.press(step.slice(1, -1));
    else await page.keyboard.type(step);
  }
}

const CASES: ReadonlyArray<DialogCase & { who?: 'superAdmin' | 'financeApprover' }> = [
  {
    dialog: 'Filter',
    screen: () => '/account/user/',
    opener: (page) => page.getByTestId('filter-button'),
    tabOrder: [combo('Category'), btn('Reset'), btn('Apply'), btn('Close')],
    submit: async (page, dialog) => {
      // Enter opens the select, the arrow picks the next category, Enter takes it; Tab Tab to Apply, Enter
      await keys(page, '[Enter]');
      await until(() => focusedName(page)).toBe('option "All"');
      await keys(page, '[ArrowDown]');
      await until(() => focusedName(page)).toBe('option "None"');
      await keys(page, '[Enter]');
      await until(() => focusedName(page)).toBe(combo('Category'));
      expect(await dialog.getByRole('combobox', { name: 'Category' }).textContent()).toBe('None');
      await keys(page, '[Tab]', '[Tab]', '[Enter]');
      await until(() => dialog.count()).toBe(0);
      await until(() => new URL(page.url()).searchParams.get('category')).toBe('none');
      await until(() => page.getByTestId('filter-count').textContent()).toBe('1');
    },
  },
  {
    dialog: 'Fees for all users',
    screen: () => '/account/user/',
    opener: (page) => page.getByRole('button', { name: 'Fees for all users' }),
    // not submitted here: it sets every user's fees
    tabOrder: [tb('Interest rate (%)'), tb('Premium'), tb('Refinery fees'), combo('Fee-adjust mode'), btn('Cancel'), btn('Save'), btn('Close')],
  },
  {
    dialog: 'Edit fees',
    screen: user('kumar'),
    opener: (page) => page.getByRole('button', { name: 'Edit fees' }),
    tabOrder: [
      combo('Allowed action'),
      combo('Allowed pair'),
      tb('Interest rate (%)'),
      tb('Premium'),
      tb('Refinery fees'),
      tb('Trade limit (g)'),
      combo('Fee-adjust mode'),
      combo('Tier'),
      btn('Cancel'),
      btn('Save'),
      btn('Close'),
    ],
    submit: async (page, dialog) => {
      await keys(page, '[Tab]', '[Tab]', '[Tab]', '[Tab]', '[Tab]', '[Control+a]', '1,250', '[Enter]');
      await visible(toast(page, 'Fees and trade configuration saved.'));
      await until(() => dialog.count()).toBe(0);
      const [row] = await suite.ts.db.query<{ trade_limit: string }>('SELECT trade_limit::text FROM users WHERE id = $1', [ids.kumar]);
      expect(Number(row!.trade_limit)).toBe(1250);
    },
  },
  {
    dialog: 'Address',
    screen: user('kumar'),
    opener: (page) => page.getByRole('button', { name: /^(Edit|Add) address$/ }),
    tabOrder: [tb('Street (line 1)'), tb('Street (line 2)'), tb('City / town'), tb('State / province'), tb('Postal code'), tb('Country'), btn('Cancel'), btn('Save'), btn('Close')],
    submit: async (page, dialog) => {
      await keys(page, '[Tab]', '[Tab]', '[Control+a]', 'Ipoh', '[Enter]');
      await visible(toast(page, 'Address saved.'));
      await until(() => dialog.count()).toBe(0);
      await until(() => page.getByTestId('address-city').textContent()).toBe('Ipoh');
    },
  },
  {
    dialog: 'Add bank account',
    screen: user('newcomer'),
    opener: (page) => page.getByRole('button', { name: 'Add bank account' }),
    tabOrder: [tb('Bank name'), tb('Account owner'), tb('Account number'), btn('Cancel'), btn('Add bank account'), btn('Close')],
    submit: async (page, dialog) => {
      await keys(page, 'Maybank', '[Tab]', 'Nadia Omar', '[Tab]', '5566778899', '[Enter]');
      await visible(toast(page, 'Bank account added.'));
      await until(() => dialog.count()).toBe(0);
      await until(() => page.getByTestId('bank-status').textContent()).toBe('Pending');
    },
  },
  {
    // another admin decides the account just added (maker-checker)
    who: 'financeApprover',
    dialog: 'Approve bank account',
    screen: user('newcomer'),
    opener: (page) => page.getByRole('button', { name: 'Approve', exact: true }),
    tabOrder: confirmOrder('Approve'),
    submit: async (page, dialog) => {
      await keys(page, '[Enter]');
      await visible(toast(page, 'Bank account approved.'));
      await until(() => dialog.count()).toBe(0);
      await until(() => page.getByTestId('bank-status').textContent()).toBe('Approved');
    },
  },
  {
    dialog: 'Reset password',
    of: 'a user',
    screen: user('kumar'),
    opener: (page) => page.getByRole('button', { name: 'Reset password' }),
    tabOrder: [tb('New password'), btn('Show'), tb('Confirm password'), btn('Show'), btn('Cancel'), btn('Set password'), btn('Close')],
    submit: async (page, dialog) => {
      await keys(page, password, '[Tab]', '[Tab]', password, '[Enter]');
      await visible(toast(page, 'Password of kumar reset.'));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Force logout',
    screen: user('kumar'),
    opener: (page) => page.getByRole('button', { name: 'Force logout' }),
    tabOrder: confirmOrder('Force logout'),
    submit: async (page, dialog) => {
      await keys(page, '[Enter]');
      await visible(toast(page, 'kumar has been logged out.'));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Delete user',
    // a user with an empty wallet: Delete is off, saying why, for one with money
    screen: user('newcomer'),
    opener: (page) => page.getByRole('button', { name: 'Delete', exact: true }),
    tabOrder: dangerOrder('Delete'),
    submit: async (page, dialog) => {
      // Enter where the keyboard lands keeps the user: the dialog closes, nothing is called
      await keys(page, '[Enter]');
      await until(() => dialog.count()).toBe(0);
      await until(() => page.getByRole('button', { name: 'Delete', exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByTestId('toast').count()).toBe(0);
    },
  },
  {
    dialog: 'Reset password',
    of: 'an admin',
    screen: () => `/account/admin/info?adminId=${ids.admin}`,
    opener: (page) => page.getByRole('button', { name: 'Reset password' }),
    tabOrder: [tb('New password'), btn('Show'), tb('Confirm password'), btn('Show'), btn('Cancel'), btn('Set password'), btn('Close')],
    submit: async (page, dialog) => {
      await keys(page, password, '[Tab]', '[Tab]', password, '[Enter]');
      await visible(toast(page, `Password of ${suite.ts.demo.byRole.financeMaker!.username} reset.`));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Add holiday',
    screen: () => '/system/holiday/',
    opener: (page) => page.getByTestId('add-holiday'),
    tabOrder: [tb('Name'), tb('Date'), btn('Open calendar'), btn('Cancel'), btn('Save'), btn('Close')],
    submit: async (page, dialog) => {
      await keys(page, 'Keyboard Day', '[Tab]', '17/11/2031', '[Enter]');
      await visible(toast(page, 'Holiday added.'));
      await until(() => dialog.count()).toBe(0);
      await visible(page.getByTestId('holiday-row').filter({ hasText: '17/11/2031' }).filter({ hasText: 'Keyboard Day' }));
    },
  },
  {
    dialog: 'Delete 1 holiday?',
    screen: () => '/system/holiday/',
    prepare: (page) => page.getByRole('checkbox', { name: 'Select Keyboard Day' }).check(),
    opener: (page) => page.getByTestId('delete-holidays'),
    tabOrder: dangerOrder('Delete'),
    submit: async (page, dialog) => {
      await keys(page, '[Tab]', '[Enter]');
      await visible(toast(page, '1 holiday deleted.'));
      await until(() => dialog.count()).toBe(0);
      await until(() => page.getByTestId('holiday-row').filter({ hasText: 'Keyboard Day' }).count()).toBe(0);
    },
  },
  {
    dialog: 'Edit spread',
    screen: () => '/system/constant/',
    opener: (page) => page.getByRole('button', { name: /spread/i }).first(),
    tabOrder: [tb('Buy spread'), tb('Sell spread'), btn('Cancel'), btn('Save'), btn('Close')],
    submit: async (page, dialog) => {
      await keys(page, '[Enter]');
      await visible(toast(page, 'Spread updated.'));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Activate Auto settle mode?',
    screen: () => '/system/mode/',
    opener: (page) => page.getByTestId('switch-autoSettle'),
    tabOrder: confirmOrder('Activate'),
    submit: async (page, dialog) => {
      await keys(page, '[Enter]');
      await visible(toast(page, 'Auto settle mode activated.'));
      await until(() => dialog.count()).toBe(0);
      await until(() => page.getByTestId('mode-autoSettle-state').textContent()).toBe('ON');
    },
  },
  {
    dialog: 'Audit detail',
    screen: () => '/system/log/',
    opener: (page) => page.getByRole('button', { name: /^Detail of/ }).first(),
    // a read-only drawer: the keyboard lands on the control that opens the raw JSON; its body is a
    // stop too, so the arrows scroll it
    tabOrder: [btn('Show the raw JSON'), btn('Close'), 'region "Audit detail"'],
  },
];

test.describe('dialogs by keyboard alone: users, admins, system', () => {
  for (const c of CASES) {
    test(`${String(c.dialog)}${c.of ? ` of ${c.of}` : ''}: Tab order, Escape${c.submit ? ', Enter' : ''}`, async () => {
      // an open defect (docs/known-issues.md): on PostgreSQL, after the file's earlier dialogs, the
      // reset of financemaker's password gets no answer within 15 s; on PGlite, and alone, it passes
      test.fixme(c.dialog === 'Reset password' && c.of === 'an admin' && process.env.AURUM_TEST_DB === 'postgres', 'admin password reset hangs on PostgreSQL after the earlier dialogs: open defect');
      const page = await as(c.who ?? 'superAdmin');
      await checkDialog(page, suite.ts.url, c);
    });
  }
});
