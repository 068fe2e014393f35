import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
// test harness only: money into a wallet the way the seed does it (a ledger posting)
import { postEntry } from '../../server/src/modules/ledger/ledger-service.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { checkDialog, focusedName, hasFocusInside, tabTo, walkTabs, type DialogCase } from './support/dialogs-keyboard.ts';

/**
 * Each dialog by keyboard alone (decision 0713), the decisions: the orders filter, the order actions
 * (settle, cancel, revert, payment), a request's approve and decline, the inbox's decision drawer
 * and a notification's confirmation and detail. The same checks as dialogs-keyboard.e2e.test.ts
 * (support/dialogs-keyboard.ts): Tab reaches the opener and Enter (or the shortcut) opens the
 * dialog, the keyboard lands on the first entry of its Tab order and goes round it inside the
 * dialog, Escape gives the keyboard back to the opener, Enter submits and the user sees the result.
 */
const suite = browserSuite({ jobs: [] });

let page: Page;
const orders = { created: 0, filled: 0, settled: 0, paid: 0 };
const requests = { deposit: 0, withdrawal: 0, transfer: 0 };
test.beforeAll(async () => {
  const byStatus = await suite.ts.db.query<{ id: number; status: string }>("SELECT id, status FROM orders WHERE status IN ('CREATED', 'FILLED', 'SETTLED', 'PAID') ORDER BY id");
  const first = (status: string) => Number(byStatus.find((o) => o.status === status)!.id);
  orders.created = first('CREATED');
  orders.filled = first('FILLED');
  orders.settled = first('SETTLED');
  orders.paid = first('PAID');
  // the settled order's user pays from its fund: 100 MYR in it
  const [owner] = await suite.ts.db.query<{ user_id: number }>('SELECT user_id FROM orders WHERE id = $1', [orders.settled]);
  const userId = Number(owner!.user_id);
  await suite.ts.db.transaction((tx) =>
    postEntry(tx, { kind: 'deposit', userId, createdBy: null, postings: [{ from: 'house:bank', to: `user:${userId}:fund`, asset: 'MYR', amount: '100.00' }] }),
  );
  const pending = await suite.ts.db.query<{ id: number; action: keyof typeof requests }>("SELECT id, action FROM payment_requests WHERE status = 'pending' ORDER BY id");
  for (const r of pending) if (!requests[r.action]) requests[r.action] = Number(r.id);
});

const tb = (name: string) => `textbox "${name}"`;
const btn = (name: string) => `button "${name}"`;
const combo = (name: string) => `combobox "${name}"`;
const cb = (name: string) => `checkbox "${name}"`;

async function keys(p: Page, ...steps: string[]): Promise<void> {
  for (const step of steps) {
    if (/^\[.+\]$/.test(step)) await p.keyboard.press(step.slice(1, -1));
    else await p.keyboard.type(step);
  }
}

/** A PNG of one pixel: the verified receipt an approval needs. */
const RECEIPT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const CASES: readonly DialogCase[] = [
  {
    dialog: 'Filter',
    screen: () => '/order/?orderMode=tr',
    opener: (p) => p.getByTestId('filter-button'),
    tabOrder: [
      combo('Search user by'),
      tb('User'),
      tb('Order ID'),
      // any number of statuses: one checkbox each (trade requests: the open ones)
      cb('Matching'),
      cb('Unsettled'),
      cb('Unpaid'),
      cb('Overdue'),
      combo('Action'),
      combo('Type'),
      combo('Pair'),
      combo('Currency'),
      tb('Quantity (g)'),
      tb('Created from'),
      btn('Open calendar'),
      tb('Created until'),
      btn('Open calendar'),
      tb('Filled on'),
      btn('Open calendar'),
      tb('Good till date'),
      btn('Open calendar'),
      btn('Reset'),
      btn('Apply'),
      btn('Close'),
    ],
    submit: async (p, dialog) => {
      // Enter in a text field applies the filters
      await keys(p, '[Tab]', '[Tab]', String(orders.settled), '[Enter]');
      await until(() => dialog.count()).toBe(0);
      await until(() => new URL(p.url()).searchParams.get('orderId')).toBe(String(orders.settled));
      const rows = p.getByTestId('order-table').locator('tbody tr');
      await until(() => rows.allTextContents()).toEqual([expect.stringContaining(`#${orders.settled}`)]);
    },
  },
  {
    dialog: 'Settle order',
    screen: () => `/order/${orders.filled}`,
    opener: (p) => p.getByTestId('action-settle'),
    tabOrder: [btn('Settle'), btn('Close'), btn('Cancel')],
    submit: async (p, dialog) => {
      await keys(p, '[Enter]');
      await visible(toast(p, `Order #${orders.filled} settled.`));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Cancel order',
    screen: () => `/order/${orders.created}`,
    opener: (p) => p.getByTestId('action-cancel'),
    // destructive: the keyboard starts on 'Keep order'
    tabOrder: [btn('Keep order'), btn('Cancel order'), btn('Close')],
    submit: async (p, dialog) => {
      await keys(p, '[Tab]', '[Enter]');
      await visible(toast(p, `Order #${orders.created} canceled.`));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Revert order',
    screen: () => `/order/${orders.paid}`,
    opener: (p) => p.getByTestId('action-revert'),
    tabOrder: [tb('Reason'), btn('Cancel'), btn('Revert order'), btn('Close')],
    submit: async (p, dialog) => {
      // Enter in the multi-line reason starts a new line; Tab to the action and Enter reverts
      await keys(p, 'Booked twice.', '[Enter]', 'By keyboard.');
      expect(await dialog.getByLabel('Reason').inputValue()).toBe('Booked twice.\nBy keyboard.');
      await keys(p, '[Tab]', '[Tab]', '[Enter]');
      await visible(toast(p, `Order #${orders.paid} reverted.`));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Order payment',
    screen: () => `/order/${orders.settled}`,
    opener: (p) => p.getByTestId('action-pay'),
    tabOrder: [tb('Payment date'), btn('Open calendar'), tb('Received amount (MYR)'), tb('Note'), btn('Cancel'), btn('Add payment'), btn('Close')],
    submit: async (p, dialog) => {
      // Enter in the amount adds the payment (the action dialogs are forms now)
      await keys(p, '[Tab]', '[Tab]', '1', '[Enter]');
      await visible(toast(p, 'Payment success: received 1.00 MYR.'));
      await until(() => dialog.count()).toBe(0);
      await until(() => p.getByTestId('payments-table').locator('tbody tr').filter({ hasText: '1.00' }).count()).toBeGreaterThan(0);
    },
  },
  {
    dialog: /^Approve Deposit #/,
    screen: () => `/asset/${requests.deposit}`,
    opener: (p) => p.getByRole('button', { name: 'Approve', exact: true }),
    tabOrder: [btn('Verified receipt'), btn('Cancel'), btn('Approve'), btn('Close')],
    submit: async (p, dialog) => {
      // Space on the file field opens the file chooser
      const chooser = p.waitForEvent('filechooser');
      await keys(p, '[Space]');
      await (await chooser).setFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT });
      await tabTo(p, dialog.getByRole('button', { name: 'Approve' }));
      await keys(p, '[Enter]');
      await visible(toast(p, `Deposit #${requests.deposit} approved.`));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: /^Decline Withdrawal #/,
    screen: () => `/asset/${requests.withdrawal}`,
    opener: (p) => p.getByRole('button', { name: 'Decline', exact: true }),
    tabOrder: [tb('Reason'), btn('Cancel'), btn('Decline'), btn('Close')],
    submit: async (p, dialog) => {
      await keys(p, 'Declined by keyboard', '[Tab]', '[Tab]', '[Enter]');
      await visible(toast(p, `Withdrawal #${requests.withdrawal} declined.`));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: /^Decline 1 item/,
    screen: () => '/inbox/',
    prepare: (p) => p.getByRole('checkbox', { name: new RegExp(`Transfer #${requests.transfer}$`) }).check(),
    opener: (p) => p.getByTestId('inbox-decline'),
    // the inbox's shortcut: d declines the selection
    key: 'd',
    tabOrder: [tb('Reason (for every item)'), btn('Cancel'), btn('Decline'), btn('Close'), 'region "Decline 1 item"'],
    submit: async (p, dialog) => {
      await keys(p, 'Declined by keyboard', '[Tab]', '[Tab]', '[Enter]');
      await visible(toast(p, '1 item declined.'));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Send this notification?',
    screen: () => '/action/notification/',
    prepare: async (p) => {
      await p.getByLabel('Subject').fill('Keyboard notice');
      await p.getByLabel('Content').fill('Sent by keyboard alone.');
      await p.getByLabel('All users').check();
    },
    opener: (p) => p.getByTestId('send-notification'),
    tabOrder: [btn('Send notification'), btn('Close'), btn('Cancel')],
    submit: async (p, dialog) => {
      await keys(p, '[Enter]');
      await visible(toast(p, 'Notification sent.'));
      await until(() => dialog.count()).toBe(0);
    },
  },
  {
    dialog: 'Notification detail',
    screen: () => '/action/notification/',
    opener: (p) => p.getByRole('button', { name: 'Detail of Keyboard notice' }),
    // a read-only drawer: its body takes the keyboard so the arrows scroll it
    tabOrder: ['region "Notification detail"', btn('Close')],
  },
];

test.describe('dialogs by keyboard alone: orders, requests, inbox, notifications', () => {
  for (const c of CASES) {
    test(`${String(c.dialog)}${c.of ? ` of ${c.of}` : ''}: Tab order, Escape${c.submit ? ', Enter' : ''}`, async () => {
      if (!page) {
        page = await suite.open();
        await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
      }
      await checkDialog(page, suite.ts.url, c);
    });
  }

  test('the slide-in menu at 390 px: Tab stays in it, Escape gives the keyboard back to its button, Enter on a link goes there', async () => {
    const narrow = await suite.open();
    await signIn(narrow, suite.ts.url, suite.ts.demo.superAdmin);
    await narrow.setViewportSize({ width: 390, height: 844 });
    const open = narrow.getByRole('button', { name: 'Open menu' });
    await tabTo(narrow, open);
    await narrow.keyboard.press('Enter');
    const menu = narrow.getByRole('dialog', { name: 'Menu' });
    await visible(menu);
    await until(() => hasFocusInside(menu)).toBe(true);
    // round the whole menu and more: the keyboard never leaves it, and its close button is on the way
    const seen = await walkTabs(narrow, menu, 40);
    expect(seen).toContain(btn('Close menu'));
    await narrow.keyboard.press('Escape');
    await until(() => menu.count()).toBe(0);
    await until(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
    await narrow.keyboard.press('Enter');
    await visible(menu);
    await tabTo(narrow, menu.getByRole('link', { name: 'Holiday' }));
    await narrow.keyboard.press('Enter');
    await visible(narrow.getByRole('heading', { level: 1, name: 'Holiday' }));
    await until(() => menu.count()).toBe(0);
  });

  test('the idle warning: the keyboard lands on "Stay signed in"; Tab, Escape and Enter all keep the session', async () => {
    const idle = await suite.open();
    await idle.clock.install();
    await signIn(idle, suite.ts.url, suite.ts.demo.superAdmin);
    const warning = idle.getByRole('dialog', { name: 'Still there?' });
    // 28 minutes without a key or a click: the warning of SPEC.md's 30-minute idle limit
    await idle.clock.fastForward(28 * 60_000 + 2_000);
    await visible(warning);
    await until(() => focusedName(idle)).toBe(btn('Stay signed in'));
    // any key is the admin's input: Tab keeps the session, and the warning goes at the next second's
    // check (its Tab order is moot: a Tab ends it)
    await idle.keyboard.press('Tab');
    await until(() => warning.count()).toBe(0);
    await idle.clock.fastForward(28 * 60_000 + 2_000);
    await visible(warning);
    await until(() => focusedName(idle)).toBe(btn('Stay signed in'));
    await idle.keyboard.press('Escape');
    await until(() => warning.count()).toBe(0);
    await idle.clock.fastForward(28 * 60_000 + 2_000);
    await visible(warning);
    await until(() => focusedName(idle)).toBe(btn('Stay signed in'));
    await idle.keyboard.press('Enter');
    await until(() => warning.count()).toBe(0);
    // still signed in: the console's shell, not the sign-in page
    await idle.clock.fastForward(5_000);
    await visible(idle.getByRole('navigation', { name: 'Main' }));
    expect(new URL(idle.url()).pathname).not.toContain('/auth/login');
  });
});
