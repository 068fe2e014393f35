import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { businessDate } from '@aurum/domain/system/business-time';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, visible } from './support/harness.ts';

const suite = browserSuite();

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
