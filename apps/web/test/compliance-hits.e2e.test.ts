import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
// the list upload is another part's: the test writes an active version as it would
import { activateListVersion, newCustomer } from '../../server/src/modules/compliance/__tests__/screening-lists-fixture.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { apiSignIn, browserSuite, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * Screening hits (decision 1104), in both languages: a customer whose name is on a PEP list is
 * screened; the desk reads the hit with the listed name, the list and the matcher's reasons. One
 * officer proposes to dismiss it as false, the same officer may not agree, a second agrees and
 * the hit leaves the list.
 */
const suite = browserSuite();

const TEXT = {
  en: { title: 'Hits', dismiss: 'Propose dismissal', note: 'Note for the compliance file', proposed: 'Dismissal proposed', agree: 'Agree to dismiss', dismissed: (u: string) => `Hit on ${u} dismissed`, reason: 'Same' },
  'zh-Hant': { title: '篩查命中', dismiss: '提議排除', note: '合規檔案備註', proposed: '已提議排除', agree: '同意排除', dismissed: (u: string) => `已排除 ${u} 的命中`, reason: '相同' },
} as const;

const CASES = [
  { language: 'en', first: 'Wei Ming', last: 'Lim', listed: 'Lim Wei Ming' },
  { language: 'zh-Hant', first: 'Bee Lian', last: 'Ong', listed: 'Ong Bee Lian' },
] as const;

async function openAs(role: 'complianceOfficer' | 'complianceApprover', language: 'en' | 'zh-Hant'): Promise<Page> {
  const page = await suite.open();
  await signIn(page, suite.ts.url, suite.ts.demo.byRole[role]!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await useLanguage(page, language);
  await page.goto(`${suite.ts.url}/compliance/hits/`);
  return page;
}

for (const { language, first, last, listed } of CASES) {
  test(`${language}: a false hit on ${listed} dismissed by two officers`, async () => {
    const text = TEXT[language];
    const db = suite.ts.db;
    await activateListVersion(db, { code: `e2e-pep-${language.toLowerCase()}`, kind: 'pep' }, [{ reference: `PEP-${last}`, primaryName: listed }]);
    const userId = await newCustomer(db, { first, last });
    const [{ username }] = (await db.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId])) as [{ username: string }];
    const officerToken = ((await (await apiSignIn(suite.ts.url, suite.ts.demo.byRole.complianceOfficer!)).json()) as { jwt: string }).jwt;
    const screened = await fetch(`${suite.ts.url}/v0/web/secure/compliance/screening/customers/${userId}`, { method: 'POST', headers: { authorization: `Bearer ${officerToken}` } });
    expect(screened.status, await screened.text()).toBe(200);

    const officer = await openAs('complianceOfficer', language);
    await visible(officer.getByRole('heading', { level: 1, name: text.title }));
    const row = officer.getByTestId('hits-table').locator('tbody tr').filter({ has: officer.getByRole('link', { name: username, exact: true }) });
    await visible(row);
    expect(await row.textContent()).toContain(listed);
    expect(await row.textContent()).toContain(`PEP-${last}`);
    expect(await row.locator('[data-testid^="reasons-"]').textContent()).toContain(text.reason);
    expect(await seriousAxeViolations(officer)).toEqual([]);

    await row.getByRole('button', { name: text.dismiss }).click();
    const dialog = officer.getByTestId('hit-dialog');
    await dialog.getByLabel(text.note, { exact: false }).fill('A different person: another birth date');
    await dialog.getByTestId('hit-submit').click();
    await visible(toast(officer, text.proposed));
    // the officer may not agree (not theirs to decide, and their own proposal)
    expect(await row.getByRole('button', { name: text.agree }).isDisabled()).toBe(true);

    const approver = await openAs('complianceApprover', language);
    const theirRow = approver.getByTestId('hits-table').locator('tbody tr').filter({ has: approver.getByRole('link', { name: username, exact: true }) });
    await visible(theirRow);
    expect(await theirRow.textContent()).toContain('A different person');
    expect(await seriousAxeViolations(approver)).toEqual([]);
    await theirRow.getByRole('button', { name: text.agree }).click();
    await visible(toast(approver, text.dismissed(username)));
    await until(() => theirRow.count()).toBe(0);
    const [hit] = await db.query<{ status: string }>('SELECT status FROM screening_hits WHERE user_id = $1', [userId]);
    expect(hit?.status).toBe('dismissed');
  });
}
