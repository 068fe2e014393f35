import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './support/axe.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';

const suite = browserSuite();

/** A vault of three gold bars and the custodian's list of it: VE2E-2 missing, VE2E-1 lighter by 0.1 g fine weight. */
async function seedVaultAndList(): Promise<void> {
  const db = suite.ts.db;
  const [vault] = await db.query<{ id: number }>("INSERT INTO vaults (code, name, custodian) VALUES ('RECONE2E', 'Browser vault', 'Loomis') RETURNING id::int AS id");
  const bar = (serial: string, gross: string) =>
    db.query(
      "INSERT INTO vault_bars (serial, refiner, metal, gross_weight, fineness, fine_weight, book_weight, custodian, vault_id, status) VALUES ($1, 'Valcambi', 'XAU', $2, 999.9, $3, $3, 'Loomis', $4, 'available')",
      [serial, gross, (Number(gross) * 0.9999).toFixed(4), vault!.id],
    );
  await bar('VE2E-1', '1000.0000');
  await bar('VE2E-2', '1000.0000');
  await bar('VE2E-3', '500.0000');
  // the metal that covers the demo customers, in a vault with no list
  const [cover] = await db.query<{ id: number }>("INSERT INTO vaults (code, name, custodian) VALUES ('COVERE2E', 'Cover vault', 'Brink') RETURNING id::int AS id");
  await db.query(
    "INSERT INTO vault_bars (serial, refiner, metal, gross_weight, fineness, fine_weight, book_weight, custodian, vault_id, status) VALUES ('VE2E-COVER', 'PAMP', 'XAU', 10000000, 1000, 10000000, 10000000, 'Brink', $1, 'available')",
    [cover!.id],
  );
  await db.query("INSERT INTO ledger_entries (kind, note) VALUES ('vault.receive', 'bar Valcambi VE2E-1 received into RECONE2E')").then(async () => {
    const [e] = await db.query<{ id: number }>('SELECT max(id)::int AS id FROM ledger_entries');
    await db.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingXau', 'house:vault', 'XAU', 999.9)", [e!.id]);
  });
  const [list] = await db.query<{ id: number }>(
    "INSERT INTO custodian_bar_lists (custodian, vault_id, file_name, as_of, row_count) VALUES ('Loomis', $1, 'loomis-weights.csv', '2031-03-02', 2) RETURNING id::int AS id",
    [vault!.id],
  );
  await db.query(
    "INSERT INTO custodian_bars (list_id, line, serial, refiner, metal, gross_weight, fineness, fine_weight) VALUES ($1, 2, 'VE2E-1', 'VALCAMBI', 'XAU', 1000, 999.9, 999.8), ($1, 3, 'VE2E-3', 'Valcambi', 'XAU', 500, 999.9, 499.95)",
    [list!.id],
  );
}

test.describe('treasury reconciliation', () => {
  test('runs a reconciliation, shows the breaks with their postings and resolves them with a note, in English and Traditional Chinese', async () => {
    test.setTimeout(90_000);
    await seedVaultAndList();
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.operationApprover!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reconciliation' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Reconciliation' }));

    await page.getByTestId('run-reconciliation').click();
    await visible(toast(page, 'Reconciliation run'));
    const latest = page.getByTestId('latest-run');
    await until(() => latest.getByTestId('run-lists').textContent()).toContain('RECONE2E · Loomis · loomis-weights.csv');
    await until(() => latest.getByTestId('run-by').textContent()).toBe(suite.ts.demo.byRole.operationApprover!.username);

    const breaks = page.getByRole('table', { name: 'Breaks' });
    const weight = breaks.locator('tbody tr').filter({ hasText: 'VE2E-1' });
    const missing = breaks.locator('tbody tr').filter({ hasText: 'VE2E-2' });
    await visible(weight);
    expect(await weight.textContent()).toContain('Weight differs');
    expect(await weight.textContent()).toContain('-0.1000 g (-0.003 oz)');
    expect(await missing.textContent()).toContain('Missing at custodian');
    expect(await missing.textContent()).toContain('not recorded');
    // the bar on both lists alike, and the covering bar of a vault with no list, are no break
    expect(await breaks.locator('tbody tr').filter({ hasText: /VE2E-(3|COVER)/ }).count()).toBe(0);
    await until(() => latest.getByTestId('run-bars').textContent()).toBe('3');
    expect(await seriousAxeViolations(page), 'axe: the screen with its breaks').toEqual([]);
    // 390 px wide: each break is a card and the page does not scroll sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(page.getByRole('list', { name: 'Breaks' }).getByText('VE2E-2'));
    await until(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // the weight break: its posting, a note is required, then resolved
    await weight.getByRole('button', { name: /^Details of break / }).click();
    const detail = page.getByTestId('break-detail');
    await visible(detail.getByRole('table', { name: 'Postings that explain it' }).getByText('bar Valcambi VE2E-1 received into RECONE2E'));
    await detail.getByTestId('resolve-break').click();
    await visible(detail.getByText('The field must not be empty'));
    expect(await seriousAxeViolations(page), 'axe: the break drawer with its form').toEqual([]);
    await detail.getByLabel('Note').fill('Custodian re-weighed VE2E-1: 999.8 g fine is right; our record is corrected.');
    await detail.getByTestId('resolve-break').click();
    await visible(toast(page, 'Break resolved'));
    await until(() => weight.count()).toBe(0);

    // Traditional Chinese: the missing bar's break, resolved with a note
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(page.getByRole('heading', { level: 1, name: '對帳' }));
    const zhBreaks = page.getByRole('table', { name: '對帳差異' });
    const zhMissing = zhBreaks.locator('tbody tr').filter({ hasText: 'VE2E-2' });
    await until(() => zhMissing.textContent()).toContain('保管機構缺少');
    await zhMissing.getByRole('button', { name: /^差異 \d+ 的詳情$/ }).click();
    const zhDetail = page.getByTestId('break-detail');
    await visible(zhDetail.getByText('沒有分錄提及此金條。'));
    await zhDetail.getByLabel('備註').fill('保管機構確認金條已於上週提走，紀錄已更正。');
    await zhDetail.getByTestId('resolve-break').click();
    await visible(toast(page, '差異已解決'));
    await until(() => zhMissing.count()).toBe(0);

    const resolved = await suite.ts.db.query<{ serial: string; note: string; username: string }>(
      "SELECT b.serial, b.note, a.username FROM reconciliation_breaks b JOIN admins a ON a.id = b.resolved_by WHERE b.status = 'resolved' ORDER BY b.serial",
    );
    expect(resolved).toEqual([
      { serial: 'VE2E-1', note: 'Custodian re-weighed VE2E-1: 999.8 g fine is right; our record is corrected.', username: suite.ts.demo.byRole.operationApprover!.username },
      { serial: 'VE2E-2', note: '保管機構確認金條已於上週提走，紀錄已更正。', username: suite.ts.demo.byRole.operationApprover!.username },
    ]);
  });
});
