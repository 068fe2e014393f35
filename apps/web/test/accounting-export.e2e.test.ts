import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { CHART_OF_ACCOUNTS } from '@aurum/domain/finance/chart-of-accounts';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { Decimal } from '@aurum/domain/money/decimal';
import { businessDate } from '@aurum/domain/system/business-time';
import { adminApi } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';
import { checkFit } from './support/screens-sweep.ts';

/**
 * The accounting export card of the Day close screen, as a finance approver uses it: the journal
 * lines of a closed day in one unit (customer, entry time), the accountant's mapping (template, a bad
 * file refused by line with nothing changed, a good one applied to the daily summary), in English and
 * Traditional Chinese, at 1280 and 390 px; the read-only viewer sees the mapping and cannot change it.
 */
const suite = browserSuite();

/** A download's CSV as rows by column, and its file name. */
async function csvOf(downloading: Promise<Download>): Promise<{ name: string; rows: Array<Record<string, string>> }> {
  const download = await downloading;
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)], 'a byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  return { name: download.suggestedFilename(), rows: parse(bytes.toString('utf8'), { bom: true, columns: true }) as Array<Record<string, string>> };
}

async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const upload = async (page: Page, name: string, text: string) => {
  await page.getByLabel('Mapping file (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByTestId('gl-mapping-upload').click();
};

test.describe('finance: the accounting export card', () => {
  test('exports a closed day in one unit with its customer and entry time, and applies the accountant\'s mapping after refusing a bad file, at 1280 and 390 px, in both languages', async () => {
    test.setTimeout(150_000);
    const yesterday = dayAfter(businessDate(new Date()), -1);
    const kumar = await adminApi(suite).userId('kumar');
    const [entry] = await suite.ts.db.query<{ id: number }>("INSERT INTO ledger_entries (kind, user_id, note, created_at) VALUES ('deposit', $1, 'e2e export', $2) RETURNING id", [kumar, `${yesterday}T12:00:00+08:00`]);
    await suite.ts.db.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:bank', $2, 'MYR', '250.50')", [entry!.id, `user:${kumar}:fund`]);
    await adminApi(suite, (ts) => ts.demo.byRole.financeApprover!).call('POST', 'ledger/closes', { date: yesterday });

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!, '/finance/day-close/');
    await visible(page.getByRole('heading', { level: 1, name: 'Day close' }));
    const card = page.getByRole('heading', { level: 2, name: 'Accounting export' }).locator('xpath=../..');
    await visible(card.getByText(`up to ${yesterday}`, { exact: false }));

    // 1. the journal lines of the closed day, in ringgit: the deposit's two lines with the customer and both times
    const lines = await csvOf(Promise.all([page.waitForEvent('download'), card.getByTestId('export-journal').click()]).then(([d]) => d));
    expect(lines.name).toBe(`journal-MYR-${yesterday}-${yesterday}.csv`);
    const deposit = lines.rows.filter((r) => r.entryId === String(entry!.id));
    expect(deposit.map((r) => [r.glCode, r.debit, r.credit, r.customerId, r.accountCode, r.mapped])).toEqual([
      ['1100-MYR', '250.50', '0.00', String(kumar), '1100-MYR', 'false'],
      ['2100-MYR', '0.00', '250.50', String(kumar), '2100-MYR', 'false'],
    ]);
    expect(deposit[0]!.valueTime).toBe(new Date(`${yesterday}T12:00:00+08:00`).toISOString());
    expect(Date.parse(deposit[0]!.entryTime!)).toBeGreaterThan(Date.parse(deposit[0]!.valueTime!));
    expect(new Set(lines.rows.map((r) => r.unit))).toEqual(new Set(['MYR']));
    // another unit is another file
    await pickOption(page, 'Unit', 'XAG (silver, grams)');
    const silver = await csvOf(Promise.all([page.waitForEvent('download'), card.getByTestId('export-journal').click()]).then(([d]) => d));
    expect(silver.name).toBe(`journal-XAG-${yesterday}-${yesterday}.csv`);
    expect(silver.rows.filter((r) => r.unit !== 'XAG')).toEqual([]);
    await pickOption(page, 'Unit', 'MYR (ringgit)');

    // 2. the mapping: none yet, every code listed as unmapped; the template lists the chart
    await until(() => page.getByTestId('gl-mapping-state').textContent()).toBe('No mapping uploaded: every GL code is exported under our own code and name.');
    await expect(page.getByTestId('gl-mapping-unmapped').locator('summary')).toHaveText(`${CHART_OF_ACCOUNTS.length} GL codes not mapped: exported under our own codes`);
    const template = await csvOf(Promise.all([page.waitForEvent('download'), card.getByTestId('export-gl-mapping').click()]).then(([d]) => d));
    expect(template.name).toBe('gl-mapping.csv');
    expect(template.rows.map((r) => r.glCode)).toEqual(CHART_OF_ACCOUNTS.map((a) => a.code));
    expect(await seriousAxeViolations(page), 'axe: the accounting export card').toEqual([]);

    // 3. a file with a code twice and one outside the chart is refused by its first bad line, and nothing changes
    await upload(page, 'twice.csv', 'glCode,accountCode,accountName\r\n1100-MYR,1010,Maybank\r\n1100-MYR,1011,CIMB\r\n9999-MYR,9,Nowhere');
    await expect(page.getByTestId('gl-mapping-refused')).toHaveText('Refused, nothing changed: line 3, glCode: this GL code is on line 2 already. 2 problems in all, on lines 3, 4.');
    expect(await page.getByTestId('gl-mapping-state').textContent()).toBe('No mapping uploaded: every GL code is exported under our own code and name.');

    // 4. a good file replaces the mapping, and the daily summary carries the accountant's codes
    await upload(page, 'our chart.csv', 'glCode,accountCode,accountName\r\n1100-MYR,1010,Maybank current account\r\n2100-MYR,L-200,Client monies');
    await visible(page.getByTestId('toast').getByText('Mapping replaced: 2 GL codes mapped.'));
    await until(() => page.getByTestId('gl-mapping-state').textContent()).toMatch(/^In force: our chart\.csv, uploaded by financeapprover on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} MYT: 2 of \d+ GL codes mapped\.$/);
    expect(await page.getByTestId('gl-mapping-refused').count()).toBe(0);
    const daily = await csvOf(Promise.all([page.waitForEvent('download'), card.getByTestId('export-journal-daily').click()]).then(([d]) => d));
    expect(daily.name).toBe(`journal-daily-MYR-${yesterday}-${yesterday}.csv`);
    expect(daily.rows.find((r) => r.glCode === '1100-MYR')).toMatchObject({ date: yesterday, accountCode: '1010', accountName: 'Maybank current account', mapped: 'true' });
    const sum = (k: string) => daily.rows.reduce((s, r) => s.plus(r[k]!), new Decimal(0));
    expect(sum('debit').eq(sum('credit')), 'the day balances').toBe(true);

    // 5. in Traditional Chinese, then at 390 px: the card reads and fits
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(page.getByRole('heading', { level: 2, name: '會計匯出' }));
    await until(() => page.getByTestId('gl-mapping-state').textContent()).toMatch(/^現行：our chart\.csv，由 financeapprover 於 .+ 上傳：\d+ 個總帳科目中已對照 2 個。$/);
    await visible(page.getByRole('button', { name: '每日彙總（CSV）' }));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '更換對照表' }).scrollIntoViewIfNeeded();
    const fit = await checkFit(page);
    expect(fit.scrollWidth, `the page does not scroll sideways at 390 px (${fit.stickingOut.join('; ')})`).toBeLessThanOrEqual(fit.viewport);
    expect(fit.outOfReach).toEqual([]);
    for (const name of ['分錄明細（CSV）', '每日彙總（CSV）', '範本（CSV）', '更換對照表']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }

    // 6. the read-only viewer reads the mapping but cannot replace it
    const viewer = await suite.open();
    await signIn(viewer, suite.ts.url, suite.ts.demo.byRole.none!, '/finance/day-close/');
    await until(() => viewer.getByTestId('gl-mapping-state').textContent()).toMatch(/^In force: our chart\.csv/);
    expect(await viewer.getByTestId('gl-mapping-upload').isDisabled()).toBe(true);
    expect(await viewer.getByLabel('Mapping file (CSV)').isDisabled()).toBe(true);
  });
});
