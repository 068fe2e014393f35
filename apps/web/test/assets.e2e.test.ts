import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { PNG_BASE64, receiptFile } from './support/api.ts';
import { confirmReview, reviewOf } from './support/flows.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { openUser } from './support/people.ts';

const suite = browserSuite();


const maker = () => suite.ts.demo.byRole.financeMaker!;
const approver = () => suite.ts.demo.byRole.financeApprover!;

/** Picks a user in a searchable select by typing its username and taking the first match. */
async function pickUser(page: Page, label: string, username: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByLabel('Search options').fill(username);
  await page.getByRole('option', { name: new RegExp(`^${username} · `) }).click();
}

async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Whether the image inside the locator has loaded and has pixels. */
const imageLoaded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('img')
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)
    .catch(() => false);

const requestIdOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').filter(Boolean).pop());

/** The user's wallet books as the User Information page shows them. */
async function wallet(page: Page, username: string): Promise<Record<'fund' | 'gold' | 'fundHeld' | 'goldHeld', string>> {
  await openUser(page, suite.ts.url, username);
  await visible(page.getByTestId('wallet-fund'));
  const read = async (book: string) => ((await page.getByTestId(`wallet-${book}`).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  return { fund: await read('fund'), gold: await read('gold'), fundHeld: await read('fundHeld'), goldHeld: await read('goldHeld') };
}

test.describe('requests console', () => {
  // first: it expects aminah's opening wallet, which the deposit test then changes
  test('a withdrawal above the wallet balance is refused in the form and by the server', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, maker());
    const userId = await openUser(page, suite.ts.url, 'aminah');
    await page.goto(`${suite.ts.url}/asset/create/?action=withdrawal&userId=${userId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Create withdrawal' }));
    await until(() => page.getByTestId('balance-fund').textContent()).toBe('25,000.00 MYR');
    await until(() => page.getByTestId('balance-gold').textContent()).toBe('120.5000 g');
    await page.getByLabel('Amount (MYR)').fill('25000.01');
    await page.locator('input[type="file"]').setInputFiles(receiptFile());
    await page.getByRole('button', { name: 'Submit request' }).click();
    await visible(page.getByText('Withdrawal amount cannot be larger than the wallet balance'));
    await pickOption(page, 'Type', 'XAU (gold, grams)');
    await page.getByLabel('Quantity (XAU g)').fill('120.5001');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await visible(page.getByText('Withdrawal gold cannot be larger than the wallet balance'));
    // nothing was sent: still on the form
    expect(new URL(page.url()).pathname).toBe('/asset/create/');

    // the server refuses it too (the form's check bypassed): 422, 2080, nothing held
    const answer = await page.evaluate(
      async ({ userId, png }) => {
        const token = sessionStorage.getItem('aurum.accessToken');
        const form = new FormData();
        form.set('userId', String(userId));
        form.set('type', 'MYR');
        form.set('amount', '25000.01');
        form.set('receipt', new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }), 'receipt.png');
        const response = await fetch('/v0/web/secure/asset/withdrawal/create', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      { userId, png: PNG_BASE64 },
    );
    expect(answer).toMatchObject({ status: 422, body: { code: 2080 } });
    const after = await wallet(page, 'aminah');
    expect(after).toMatchObject({ fund: '25,000.00 MYR', fundHeld: '0.00 MYR' });
  });

  test('a finance maker submits a deposit with a receipt; a finance approver approves it and the wallet grows', async () => {
    const before = await (async () => {
      const page = await suite.open();
      await signIn(page, suite.ts.url, approver());
      return wallet(page, 'aminah');
    })();
    expect(before.fund).toBe('25,000.00 MYR');

    const page = await suite.open();
    await signIn(page, suite.ts.url, maker(), '/asset/?action=deposit');
    await visible(page.getByRole('heading', { level: 1, name: 'Deposit requests' }));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Create deposit' }));
    await pickUser(page, 'User', 'aminah');
    await until(() => page.getByTestId('balance-fund').textContent()).toBe('25,000.00 MYR');
    await page.getByLabel('Amount (MYR)').fill('1,234.56');
    await page.getByLabel('Note').fill('Maybank slip e2e-001');
    await page.locator('input[type="file"]').setInputFiles(receiptFile());
    await visible(page.getByRole('img', { name: 'Preview of the chosen image' }));
    await page.getByRole('button', { name: 'Submit request' }).click();
    // the review: a deposit moves nothing until it is approved
    const review = reviewOf(page);
    await until(() => review.getByTestId('review-value').textContent()).toBe('1,234.56 MYR');
    await visible(review.getByText('Nothing moves until an approver approves it'));
    await confirmReview(page, 'Confirm and submit');

    await visible(page.getByRole('heading', { level: 1, name: 'Deposit details' }));
    const id = requestIdOf(page);
    await visible(toast(page, `Deposit request #${id} submitted.`));
    await until(() => page.getByTestId('request-amount').textContent()).toBe('1,234.56 MYR');
    await until(() => page.getByTestId('request-status').textContent()).toBe('Pending');
    await until(() => page.getByTestId('request-receiver').textContent()).toBe('aminah');
    await until(() => page.getByTestId('request-method').textContent()).toBe('Bank transfer');
    await until(() => imageLoaded(page, 'receipt-user')).toBe(true);
    // the maker may not decide: the controls stay visible but disabled
    expect(await page.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);

    // the approver: the dashboard lists it among the pending deposits, live
    const checker = await suite.open();
    await signIn(checker, suite.ts.url, approver());
    const widget = checker.getByTestId('widget-deposit-requests');
    await visible(widget.getByRole('link', { name: `#${id} · aminah` }));
    await widget.getByRole('link', { name: 'View all' }).click();
    await until(() => new URL(checker.url()).search).toBe('?action=deposit&status=pending');
    await checker.getByRole('table', { name: 'Deposit requests' }).getByRole('link', { name: `#${id}` }).click();
    await visible(checker.getByRole('heading', { level: 1, name: 'Deposit details' }));
    await until(() => imageLoaded(checker, 'receipt-user')).toBe(true);

    await checker.getByRole('button', { name: 'Approve' }).click();
    const dialog = checker.getByTestId('approve-dialog');
    await visible(dialog);
    // before anything posts: the wallet's fund now and after the approval (aminah has 25,000.00 in the demo)
    await until(() => dialog.getByTestId('effect-aminah-fund').textContent()).toBe('25,000.00 → 26,234.56');
    // the verified receipt is required
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await visible(dialog.getByText('The field must not be empty'));
    await dialog.locator('input[type="file"]').setInputFiles(receiptFile());
    await visible(dialog.getByRole('img', { name: 'Preview of the chosen image' }));
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await visible(toast(checker, `Deposit #${id} approved.`));
    await until(() => checker.getByTestId('request-status').textContent()).toBe('Approved');
    await until(() => checker.getByTestId('request-verified-by').textContent()).toBe(approver().username);
    await until(() => imageLoaded(checker, 'receipt-verified')).toBe(true);
    // decided: who and when in place of the buttons
    await until(() => checker.getByTestId('request-decision').textContent()).toMatch(new RegExp(`^Approved by ${approver().username}, \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} MYT\\.$`));
    expect(await checker.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

    // the maker's screen follows over the socket
    await until(() => page.getByTestId('request-status').textContent()).toBe('Approved');

    // the wallet grew by exactly the amount, and the user's deposit tab lists the request
    const after = await wallet(checker, 'aminah');
    expect(after.fund).toBe('26,234.56 MYR');
    await checker.getByRole('tab', { name: 'Deposit' }).click();
    const tab = checker.getByTestId('user-deposit-requests');
    await visible(tab.getByRole('link', { name: `#${id}` }));
    await visible(tab.getByText('Approved'));
  });

  test('declining a transfer releases the held gold', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, maker());
    const before = await wallet(page, 'kilnworks');
    expect(before).toMatchObject({ gold: '250.0000 XAU g', goldHeld: '0.0000 XAU g' });

    await page.goto(`${suite.ts.url}/asset/create/?action=transfer`);
    await visible(page.getByRole('heading', { level: 1, name: 'Create transfer' }));
    await pickUser(page, 'Sender', 'kilnworks');
    await until(() => page.getByTestId('balance-gold').textContent()).toBe('250.0000 g');
    await pickOption(page, 'Type', 'XAU (gold, grams)');
    await page.getByLabel('Quantity (XAU g)').fill('20.25');
    await pickUser(page, 'Receiver', 'aminah');
    await page.locator('input[type="file"]').setInputFiles(receiptFile());
    await page.getByRole('button', { name: 'Submit request' }).click();
    // the review: the grams are held on the sender's books at once
    const review = reviewOf(page);
    await until(() => review.getByTestId('review-receiver').textContent()).toBe('aminah');
    await until(() => review.getByTestId('review-gold').textContent()).toBe('250.0000 → 229.7500');
    expect(await review.getByTestId('review-goldHeld').textContent()).toBe('0.0000 → 20.2500');
    await confirmReview(page, 'Confirm and submit');
    await visible(page.getByRole('heading', { level: 1, name: 'Transfer details' }));
    const id = requestIdOf(page);
    await visible(toast(page, `Transfer request #${id} submitted.`));
    await until(() => page.getByTestId('request-quantity').textContent()).toBe('20.2500 g');

    const held = await wallet(page, 'kilnworks');
    expect(held).toMatchObject({ gold: '229.7500 XAU g', goldHeld: '20.2500 XAU g' });

    const checker = await suite.open();
    await signIn(checker, suite.ts.url, approver(), '/asset/?action=transfer&status=pending');
    await checker.getByRole('table', { name: 'Transfer requests' }).getByRole('link', { name: `#${id}` }).click();
    await visible(checker.getByRole('heading', { level: 1, name: 'Transfer details' }));
    await checker.getByRole('button', { name: 'Decline' }).click();
    const dialog = checker.getByTestId('confirm-dialog');
    await visible(dialog.getByText("The held value goes back to the user's wallet."));
    await dialog.getByLabel('Reason').fill('Receiver details do not match.');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await visible(toast(checker, `Transfer #${id} declined.`));
    await until(() => checker.getByTestId('request-status').textContent()).toBe('Declined');
    await until(() => checker.getByTestId('request-decline-reason').textContent()).toBe('Receiver details do not match.');

    const released = await wallet(checker, 'kilnworks');
    expect(released).toMatchObject({ gold: '250.0000 XAU g', goldHeld: '0.0000 XAU g' });
  });

  test('a superAdmin cannot decide what it submitted itself (maker-checker): the controls are disabled, with the reason', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const userId = await openUser(page, suite.ts.url, 'kumar');
    await page.goto(`${suite.ts.url}/asset/create/?action=deposit&userId=${userId}`);
    await pickOption(page, 'Type', 'XAU (gold, grams)');
    await page.getByLabel('Quantity (XAU g)').fill('1.23456');
    // leaving the field checks it (on blur)
    await page.getByLabel('Quantity (XAU g)').blur();
    await visible(page.getByText('Decimal places cannot exceed 4 digits'));
    await page.getByLabel('Quantity (XAU g)').fill('1.2345');
    await page.getByLabel('Quantity (XAU g)').blur();
    await until(() => page.getByText('Decimal places cannot exceed 4 digits').count()).toBe(0);
    await page.locator('input[type="file"]').setInputFiles(receiptFile());
    await page.getByRole('button', { name: 'Submit request' }).click();
    await confirmReview(page, 'Confirm and submit');
    await visible(page.getByRole('heading', { level: 1, name: 'Deposit details' }));
    await until(() => page.getByTestId('request-method').textContent()).toBe('Physical gold');
    // the reason is written beside the buttons, which point at it (not only a tooltip)
    const reason = page.getByTestId('blocked-reason').filter({ hasText: 'You submitted this request: another admin must approve or decline it.' });
    await visible(reason);
    for (const name of ['Approve', 'Decline']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute('aria-describedby'), name).toContain(await reason.getAttribute('id'));
    }
  });

  test("filters the list by status and type in the URL, and a broken receipt shows the 'image is broken' toast", async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, approver(), '/asset/?action=withdrawal');
    const table = page.getByRole('table', { name: 'Withdrawal requests' });
    await visible(table.getByText('10,000.00 MYR'));
    await page.getByTestId('filter-button').click();
    await pickOption(page, 'Status', 'Declined');
    await pickOption(page, 'Type', 'XAU');
    await page.getByRole('button', { name: 'Apply' }).click();
    await until(() => new URL(page.url()).searchParams.toString()).toBe('action=withdrawal&status=declined&type=XAU&page=1&limit=10');
    await until(() => table.locator('tbody tr').count()).toBe(1);
    await visible(table.getByText('1.0000 g'));
    await visible(table.getByText('Declined'));
    await until(() => page.getByTestId('filter-count').textContent()).toBe('2');

    // a receipt whose bytes are not an image
    await page.route('**/receipt/user', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: 'not an image' }));
    await table.getByRole('link').first().click();
    await visible(page.getByRole('heading', { level: 1, name: 'Withdrawal details' }));
    await visible(toast(page, 'The image is broken.'));
  });
});
