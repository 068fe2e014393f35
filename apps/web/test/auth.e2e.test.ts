import { expect, test } from '@playwright/test';
import { sessionMessage } from '@aurum/domain/auth/session-messages';
import { browserSuite, signIn, signInWithForm, submitSignIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();
const open = (viewport?: { width: number; height: number }) => suite.open(viewport);

test.describe('sign-in', () => {
  test('signs in with the demo super admin and shows the shell', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/`);
    // signed out: '/' leads to the sign-in page
    await until(() => page.url()).toBe(`${suite.ts.url}/auth/login/`);
    await submitSignIn(page, suite.ts.demo.superAdmin);
    await visible(toast(page, 'Signed in successfully.'));
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await until(() => page.getByTestId('market-status').textContent()).toBe('connecting');
    await until(() => page.getByTestId('welcome-card').textContent()).toContain('Super admin');
    await until(() => page.getByTestId('backend-version').textContent()).toBe('test_0123456');
    await until(() => page.getByTestId('frontend-version').textContent()).toMatch(/^\d+\.\d+\.\d+/);
    await until(() => page.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  test('shows the catalogue message in an error toast for a wrong password', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/auth/login/`);
    await submitSignIn(page, { username: suite.ts.demo.superAdmin.username, password: 'Wrong#Password1' });
    const error = toast(page, 'Incorrect username or password.');
    await visible(error);
    await until(() => error.getAttribute('data-variant')).toBe('error');
    await until(() => error.textContent()).toContain('Failed');
    await until(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  });

  test('validates the form before calling the server', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/auth/login/`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await until(() => page.getByText('The field must not be empty').count()).toBe(2);
  });

  test('a page asked for while signed out is shown after signing in', async () => {
    const page = await open();
    await page.goto(`${suite.ts.url}/system/log/`);
    await until(() => page.url()).toBe(`${suite.ts.url}/auth/login/`);
    await submitSignIn(page, suite.ts.demo.superAdmin);
    await until(() => page.url()).toBe(`${suite.ts.url}/system/log/`);
    await visible(page.getByRole('heading', { name: 'Log' }));
  });
});

test.describe('sign-out and sessions', () => {
  test('logs out: toast, sign-in page, and the back button does not bring the shell back', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.getByRole('link', { name: 'Holiday' }).click();
    await visible(page.getByRole('heading', { name: 'Holiday' }));
    await page.getByRole('button', { name: 'Admin menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await visible(toast(page, 'You have signed out.'));
    await until(() => page.url()).toBe(`${suite.ts.url}/auth/login/`);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await page.goBack();
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await until(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k !== 'aurum.sessionMessage'))).toEqual([]);
  });

  test('a session ended on the server sends the console to the sign-in page with the session message (on reload)', async () => {
    const page = await open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await suite.ts.db.query("UPDATE admin_sessions SET ended_at = now(), end_reason = 'forced' WHERE ended_at IS NULL");
    // a reload restores the stored session and refreshes it at once: the server refuses
    await page.reload();
    await until(() => page.url()).toBe(`${suite.ts.url}/auth/login/`);
    await until(() => page.getByTestId('session-message').textContent()).toBe(sessionMessage('forced'));
    await until(() => page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    // shown once
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await until(() => page.getByTestId('session-message').count()).toBe(0);
  });

  test('the 25 s refresh notices a session ended on the server', async () => {
    const page = await open();
    await page.clock.install();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await suite.ts.db.query("UPDATE admin_sessions SET ended_at = now(), end_reason = 'forced' WHERE ended_at IS NULL");
    await page.clock.fastForward(26_000);
    await until(() => page.getByTestId('session-message').textContent()).toBe(sessionMessage('forced'));
    await until(() => page.url()).toBe(`${suite.ts.url}/auth/login/`);
  });

  test('keeps refreshing a live session with the refresh token of its sign-in, marked background', async () => {
    const page = await open();
    await page.clock.install();
    const refreshes: Array<{ token: unknown; background: string | undefined }> = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/v0/web/auth/admin/refresh')) return;
      const body = JSON.parse(request.postData() ?? '{}') as { token?: unknown };
      refreshes.push({ token: body.token, background: request.headers()['x-aurum-background'] });
    });
    await signInWithForm(page, suite.ts.url, suite.ts.demo.superAdmin);
    const login = await page.evaluate(() => sessionStorage.getItem('aurum.refreshToken'));
    await page.clock.fastForward(26_000);
    await until(() => refreshes.length).toBe(1);
    // the next refresh is scheduled once the first one's answer is in: move the clock on until it has gone out
    await until(async () => {
      if (refreshes.length < 2) await page.clock.fastForward(5_000);
      return refreshes.length;
    }).toBe(2);
    expect(refreshes).toEqual([
      { token: login, background: '1' },
      { token: login, background: '1' },
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem('aurum.refreshToken'))).toBe(login);
    // the token is not rotated: a reload at any moment presents it again and the session goes on
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await until(() => refreshes.length).toBe(3);
    expect(refreshes[2]!.token).toBe(login);
  });
});
