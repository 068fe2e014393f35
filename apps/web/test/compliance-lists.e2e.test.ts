import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, docShot, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * Screening lists (decision 1103), in both languages: an officer uploads a list's file; the
 * version waits, and the uploader's own "Approve" is off with why written under it. A second
 * officer reads what the version adds and approves it: it is active, kept in the versions.
 */
const suite = browserSuite({ jobs: [] });

const fixture = (name: string) => fileURLToPath(new URL(`../../server/src/modules/compliance/__tests__/fixtures/${name}`, import.meta.url));

const CASES = [
  {
    language: 'en',
    list: 'un-sc',
    file: fixture('un-consolidated.xml'),
    name: 'Abdul Rahman Hamid Al-Tayyib',
    text: {
      title: 'Lists',
      file: 'List file',
      upload: 'Upload',
      uploaded: 'Uploaded: 12 entries, waiting for a second officer.',
      added: 'Added (12)',
      approve: 'Approve and activate',
      whoMay: 'Compliance approver',
      activated: 'The version is active.',
      active: 'Active',
    },
  },
  {
    language: 'zh-Hant',
    list: 'kdn-66b',
    file: fixture('ministry-66b.pdf'),
    name: 'Ahmad Zulkifli bin Hassan',
    text: {
      title: '篩查名單',
      file: '名單檔案',
      upload: '上傳',
      uploaded: '已上傳：8 筆，等待第二位專員。',
      added: '新增（8）',
      approve: '核准並啟用',
      whoMay: '合規核准人',
      activated: '版本已啟用。',
      active: '啟用中',
    },
  },
] as const;

async function openAs(role: 'complianceOfficer' | 'complianceApprover', language: 'en' | 'zh-Hant', list: string): Promise<Page> {
  const page = await suite.open();
  await signIn(page, suite.ts.url, suite.ts.demo.byRole[role]!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await useLanguage(page, language);
  await page.goto(`${suite.ts.url}/compliance/lists/`);
  await page.getByTestId(`open-list-${list}`).click();
  return page;
}

for (const { language, list, file, name, text } of CASES) {
  test(`${language}: an officer uploads the ${list} list; a second officer reads the diff and approves it`, async () => {
    const officer = await openAs('complianceOfficer', language, list);
    await visible(officer.getByRole('heading', { level: 1, name: text.title }));
    await officer.getByLabel(text.file).setInputFiles(file);
    await officer.getByRole('button', { name: text.upload, exact: true }).click();
    await visible(toast(officer, text.uploaded));
    const proposed = officer.getByTestId('list-proposed');
    await visible(proposed);
    // the officer may not approve: off, with whose it is written where the button points
    const approve = proposed.getByRole('button', { name: text.approve });
    expect(await approve.isDisabled()).toBe(true);
    expect(await officer.locator(`[id="${await approve.getAttribute('aria-describedby')}"]`).textContent()).toContain(text.whoMay);
    expect(await seriousAxeViolations(officer)).toEqual([]);

    const approver = await openAs('complianceApprover', language, list);
    const theirs = approver.getByTestId('list-proposed');
    await visible(theirs.getByRole('tab', { name: text.added }));
    await until(() => theirs.getByTestId('diff-added').textContent()).toContain(name);
    expect(await seriousAxeViolations(approver)).toEqual([]);
    await docShot(approver, `compliance-lists-${language}`);
    await theirs.getByRole('button', { name: text.approve }).click();
    await visible(toast(approver, text.activated));
    await until(() => approver.getByTestId('list-proposed').count()).toBe(0);
    await until(() => approver.getByTestId('list-versions').locator('tbody tr').first().textContent()).toContain(text.active);
    const [row] = await suite.ts.db.query<{ status: string }>('SELECT v.status FROM screening_list_versions v JOIN screening_lists l ON l.id = v.list_id WHERE l.code = $1', [list]);
    expect(row?.status).toBe('active');
  });
}
