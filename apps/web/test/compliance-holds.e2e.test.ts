import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, docShot, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * The compliance desk's holds (decision 1101), in both languages at 1280 and 390 px: an officer
 * holds a customer with a note for the file; the hold is in the list at once, and its placer's own
 * "Propose release" is off with why written under it. A second officer proposes the release and a
 * third agrees: the customer leaves the list. Staff outside compliance read that the page is not
 * theirs, and which roles it is.
 */
const suite = browserSuite();

const TEXT = {
  en: {
    title: 'Holds',
    customer: 'Customer',
    search: 'Search options',
    note: 'Note for the compliance file',
    submit: 'Hold now',
    placed: (u: string) => `${u} is held.`,
    held: 'Held',
    release: 'Propose release',
    ownHold: 'You placed this hold: another officer proposes its release.',
    proposed: 'Proposed: it waits for a second officer.',
    agree: 'Agree',
    released: (u: string) => `${u} is released.`,
    badge: 'Compliance hold',
    whoMay: /^Your role cannot do this\. Roles that can: Super admin, Compliance officer,? and Compliance approver\.$/,
  },
  'zh-Hant': {
    title: '合規暫停',
    customer: '客戶',
    search: '搜尋選項',
    note: '合規檔案備註',
    submit: '立即暫停',
    placed: (u: string) => `${u} 已暫停。`,
    held: '合規暫停',
    release: '提議解除',
    ownHold: '此暫停由您設置：須由另一位專員提議解除。',
    proposed: '已提議：等待第二位專員同意。',
    agree: '同意',
    released: (u: string) => `${u} 已解除暫停。`,
    badge: '合規暫停',
    whoMay: /超級管理員.*合規專員.*合規核准人/,
  },
} as const;

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function openAs(role: 'complianceOfficer' | 'complianceApprover' | 'none' | 'superAdmin', language: 'en' | 'zh-Hant', width: number): Promise<Page> {
  const page = await suite.open();
  const who = role === 'superAdmin' ? suite.ts.demo.superAdmin : suite.ts.demo.byRole[role]!;
  await signIn(page, suite.ts.url, who);
  await page.setViewportSize({ width, height: 900 });
  await useLanguage(page, language);
  await page.goto(`${suite.ts.url}/compliance/holds/`);
  return page;
}

const CASES = [
  { language: 'en', width: 1280, customer: 'kilnworks', walk: true },
  { language: 'en', width: 390, customer: 'bullionhouse', walk: false },
  { language: 'zh-Hant', width: 1280, customer: 'goldenlotus', walk: false },
  { language: 'zh-Hant', width: 390, customer: 'newcomer', walk: true },
] as const;

for (const { language, width, customer, walk } of CASES) {
  test(`${language} at ${width} px: an officer holds ${customer}${walk ? '; a second proposes the release and a third agrees' : ''}`, async () => {
    const text = TEXT[language];
    const officer = await openAs('complianceOfficer', language, width);
    await visible(officer.getByRole('heading', { level: 1, name: text.title }));
    await officer.getByRole('combobox', { name: text.customer }).click();
    await officer.getByLabel(text.search).fill(customer);
    await officer.getByRole('option', { name: new RegExp(`^${customer} · `) }).click();
    await officer.getByLabel(text.note, { exact: false }).fill('Name matches a list entry; passport under review');
    await officer.getByRole('button', { name: text.submit }).click();
    await visible(toast(officer, text.placed(customer)));
    const row = officer.getByTestId('holds-table').locator('tbody tr').filter({ has: officer.getByRole('link', { name: customer, exact: true }) });
    await visible(row);
    await until(() => row.textContent()).toContain(text.held);
    expect(await row.textContent()).toContain('passport under review');
    // the placer may not propose the release: off, with why written where the button points
    const release = row.getByRole('button', { name: text.release });
    expect(await release.isDisabled()).toBe(true);
    const line = await release.getAttribute('aria-describedby');
    expect(await officer.locator(`[id="${line}"]`).textContent()).toContain(text.ownHold);
    // the hold is in force in the database, for the money's own transactions to read
    const [held] = await suite.ts.db.query<{ status: string }>("SELECT h.status FROM compliance_holds h JOIN users u ON u.id = h.user_id WHERE u.username = $1 AND h.status <> 'released'", [customer]);
    expect(held?.status).toBe('held');
    // the customer's page tells every member of staff that much, and not why
    await officer.getByRole('link', { name: customer, exact: true }).click();
    await until(() => officer.getByTestId('compliance-hold').textContent()).toBe(text.badge);
    expect(await officer.locator('main').textContent()).not.toContain('passport under review');
    await officer.goBack();
    await visible(row);
    expect(await seriousAxeViolations(officer)).toEqual([]);
    await until(() => noSideways(officer)).toBe(true);
    await docShot(officer, `compliance-holds-${language}-${width}`);
    if (!walk) return;

    // a second officer proposes the release, with a note
    const approver = await openAs('complianceApprover', language, width);
    const theirRow = approver.getByTestId('holds-table').locator('tbody tr').filter({ has: approver.getByRole('link', { name: customer, exact: true }) });
    await theirRow.getByRole('button', { name: text.release }).click();
    const dialog = approver.getByTestId('propose-dialog');
    await dialog.getByLabel(text.note, { exact: false }).fill('Different birth date and nationality: a false hit');
    await dialog.getByTestId('propose-submit').click();
    await visible(toast(approver, text.proposed));
    // the proposer may not agree to its own proposal
    expect(await theirRow.getByRole('button', { name: text.agree }).isDisabled()).toBe(true);

    // a third agrees: released, the customer leaves the list
    const root = await openAs('superAdmin', language, width);
    const rootRow = root.getByTestId('holds-table').locator('tbody tr').filter({ has: root.getByRole('link', { name: customer, exact: true }) });
    await rootRow.getByRole('button', { name: text.agree }).click();
    await visible(toast(root, text.released(customer)));
    await until(() => rootRow.count()).toBe(0);

    // staff outside compliance: the page says it is not theirs, and whose it is
    const viewer = await openAs('none', language, width);
    await until(() => viewer.getByTestId('no-permission').textContent()).toMatch(text.whoMay);
    expect(await viewer.getByTestId('holds-table').count()).toBe(0);
  });
}
