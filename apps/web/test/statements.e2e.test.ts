import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { businessDate } from '@aurum/domain/system/business-time';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';
import { openUser, pick } from './support/people.ts';

/** The dealer's letterhead this file's server prints. */
const DEALER = { DEALER_NAME: 'Emas Niaga Sdn. Bhd.', DEALER_ADDRESS: '8 Jalan Tun Perak, 50050 Kuala Lumpur', DEALER_REGISTRATION: '202001012345 (1371234-K)' };
const suite = browserSuite({ env: DEALER });

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
    expect(zip.suggestedFilename()).toBe(`statements-${month}.zip`);
    await visible(section.getByText(`Saved statements-${month}.zip: ${total} users`));
    const shown = await seen();
    expect(shown.some((text) => new RegExp(`^\\d+ of ${total} users$`).test(text) && !text.startsWith(`${total} `)), shown.join(' | ')).toBe(true);
    const files = unzipSync(new Uint8Array(await readFile((await zip.path()) as string)));
    expect(Object.keys(files)).toHaveLength(total);
    const texts = await Promise.all(Object.values(files).map(async (pdf) => (await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true })).text));
    expect(texts.filter((text) => text.includes('kumar'))).toHaveLength(1);
    expect(texts.every((text) => text.includes('Closing balance') && text.includes(DEALER.DEALER_NAME))).toBe(true);
    // each PDF named by its customer's language (all English here)
    expect(Object.keys(files).every((name) => name.endsWith('-en.pdf'))).toBe(true);

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

  test("an operator sets a customer's statement language to Traditional Chinese; the statement downloads in it on the dealer's letterhead", async () => {
    test.setTimeout(120_000);
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const userId = await openUser(page, suite.ts.url, 'goldenlotus');
    await visible(page.getByTestId('profile-language').getByText('English', { exact: true }));
    await page.goto(`${suite.ts.url}/account/user/${userId}/edit/`);
    await pick(page, 'Statement language', 'Traditional Chinese (繁體中文)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await until(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/account/user/${userId}/?$`));
    await visible(page.getByTestId('profile-language').getByText('Traditional Chinese (繁體中文)', { exact: true }));

    const month = businessDate(new Date()).slice(0, 7);
    await page.goto(`${suite.ts.url}/finance/statements/?userId=${userId}&month=${month}`);
    const number = `ST-${month.replace('-', '')}-${String(userId).padStart(8, '0')}`;
    await until(() => page.getByTestId('statement-number').textContent()).toContain(number);
    await visible(page.getByTestId('statement-dealer').getByText(DEALER.DEALER_NAME, { exact: false }));
    // this month has not ended: an interim statement
    await visible(page.getByTestId('statement-interim'));
    await visible(page.getByTestId('statement-valuation'));
    expect(await seriousAxeViolations(page), 'axe: a statement on its letterhead').toEqual([]);

    // the console stays in English; the PDF is in the customer's language
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^statement-${userId}-${month}-01-${month}-\\d{2}-zh-Hant\\.pdf$`));
    const bytes = await readFile((await download.path()) as string);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    for (const words of [DEALER.DEALER_NAME, DEALER.DEALER_ADDRESS, DEALER.DEALER_REGISTRATION, number, '客戶結單', '期末餘額', '臨時結單', 'goldenlotus']) {
      expect(text, words).toContain(words);
    }
  });
});
