import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { sessionMessage } from '@aurum/domain/auth/session-messages';
import { browserSuite, signIn, submitSignIn, until, visible } from './support/harness.ts';

// Staff second factor, idle warning, tabs, sessions page, and what the sign-in page loads.
const suite = browserSuite();
const ASSETS = join(import.meta.dirname, '..', 'dist', 'assets');

/** The built chunks holding the strength estimator's dictionaries and the QR encoder, found by their content. */
function heavyChunks(): { strength: string[]; qr: string[] } {
  const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
  const holding = (marker: string) => files.filter((f) => readFileSync(join(ASSETS, f), 'utf8').includes(marker));
  return { strength: holding('qwertyuiop'), qr: holding('maskPattern') };
}

function scriptsLoaded(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) seen.push(request.url().split('/').pop()!);
  });
  return () => [...seen];
}

const codeAt = (secret: string, at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function openMenuItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Admin menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

test.describe('staff second factor and sessions', () => {
  test('the sign-in page loads neither the strength estimator nor the QR encoder; the pages that need them do', async () => {
    const heavy = heavyChunks();
    expect(heavy.strength.length).toBeGreaterThan(0);
    expect(heavy.qr.length).toBeGreaterThan(0);
    const page = await suite.open();
    const loaded = scriptsLoaded(page);
    await page.goto(`${suite.ts.url}/auth/login/`);
    await visible(page.getByRole('heading', { name: 'Sign in' }));
    await page.waitForLoadState('networkidle');
    expect(loaded().filter((f) => [...heavy.strength, ...heavy.qr].includes(f))).toEqual([]);

    await submitSignIn(page, suite.ts.demo.superAdmin);
    await visible(page.getByRole('navigation', { name: 'Main' }));
    await page.goto(`${suite.ts.url}/account/admin/create/`);
    await page.getByLabel('Password', { exact: true }).fill('Password#123');
    await until(() => page.getByTestId('password-strength').textContent()).toContain('Too easy to guess');
    await page.getByLabel('Password', { exact: true }).fill('Copper-Lantern#Drift7');
    await until(() => page.getByTestId('password-strength').textContent()).toContain('Strong');
    expect(loaded().some((f) => heavy.strength.includes(f))).toBe(true);
  });

  test('enrols by reading the secret from the page and typing a computed code, then signs in with the second factor', async () => {
    const who = suite.ts.demo.byRole.operationApprover!;
    const page = await suite.open();
    await signIn(page, suite.ts.url, who);
    await openMenuItem(page, 'Security');
    await page.getByRole('button', { name: 'Set up second factor' }).click();
    await visible(page.getByTestId('totp-qr'));
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(codeAt(secret, suite.ts.now().getTime()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await until(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await until(() => page.getByTestId('second-factor-enrolled').textContent()).toContain('10 recovery codes left');

    // a later step: the code used to confirm never works again
    suite.ts.advanceClock(30_000);
    const next = await suite.open();
    await next.goto(`${suite.ts.url}/auth/login/`);
    await submitSignIn(next, who);
    await visible(next.getByRole('heading', { name: 'Second factor' }));
    await next.getByLabel('Code', { exact: true }).fill('000000');
    await next.getByRole('button', { name: 'Verify' }).click();
    await visible(next.getByText('Incorrect or already used code.').first());
    await next.getByLabel('Code', { exact: true }).fill(codeAt(secret, suite.ts.now().getTime()));
    await next.getByRole('button', { name: 'Verify' }).click();
    await visible(next.getByRole('navigation', { name: 'Main' }));
  });

  test('warns 2 minutes before the idle limit (injected clock), keeps the session on "stay signed in", and signs out at the limit', async () => {
    const page = await suite.open();
    await page.clock.install();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.none!);
    await page.clock.fastForward('27:50');
    await until(() => page.getByTestId('idle-dialog').count()).toBe(0);
    await page.clock.fastForward('00:20');
    await visible(page.getByTestId('idle-dialog'));
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await until(() => page.getByTestId('idle-dialog').count()).toBe(0);
    await page.clock.fastForward('28:30');
    await visible(page.getByTestId('idle-dialog'));
    await page.clock.fastForward('01:40');
    await until(() => page.url()).toBe(`${suite.ts.url}/auth/login/`);
    await visible(page.getByTestId('session-message'));
    expect(await page.getByTestId('session-message').textContent()).toBe(sessionMessage('idle'));
  });

  test('signing out in one tab ends the session of the other tab of the same browser', async () => {
    const who = suite.ts.demo.byRole.financeApprover!;
    const first = await suite.open();
    const second = await first.context().newPage();
    await signIn(first, suite.ts.url, who);
    await signIn(second, suite.ts.url, who);
    const open = async () =>
      (await suite.ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM admin_sessions s JOIN admins a ON a.id = s.admin_id WHERE a.username = $1 AND s.ended_at IS NULL", [who.username]))[0]!.n;
    expect(await open()).toBe(2);
    await openMenuItem(first, 'Log out');
    await until(() => second.url()).toBe(`${suite.ts.url}/auth/login/`);
    await until(open).toBe(0);
  });

  test("ends another session from the sessions page, and that session's socket closes", async () => {
    const who = suite.ts.demo.byRole.financeMaker!;
    const other = await suite.open();
    /** Whether each socket the page opened is open (true) or closed (false). */
    const sockets: boolean[] = [];
    other.on('websocket', (ws) => {
      const at = sockets.push(true) - 1;
      ws.on('close', () => (sockets[at] = false));
    });
    const before = suite.ts.app.sockets.clientCount();
    await signIn(other, suite.ts.url, who);
    await until(() => suite.ts.app.sockets.clientCount()).toBe(before + 1); // the server holds its socket
    expect(sockets.filter(Boolean)).toHaveLength(1);

    const page = await suite.open();
    await signIn(page, suite.ts.url, who);
    await openMenuItem(page, 'Security');
    const rows = page.getByTestId('sessions-table').locator('tbody tr');
    await until(() => rows.count()).toBe(2);
    await page.getByRole('button', { name: /^End session on / }).click();
    await until(() => rows.count()).toBe(1);
    await until(() => sockets.every((open) => !open)).toBe(true);
    const ended = await suite.ts.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'auth.sessionEnd'");
    expect(ended).toHaveLength(1);
  });

  test('a role required by a superAdmin leads its unenrolled admin to the security page right after the password; another superAdmin resets a factor', async () => {
    const sa = await suite.open();
    await signIn(sa, suite.ts.url, suite.ts.demo.superAdmin);
    await openMenuItem(sa, 'Security');
    const roles = sa.getByTestId('second-factor-roles');
    await roles.getByLabel('Operation maker').check();
    await sa.getByRole('button', { name: 'Save' }).click();
    await until(async () => (await suite.ts.db.query<{ role: string }>('SELECT role FROM second_factor_roles')).map((r) => r.role)).toEqual(['operationMaker']);

    const held = await suite.open();
    await held.goto(`${suite.ts.url}/auth/login/`);
    await submitSignIn(held, suite.ts.demo.byRole.operationMaker!);
    await until(() => held.url()).toBe(`${suite.ts.url}/account/security/`);
    await visible(held.getByTestId('second-factor-required'));

    // the operation approver enrolled above: the superAdmin resets its factor from its information page
    const approver = await suite.ts.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'operationapprover'");
    await sa.goto(`${suite.ts.url}/account/admin/info/?adminId=${approver[0]!.id}`);
    await sa.getByRole('button', { name: 'Reset second factor' }).click();
    await until(async () => (await suite.ts.db.query("SELECT 1 FROM admin_second_factors f JOIN admins a ON a.id = f.admin_id WHERE a.username = 'operationapprover'")).length).toBe(0);
  });
});
