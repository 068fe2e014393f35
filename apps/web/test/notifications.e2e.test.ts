import { expect, test } from '@playwright/test';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();

test.describe('notifications', () => {
  test('sends a notification to two selected users and lists it in the history', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.operationMaker!, '/action/notification/');
    await visible(page.getByRole('heading', { level: 1, name: 'Notification' }));

    await page.getByLabel('Subject').fill('Vault maintenance');
    await page.getByLabel('Content').fill('The vault closes on Saturday.\nOrders still settle.');
    await page.getByLabel('Selected users').check();
    await page.getByRole('combobox', { name: 'Users' }).click();
    await page.getByRole('option', { name: 'aminah (Aminah Rahman)' }).click();
    await page.getByRole('option', { name: 'kumar (Kumar Agent)' }).click();
    await page.keyboard.press('Escape');
    await until(() => page.getByRole('combobox', { name: 'Users' }).textContent()).toContain('aminah (Aminah Rahman), kumar (Kumar Agent)');

    await page.getByTestId('send-notification').click();
    const confirm = page.getByTestId('confirm-dialog');
    await visible(confirm.getByText('“Vault maintenance” goes to 2 selected users: aminah, kumar.'));
    await confirm.getByRole('button', { name: 'Send notification' }).click();
    await visible(toast(page, 'Notification sent.'));
    await visible(toast(page, '2 recipients'));
    // the form is cleared for the next one
    await until(() => page.getByLabel('Subject').inputValue()).toBe('');

    const history = page.getByRole('table', { name: 'Sent notifications' });
    const row = history.locator('tbody tr').filter({ hasText: 'Vault maintenance' });
    await visible(row);
    expect(await row.textContent()).toContain('Selected users');
    expect(await row.textContent()).toContain('operationmaker');
    // delivered in the background (the outbox mailer of the test server)
    await until(() => row.textContent()).toContain('2/2 delivered, 0 failed, 0 read');
    const mails = await suite.ts.outbox();
    expect(mails.filter((m) => m.subject === 'Vault maintenance').map((m) => m.to).sort()).toEqual(['aminah@example.com', 'kumar@example.com']);

    await row.getByRole('button', { name: 'Detail of Vault maintenance' }).click();
    const detail = page.getByTestId('notification-detail');
    await until(() => detail.getByTestId('notification-content').textContent()).toBe('The vault closes on Saturday.\nOrders still settle.');
    const recipients = detail.getByRole('table', { name: 'Recipients' });
    await until(() => recipients.locator('tbody tr').count()).toBe(2);
    await visible(recipients.getByText('aminah@example.com'));
    await visible(recipients.getByText('kumar@example.com'));
    await until(() => recipients.getByText(/^Delivered /).count()).toBe(2);
  });

  test('refuses an empty subject, empty content and no recipients without sending', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/action/notification/');
    await page.getByLabel('Content').fill('Body only');
    await page.getByLabel('Subject').fill('   ');
    await page.getByTestId('send-notification').click();
    const form = page.getByRole('form', { name: 'New notification' });
    await visible(form.getByText('The field must not be empty'));
    await visible(form.getByText('Select at least one user'));
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);

    // all users needs nobody picked; an empty content is still refused
    await page.getByLabel('All users').check();
    await page.getByLabel('Subject').fill('Hello');
    await page.getByLabel('Content').fill('');
    await page.getByTestId('send-notification').click();
    await visible(form.getByText('The field must not be empty'));
    expect(await form.getByText('Select at least one user').count()).toBe(0);
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
  });

  test('the send button is disabled for a role without sendNotification', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/action/notification/');
    await visible(page.getByRole('table', { name: 'Sent notifications' }));
    expect(await page.getByTestId('send-notification').isDisabled()).toBe(true);
    // why, and who may, written where the button points
    const line = page.locator(`[id="${await page.getByTestId('send-notification').getAttribute('aria-describedby')}"]`);
    await visible(line);
    expect(await line.textContent()).toMatch(/^Your role cannot do this\. Roles that can: Super admin, Operation approver, and Operation maker\.$/);
  });
});
