import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * Customer due diligence (decisions 1102, 1105): an officer fills a customer's file with a MyKad
 * and a beneficial owner, a MyKad with an impossible date is refused on its field, and the file
 * saved is verified. Both languages' list and form pass axe.
 */
const suite = browserSuite();

async function openAs(language: 'en' | 'zh-Hant', path: string): Promise<Page> {
  const page = await suite.open();
  await signIn(page, suite.ts.url, suite.ts.demo.byRole.complianceOfficer!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await useLanguage(page, language);
  await page.goto(`${suite.ts.url}${path}`);
  return page;
}

async function pick(scope: Page | ReturnType<Page['locator']>, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const userId = async (username: string) => (await suite.ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]))[0]!.id;

test('en: an officer files a customer with a MyKad and a beneficial owner, is told of a bad MyKad, and verifies', async () => {
  const id = await userId('kumar');
  const page = await openAs('en', `/compliance/due-diligence/${id}/`);
  await visible(page.getByRole('heading', { level: 1, name: 'Due diligence' }));
  const customer = page.getByRole('form', { name: 'Due diligence file' });
  await customer.getByLabel('Full name as written', { exact: false }).first().fill('Kumar a/l Muthu');
  await pick(customer, page, 'Identity document', 'MyKad');
  await customer.getByLabel('Document number', { exact: false }).first().fill('900230-14-5673');
  await customer.getByLabel('Birth date', { exact: true }).first().fill('15/01/1990');
  await customer.getByLabel('Occupation or business', { exact: false }).fill('Gold agent');
  await pick(customer, page, 'Source of funds', 'Business income');
  await customer.getByLabel('Source of wealth', { exact: false }).fill('Commission since 2015');
  await customer.getByLabel('Purpose of the relationship', { exact: false }).fill('Buying gold for clients');
  await customer.getByLabel('Expected monthly volume (MYR)', { exact: false }).fill('20000.00');
  await customer.getByLabel('Expected monthly volume (grams)', { exact: false }).fill('50');
  await pick(customer, page, 'Onboarding', 'Face to face');
  await page.getByTestId('add-owner').click();
  const owner = page.getByRole('group', { name: 'Owner 1' });
  await owner.getByLabel('Full name as written', { exact: false }).fill('Siti binti Hassan');
  await pick(owner, page, 'Identity document', 'MyKad');
  await owner.getByLabel('Document number', { exact: false }).fill('850505-10-5432');
  await owner.getByLabel('Birth date', { exact: true }).fill('05/05/1985');
  await owner.getByLabel('Ownership (%)', { exact: false }).fill('30');

  await page.getByTestId('save-file').click();
  await visible(page.getByText("The MyKad's first six digits are not a real date"));
  // refused: nothing saved, the file is still the draft it was
  expect(await page.getByTestId('file-status').textContent()).toBe('Draft');

  await customer.getByLabel('Document number', { exact: false }).first().fill('900115-14-5673');
  await page.getByTestId('save-file').click();
  await visible(toast(page, 'File saved'));
  await until(() => page.getByTestId('file-status').textContent()).toBe('Submitted');
  await visible(page.getByTestId('risk'));
  await page.getByTestId('verify-file').click();
  await until(() => page.getByTestId('file-status').textContent()).toBe('Verified');
  const [row] = await suite.ts.db.query<{ status: string; owners: number }>(
    "SELECT f.status, (SELECT count(*) FROM due_diligence_people p WHERE p.user_id = f.user_id AND p.role = 'owner')::int AS owners FROM due_diligence_files f WHERE f.user_id = $1",
    [id],
  );
  expect(row).toEqual({ status: 'verified', owners: 1 });
  expect(await seriousAxeViolations(page)).toEqual([]);
});

for (const language of ['en', 'zh-Hant'] as const) {
  test(`${language}: the list and a file's form pass axe`, async () => {
    const page = await openAs(language, '/compliance/due-diligence/');
    await visible(page.getByTestId('due-diligence-files'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${suite.ts.url}/compliance/due-diligence/${await userId('goldenlotus')}/`);
    await visible(page.getByTestId('save-file'));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
