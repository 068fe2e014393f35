import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { businessDate } from '@aurum/domain/system/business-time';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { client } from '../../server/src/testing/client.ts';
import { pick } from './support/people.ts';

const suite = browserSuite();

test.describe('audit trail', () => {
  test('finds a holiday change by username and classification, with its before and after', async () => {
    const page = await suite.open();
    const admin = suite.ts.demo.superAdmin;
    await signIn(page, suite.ts.url, admin);

    // the action: add a holiday, then rename it (holiday.update has a before and an after)
    await page.goto(`${suite.ts.url}/system/holiday/`);
    await page.getByTestId('add-holiday').click();
    await page.getByLabel('Name', { exact: true }).fill('Audit Day');
    await page.getByLabel('Date', { exact: true }).fill('15/03/2031');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Holiday added'));
    await page.getByRole('button', { name: 'Edit Audit Day' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Audit Day Renamed');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Holiday updated'));

    await page.goto(`${suite.ts.url}/system/log/`);
    await visible(page.getByRole('heading', { level: 1, name: 'Log' }));
    const table = page.getByRole('table', { name: 'Audit trail' });
    await visible(table.locator('tbody tr').first());

    await page.getByLabel('Username', { exact: true }).fill(admin.username.toUpperCase());
    await pick(page, 'Action classification', 'Holiday updated (holiday.update)');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until(() => new URL(page.url()).searchParams.get('actionClassification')).toBe('holiday.update');
    await until(() => table.locator('tbody tr').count()).toBe(1);
    const row = table.locator('tbody tr').first();
    await visible(row.getByText('Holiday updated'));
    await visible(row.getByText(admin.username, { exact: true }));
    expect(await row.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // the device as people name it (the browser of this test is Chromium on Linux), not the raw User-Agent
    expect(await row.textContent()).toMatch(/Chrome \d+ on Linux/);
    expect(await row.textContent()).not.toContain('Mozilla/5.0');

    await row.getByRole('button', { name: /Detail of holiday\.update/ }).click();
    const detail = page.getByTestId('audit-detail');
    await visible(detail);
    await until(() => detail.getByTestId('audit-detail-action').textContent()).toBe('Holiday updated');
    // the change as a list: the renamed field only, before and after
    const changes = detail.getByRole('table', { name: 'Changes' });
    await until(() => changes.getByRole('rowheader').allTextContents()).toEqual(['name']);
    expect(await changes.getByRole('cell').allTextContents()).toEqual(['Audit Day', 'Audit Day Renamed']);
    // the raw JSON, one click away
    await detail.getByRole('button', { name: 'Show the raw JSON' }).click();
    await until(() => detail.getByTestId('audit-before').textContent()).toContain('"name": "Audit Day"');
    await until(() => detail.getByTestId('audit-after').textContent()).toContain('"name": "Audit Day Renamed"');
    expect(await detail.getByTestId('audit-after').textContent()).toContain('"date": "2031-03-15"');
    expect(await detail.getByTestId('audit-detail-device').textContent()).toMatch(/^Chrome \d+ on Linux$/);
    expect(await detail.getByTestId('audit-detail-user-agent').textContent()).toMatch(/^Mozilla\/5\.0 \(X11; Linux .*Chrome\/\d+/);
    await page.keyboard.press('Escape');

    // the export downloads the CSV of this filter
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{8}T\d{6}Z\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,date,username,action,detail,device,ip,deviceName');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('holiday.update');
    expect(lines[1]).toContain('Audit Day Renamed');
    expect(lines[1]).toMatch(/,Chrome \d+ on Linux$/);
    await until(() => page.getByTestId('export-progress').textContent()).toMatch(/^Saved audit-trail-.*\.csv \(.+, 1 row\)\.$/);

    // the creation is there under its own classification
    await pick(page, 'Action classification', 'Holiday added (holiday.create)');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: /Detail of holiday\.create/ }).click();
    // a creation lists every field, each absent before
    const created = page.getByRole('table', { name: 'Changes' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'name', exact: true }) });
    await until(() => created.getByRole('cell').allTextContents()).toEqual(['(none)', 'Audit Day']);
    await page.getByRole('button', { name: 'Show the raw JSON' }).click();
    await until(() => page.getByTestId('audit-after').textContent()).toContain('"name": "Audit Day"');
    await until(() => page.getByTestId('audit-before').textContent()).toBe('null');
  });

  test('refuses a reversed or too long time range and filters by a valid one', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/system/log/');
    const table = page.getByRole('table', { name: 'Audit trail' });
    await visible(table.locator('tbody tr').first());

    // half a range is reported when searching, not while typing
    await page.getByLabel('From', { exact: true }).fill('10/01/2026');
    expect(await page.getByText('Choose both the first and the last day.').count()).toBe(0);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(page.getByText('Choose both the first and the last day.'));
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();

    await page.getByLabel('To', { exact: true }).fill('09/01/2026');
    await visible(page.getByText('The last day must not be before the first day.'));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();

    await page.getByLabel('To', { exact: true }).fill('11/01/2027');
    await visible(page.getByText('The range may cover at most 366 days.'));

    // today (Kuala Lumpur) is in range: the sign-ins of this test are found
    const today = businessDate(new Date());
    const [y, m, d] = today.split('-');
    await page.getByLabel('From', { exact: true }).fill(`${d}/${m}/${y}`);
    await page.getByLabel('To', { exact: true }).fill(`${d}/${m}/${y}`);
    await pick(page, 'Action classification', 'Signed in (auth.login)');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until(() => new URL(page.url()).searchParams.get('to')).toBe(today);
    await until(() => table.getByText('Signed in').count()).toBeGreaterThan(0);

    // a past year has none
    await page.getByLabel('From', { exact: true }).fill('01/01/2020');
    await page.getByLabel('To', { exact: true }).fill('31/12/2020');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await visible(table.getByTestId('no-data'));

    // the range calendar: two clicks pick the first and the last day
    await page.getByRole('button', { name: 'Reset' }).click();
    await until(() => page.getByLabel('From', { exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Open calendar for Time range' }).click();
    const calendar = page.getByTestId('date-range-popover');
    await calendar.getByRole('gridcell').filter({ hasText: /^10$/ }).first().click();
    await calendar.getByRole('gridcell').filter({ hasText: /^12$/ }).first().click();
    await until(() => calendar.count()).toBe(0);
    const now = new Date();
    const month = `${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(`10/${month}`);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(`12/${month}`);
  });

  test('superAdmin verifies the chain; other roles see the button disabled', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, '/system/log/');
    await page.getByTestId('verify-chain').click();
    await until(() => page.getByTestId('verify-result').textContent()).toMatch(
      /^Chain intact: \d+ rows checked, head #\d+ [0-9a-f]{12}…\. Keyed \(HMAC\) from row #\d+ with key [0-9a-f]{16}, 0 key rotations\.$/,
    );

    const maker = await suite.open();
    await signIn(maker, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/system/log/');
    await visible(maker.getByRole('table', { name: 'Audit trail' }));
    expect(await maker.getByTestId('verify-chain').isDisabled()).toBe(true);
    expect(await maker.getByTestId('export-csv').isDisabled()).toBe(false);
  });

  test('pages through the trail with keyset pages in the shared pager (next = older, previous = newer)', async () => {
    // a dozen sign-ins through the API: a dozen auth.login rows
    const api = client(suite.ts);
    const viewer = suite.ts.demo.byRole.operationApprover!;
    for (let i = 0; i < 12; i++) expect((await api.login(viewer.username, viewer.password)).status).toBe(200);

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/system/log/?username=${viewer.username}&actionClassification=auth.login&limit=10`);
    const table = page.getByRole('table', { name: 'Audit trail' });
    await until(() => table.locator('tbody tr').count()).toBe(10);
    const firstId = await table.getByRole('button', { name: /Detail of/ }).first().getAttribute('aria-label');
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next page' }).click();
    await until(() => table.locator('tbody tr').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('after')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await until(() => table.locator('tbody tr').count()).toBe(10);
    await until(() => table.getByRole('button', { name: /Detail of/ }).first().getAttribute('aria-label')).toBe(firstId);
    expect(new URL(page.url()).searchParams.get('limit')).toBe('10');
  });
});
