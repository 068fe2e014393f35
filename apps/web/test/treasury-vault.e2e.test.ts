import { expect, test } from '@playwright/test';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { PNG, adminApi } from './support/api.ts';

const suite = browserSuite({ jobs: [] });

test.describe('treasury vault', () => {
  test('a bar received by one admin is available once another approves it (English, then zh-Hant); a weight list imports with its problems shown by line', async () => {
    test.setTimeout(90_000);
    const api = adminApi(suite);
    const vault = await api.call<{ id: number; code: string }>('POST', 'vault/create', { code: 'E2E-KL', name: 'Browser vault', custodian: 'Malca-Amit' });
    // a physical gold deposit the bar comes in for (multipart, with its receipt)
    const deposit = new FormData();
    deposit.set('userId', String(await api.userId('kumar')));
    deposit.set('type', 'XAU');
    deposit.set('quantity', '999.9');
    deposit.set('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'receipt.png');
    const created = await fetch(`${suite.ts.url}/v0/web/secure/asset/deposit/create`, { method: 'POST', body: deposit, headers: { authorization: `Bearer ${await api.jwt()}` } });
    expect(created.status).toBe(200);
    const requestId = ((await created.json()) as { id: number }).id;

    // the maker records a receive, in English
    const maker = await suite.open();
    await signIn(maker, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/treasury/vault/');
    await visible(maker.getByRole('heading', { level: 1, name: 'Vault' }));
    await maker.getByTestId('receive-bars').click();
    const form = maker.getByTestId('receive-dialog');
    await form.getByRole('combobox', { name: 'Vault' }).click();
    await maker.getByRole('option', { name: 'E2E-KL · Browser vault' }).click();
    await form.getByLabel('Serial').fill('E2E-0001');
    await form.getByLabel('Refiner (brand)').fill('Valcambi');
    await form.getByLabel('Gross weight (g)').fill('1000');
    await form.getByLabel('Fineness (‰)').fill('999.9');
    await form.getByLabel('Payment request No.').fill(String(requestId));
    await form.getByRole('button', { name: 'Receive bars' }).click();
    await visible(toast(maker, "Movement recorded: it waits for another admin's approval"));
    const makerRow = maker.locator('[data-testid="bar-row"][data-serial="E2E-0001"]');
    await until(() => makerRow.getByTestId('bar-status').textContent()).toBe('Pending approval');
    const pending = maker.getByTestId('movement-row').filter({ hasText: 'E2E-0001' });
    await visible(pending.getByRole('link', { name: `request #${requestId}` }));
    // the maker may not decide: approve and decline are off, and the row says who may
    expect(await pending.getByTestId('approve-movement').isDisabled()).toBe(true);
    expect(await pending.getByTestId('decline-movement').isDisabled()).toBe(true);
    await until(() => pending.getByTestId('blocked-reason').textContent()).toMatch(/^Your role cannot do this\. Roles that can: Super admin.*Finance approver/);
    const reasonId = await pending.getByTestId('blocked-reason').getAttribute('id');
    expect(await pending.getByTestId('approve-movement').getAttribute('aria-describedby')).toContain(reasonId!);

    // the checker approves, in Traditional Chinese
    const checker = await suite.open();
    await signIn(checker, suite.ts.url, suite.ts.demo.byRole.financeApprover!);
    await checker.getByRole('button', { name: 'Language' }).click();
    await checker.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(toast(checker, '語言已切換為繁體中文。'));
    await checker.goto(`${suite.ts.url}/treasury/vault/`);
    await visible(checker.getByRole('heading', { level: 1, name: '金庫' }));
    const row = checker.getByTestId('movement-row').filter({ hasText: 'E2E-0001' });
    await visible(row.getByText('收入'));
    // the totals count every vault (the demo vault's bars too): the approved bar adds its fine weight
    const gramsOf = (text: string | null) => Number(/[\d,]+\.\d{4}/.exec(text ?? '')?.[0]?.replaceAll(',', '') ?? 'NaN');
    const totalBefore = gramsOf(await checker.getByTestId('total-XAU').textContent());
    await row.getByRole('button', { name: '核准' }).click();
    await visible(toast(checker, '已核准移動'));
    const bar = checker.locator('[data-testid="bar-row"][data-serial="E2E-0001"]');
    await until(() => bar.getByTestId('bar-status').textContent()).toBe('可用');
    await until(async () => gramsOf(await checker.getByTestId('total-XAU').textContent())).toBeCloseTo(totalBefore + 999.9, 4);
    // the bar's history: received by the maker, approved by the checker
    await bar.getByRole('button', { name: '金條 E2E-0001 的詳情' }).click();
    const history = checker.getByTestId('bar-dialog').getByTestId('bar-movement');
    await until(() => history.textContent()).toContain('收入已核准');
    expect(await history.textContent()).toContain(suite.ts.demo.byRole.financeApprover!.username);
    await checker.keyboard.press('Escape');
    // the maker's screen shows it too
    await maker.reload();
    await until(() => makerRow.getByTestId('bar-status').textContent()).toBe('Available');
    // the deposit names the bar that came in for it
    await maker.goto(`${suite.ts.url}/asset/${requestId}/`);
    await until(() => maker.getByTestId('request-bars').textContent()).toContain('Valcambi E2E-0001');
    await maker.goto(`${suite.ts.url}/treasury/vault/`);

    // a weight list: a bad line is listed and nothing is saved; the fixed list imports
    await maker.getByTestId('import-list').click();
    const dialog = maker.getByTestId('import-dialog');
    await dialog.getByRole('combobox', { name: 'Vault' }).click();
    await maker.getByRole('option', { name: 'E2E-KL · Browser vault' }).click();
    const csv = (rows: string[]) => ({ name: 'weights.csv', mimeType: 'text/csv', buffer: Buffer.from(['Serial,Brand,Gross Weight,Fineness', ...rows].join('\n')) });
    await dialog.locator('input[type="file"]').setInputFiles(csv(['E2E-0001,Valcambi,1000,999.9', 'E2E-0002,PAMP,heavy,999.9']));
    await dialog.getByTestId('import-check').click();
    const problem = dialog.getByTestId('import-problem');
    await until(() => problem.count()).toBe(1);
    expect(await problem.textContent()).toBe('3Gross weightnot a positive number');
    await dialog.locator('input[type="file"]').setInputFiles(csv(['E2E-0001,Valcambi,1000,999.9', 'E2E-0002,PAMP,12441.4,999.9']));
    await dialog.getByRole('button', { name: 'Import weight list' }).click();
    await visible(toast(maker, 'Weight list imported'));
    const lists = await suite.ts.db.query<{ row_count: number }>('SELECT row_count FROM custodian_bar_lists WHERE vault_id = $1', [vault.id]);
    expect(lists.map((l) => l.row_count)).toEqual([2]);
  });

  test('the bar list keeps its filter and page in the address: a reload shows the same page of the same vault, back returns to the first', async () => {
    const api = adminApi(suite);
    const vault = await api.call<{ id: number; code: string }>('POST', 'vault/create', { code: 'E2E-PAGE', name: 'Paged vault', custodian: 'Brink' });
    // eleven bars received into it from a weight list: one more than a page of ten
    const serials = Array.from({ length: 11 }, (_, i) => `PG-${String(i + 1).padStart(4, '0')}`);
    const form = new FormData();
    form.set('vaultId', String(vault.id));
    form.set('asOf', '2026-01-05');
    form.set('unit', 'g');
    form.set('receive', 'true');
    form.set('file', new Blob([['Serial,Brand,Gross Weight,Fineness', ...serials.map((s) => `${s},PAMP,1000,999.9`)].join('\n')], { type: 'text/csv' }), 'weights.csv');
    const imported = await fetch(`${suite.ts.url}/v0/web/secure/vault/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await api.jwt()}` } });
    expect(imported.status, await imported.clone().text()).toBe(200);

    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/treasury/vault/');
    await visible(page.getByRole('heading', { level: 1, name: 'Vault' }));
    await page.getByRole('combobox', { name: 'Vault', exact: true }).click();
    await page.getByRole('option', { name: 'E2E-PAGE', exact: true }).click();
    const rows = page.getByTestId('bar-row');
    await until(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Next page' }).click();
    await until(() => rows.count()).toBe(1);
    const last = await rows.getAttribute('data-serial');
    expect(serials).toContain(last);
    const address = new URL(page.url());
    expect(address.searchParams.get('vaultId')).toBe(String(vault.id));
    expect(address.searchParams.get('page')).toBe('2');

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Vault' }));
    await until(() => rows.count()).toBe(1);
    expect(await rows.getAttribute('data-serial')).toBe(last);
    await visible(page.getByRole('combobox', { name: 'Vault', exact: true }).getByText('E2E-PAGE'));

    // back: the first page of the same vault
    await page.goBack();
    await until(() => rows.count()).toBe(10);
    expect(new URL(page.url()).searchParams.get('vaultId')).toBe(String(vault.id));
  });
});
