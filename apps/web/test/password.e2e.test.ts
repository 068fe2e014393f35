import { test } from '@playwright/test';
import { browserSuite, submitSignIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

/** The reset link of the newest mail to this address, on the test server's origin. */
async function resetLinkFor(email: string): Promise<string> {
  const mails = (await suite.ts.outbox()).filter((m) => m.to === email);
  const text = mails.at(-1)?.text ?? '';
  const link = /https?:\/\/\S+\/auth\/reset-password\/\?token=[^\s"<>]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in the mail to ${email}: ${text}`);
  const url = new URL(link);
  return `${suite.ts.url}${url.pathname}${url.search}`;
}

test.describe('password reset', () => {
  // The server runs in this worker process. Its strength estimator builds its dictionaries (a few MB)
  // on first use, and a reset's first call would do that while CI's other browsers hold the cores. It
  // is built here first, in the same module the server's reset uses.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const { passwordStrength } = await import('@aurum/domain/auth/password-strength');
    passwordStrength('Warm#Up2026pw', []);
  });

  test('rejects a link without a token', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/auth/reset-password/`);
    await visible(page.getByRole('link', { name: 'Request a new link' }));
  });

  test('checks the password rule and the confirmation in the browser', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/auth/reset-password/?token=whatever`);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Length must be at least 8 characters'));
    await visible(page.getByText('Confirm password must match password'));
  });

  test('an unknown token shows the catalogue message', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/auth/reset-password/?token=not-a-real-token`);
    await page.getByLabel('New password', { exact: true }).fill('Fresh#Pass2026');
    await page.getByLabel('Confirm password', { exact: true }).fill('Fresh#Pass2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(toast(page, 'Verification code has expired, Please request a new one.'));
  });

  test('forgot password, e-mailed link, new password, then sign in with it', async () => {
    test.setTimeout(150_000);
    const { email, username, password: oldPassword } = suite.ts.demo.superAdmin;
    const newPassword = 'Brand#New2026pw';
    const page = await open();
    await page.goto(`${suite.ts.url}/auth/login/`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByRole('heading', { name: 'Check your e-mail' }));

    await until(async () => (await suite.ts.outbox()).filter((m) => m.to === email).length).toBeGreaterThan(0);
    await page.goto(await resetLinkFor(email));
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Show' }).first().click();
    await until(() => page.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    // the server's first password change loads the strength estimator's dictionaries and hashes with
    // argon2: a second on a quiet machine, many more while CI runs three browsers on two cores
    await page.getByRole('heading', { name: 'Password changed' }).waitFor({ state: 'visible', timeout: 60_000 });

    await page.getByRole('link', { name: 'Sign in' }).click();
    await submitSignIn(page, { username, password: oldPassword });
    await visible(toast(page, 'Incorrect username or password.'));
    await submitSignIn(page, { username, password: newPassword });
    await visible(page.getByRole('navigation', { name: 'Main' }));

    // the link works once
    const again = await open();
    await again.goto(await resetLinkFor(email));
    await again.getByLabel('New password', { exact: true }).fill('Other#Pass2026');
    await again.getByLabel('Confirm password', { exact: true }).fill('Other#Pass2026');
    await again.getByRole('button', { name: 'Change password' }).click();
    await visible(toast(again, 'Verification code has expired, Please request a new one.'));
  });
});
