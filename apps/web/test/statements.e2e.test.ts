import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { businessDate } from '@aurum/domain/system/business-time';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';

const suite = browserSuite();

/** Picks a user in the searchable select by typing its username and taking the first match. */
async function pickUser(page: Page, label: string, username: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByLabel('Search options').fill(username);
  await page.getByRole('option', { name: new RegExp(`^${username} · `) }).click();
}

test.describe('finance: customer statements', () => {
  test("a finance approver reads a customer's month and downloads its PDF in Traditional Chinese, whose text has the labels and the closing balance", async () => {
    test.setTimeout(90_000);
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statements' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Statements' }));
    await visible(page.getByTestId('statement-pick-user'));
    await pickUser(page, 'Customer', 'kumar');
    // the demo seed deposits this month: the opening row, its lines, the closing row
    const month = businessDate(new Date()).slice(0, 7);
    await until(() => page.url()).toContain(`month=${month}`);
    const table = page.getByRole('table', { name: 'Statement lines' });
    const closing = table.locator('tbody tr').filter({ hasText: 'Closing balance' });
    await visible(closing);
    const closingMyr = ((await closing.locator('td').nth(4).textContent()) ?? '').replace(/,/g, '');
    expect(closingMyr).toMatch(/^\d+\.\d{2}$/);
    expect(Number(closingMyr)).toBeGreaterThan(0);
    expect(await table.locator('tbody tr').filter({ hasText: 'Deposit' }).count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page), 'axe: a statement').toEqual([]);

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(page.getByRole('heading', { level: 1, name: '客戶結單' }));
    await visible(page.getByRole('table', { name: '結單明細' }).locator('tbody tr').filter({ hasText: '期末餘額' }));

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '下載 PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-\\d+-${month}-01-${month}-\\d{2}\\.pdf$`));
    const bytes = await readFile((await download.path()) as string);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    for (const words of ['客戶結單', '期初餘額', '期末餘額', '存款', 'kumar', closingMyr]) expect(text, words).toContain(words);
    await visible(page.getByText(/^已儲存 statement-.*\.pdf$/));
  });
});

test.describe("finance: every user's statements of a month", () => {
  test('a finance approver downloads every statement as a CSV and as a ZIP of PDFs, watching n of N users arrive', async () => {
    test.setTimeout(120_000);
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statements' }).click();
    const section = page.getByRole('region', { name: "Every user's statements" });
    await visible(section);
    const month = businessDate(new Date()).slice(0, 7);
    // every text the progress line shows, as the page commits it
    await page.getByTestId('statement-batch-progress').evaluate((node) => {
      const seen: string[] = [];
      (window as unknown as { batchProgress: string[] }).batchProgress = seen;
      new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { subtree: true, childList: true, characterData: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { batchProgress: string[] }).batchProgress.splice(0));

    const answered = page.waitForResponse((r) => r.url().includes('/statements/batch?'));
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download all as PDF (ZIP)' }).click();
    const total = Number((await answered).headers()['x-statement-count']);
    expect(total).toBeGreaterThan(1);
    const zip = await downloading;
    expect(zip.suggestedFilename()).toBe(`statements-${month}-en.zip`);
    await visible(section.getByText(`Saved statements-${month}-en.zip: ${total} users`));
    const shown = await seen();
    expect(shown.some((text) => new RegExp(`^\\d+ of ${total} users$`).test(text) && !text.startsWith(`${total} `)), shown.join(' | ')).toBe(true);
    const files = unzipSync(new Uint8Array(await readFile((await zip.path()) as string)));
    expect(Object.keys(files)).toHaveLength(total);
    const texts = await Promise.all(Object.values(files).map(async (pdf) => (await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true })).text));
    expect(texts.filter((text) => text.includes('kumar'))).toHaveLength(1);
    expect(texts.every((text) => text.includes('Closing balance'))).toBe(true);

    const csvDownload = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download all as CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toBe(`statements-${month}.csv`);
    await visible(section.getByText(`Saved statements-${month}.csv: ${total} users`));
    const rows = (await readFile((await csv.path()) as string, 'utf8')).split('\r\n');
    expect(rows[0]).toMatch(/^\uFEFFuserId,username,name,kind,/);
    expect(rows.filter((row) => /^\d+,[^,]*,[^,]*,closing,/.test(row))).toHaveLength(total);
    expect(await seriousAxeViolations(page), 'axe: the batch download').toEqual([]);
  });
});
