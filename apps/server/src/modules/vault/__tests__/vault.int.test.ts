import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SELF_APPROVAL_REFUSED } from '@aurum/domain/access/maker-checker';
import type { BalancesAnswer } from '@aurum/domain/finance/finance-schemas';
import type { BarDetail, BarPage, ImportAnswer, MovementView, VaultView } from '@aurum/domain/vault/vault-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens, type Answer } from '../../../testing/client.ts';
import { DEMO_VAULT } from '../../../seed/demo-vault.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const V = '/v0/web/secure/vault';

describe(`the vault, bar by bar, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokenOf = roleTokens(() => ts);
  let kl: VaultView;
  let sg: VaultView;

  const call = async <T>(method: string, path: string, role: string, body?: unknown): Promise<Answer<T>> =>
    api.call<T>(method, `${V}${path}`, { token: await tokenOf(role), ...(body !== undefined ? { body } : {}) });
  const post = <T = MovementView>(path: string, role: string, body?: unknown) => call<T>('POST', path, role, body);
  const get = <T>(path: string, role = 'none') => call<T>('GET', path, role);
  const count = async (table: string) => (await ts.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const bar = (serial: string, extra: Record<string, unknown> = {}) => ({ serial, refiner: 'Valcambi', metal: 'XAU', grossWeight: '1000.0000', fineness: '999.9', year: 2024, ...extra });
  const barBySerial = async (serial: string) => (await get<BarPage>(`/bar/list?serial=${serial}`)).body.items.find((b) => b.serial === serial);
  const auditOf = async (movementId: number) =>
    (await ts.db.query<{ action: string; username: string }>(`SELECT action, username FROM audit_log WHERE detail->>'movementId' = $1 ORDER BY id`, [String(movementId)])).map(
      (r) => `${r.action} ${r.username}`,
    );

  async function upload<T>(path: string, role: string, fields: Record<string, string>, file: { name: string; bytes: Buffer } | null): Promise<Answer<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const r = await fetch(`${ts.url}${V}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf(role)}` } });
    const text = await r.text();
    return { status: r.status, body: JSON.parse(text) as Answer<T>['body'], text };
  }

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    const a = await post<VaultView>('/create', 'financeMaker', { code: 'kl1', name: 'Kuala Lumpur vault', custodian: 'Malca-Amit' });
    expect(a.status, a.text).toBe(200);
    kl = a.body;
    sg = (await post<VaultView>('/create', 'superAdmin', { code: 'SG-1', name: 'Singapore', custodian: 'Brink’s' })).body;
  });
  afterAll(() => ts?.close());

  it('creates vaults with a unique code, and refuses bad ones without creating anything', async () => {
    expect(kl).toMatchObject({ code: 'KL1', custodian: 'Malca-Amit' });
    const list = await get<{ items: VaultView[] }>('/list');
    expect(list.body.items.map((v) => v.code).filter((code) => code !== DEMO_VAULT.code)).toEqual(['KL1', 'SG-1']);
    const twice = await post('/create', 'superAdmin', { code: 'KL1', name: 'again', custodian: 'x' });
    expect([twice.status, twice.body.code, twice.body.context]).toEqual([409, ErrorCode.InvalidFormat, 'code']);
    const bad = await post('/create', 'superAdmin', { code: 'kl 2!', name: 'x', custodian: 'x' });
    expect([bad.status, bad.body.code, bad.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'code']);
    const denied = await post('/create', 'financeApprover', { code: 'X1', name: 'x', custodian: 'x' });
    expect([denied.status, denied.body.code]).toEqual([403, ErrorCode.Forbidden]);
    expect(await count('vaults')).toBe(3); // KL1, SG-1 and the demo vault
  });

  it('a receive waits for a second admin: pending counts nowhere, the maker cannot approve, another admin can', async () => {
    const r = await post('/movement/receive', 'superAdmin', { vaultId: kl.id, bars: [bar('VC-1001'), bar('VC-1002', { grossWeight: '12441.7', fineness: '995.0' })], note: 'from the refinery' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ kind: 'receive', status: 'pending', vault: { code: 'KL1' }, totals: [{ metal: 'XAU', grams: '13379.3915' }] });
    expect((await barBySerial('VC-1001'))?.status).toBe('pending');
    // pending bars are listed but not counted
    expect((await get<BarPage>(`/bar/list?vaultId=${kl.id}`)).body.totals).toEqual([]);

    const self = await post(`/movement/${r.body.id}/approve`, 'superAdmin');
    expect([self.status, self.body.code, self.body.context]).toEqual([403, ErrorCode.Forbidden, SELF_APPROVAL_REFUSED]);
    const maker = await post(`/movement/${r.body.id}/approve`, 'financeMaker');
    expect([maker.status, maker.body.code]).toEqual([403, ErrorCode.Forbidden]);
    expect((await barBySerial('VC-1001'))?.status).toBe('pending');

    const ok = await post(`/movement/${r.body.id}/approve`, 'financeApprover');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', decidedBy: { username: ts.demo.byRole.financeApprover!.username } });
    const page = await get<BarPage>(`/bar/list?vaultId=${kl.id}&status=available`);
    expect(page.body.items.map((b) => [b.serial, b.status, b.bookWeight])).toEqual([
      ['VC-1001', 'available', '999.9000'],
      ['VC-1002', 'available', '12379.4915'],
    ]);
    expect(page.body.totals).toEqual([{ metal: 'XAU', bars: 2, grams: '13379.3915', troyOunces: '430.157' }]);
    expect(page.body.items[1]).toMatchObject({ goodDelivery: true, fineness: '995.000', custodian: 'Malca-Amit' });

    const again = await post(`/movement/${r.body.id}/approve`, 'financeApprover');
    expect([again.status, again.body.code]).toEqual([409, ErrorCode.BarMovementNotPending]);
    const declineLate = await post(`/movement/${r.body.id}/decline`, 'financeApprover', { reason: 'late' });
    expect([declineLate.status, declineLate.body.code]).toEqual([409, ErrorCode.BarMovementNotPending]);
    expect(await auditOf(r.body.id)).toEqual([`vault.receive ${ts.demo.byRole.superAdmin!.username}`, `vault.approve ${ts.demo.byRole.financeApprover!.username}`]);

    const detail = await get<BarDetail>(`/bar/${page.body.items[0]!.id}`);
    expect(detail.body.movements.map((m) => [m.kind, m.status])).toEqual([['receive', 'approved']]);
  });

  it('books the bars received as an asset: the bars in vaults on the debit side, the metal received from the outside on the credit side', async () => {
    const balances = async () => {
      const b = await call<BalancesAnswer>('GET', `/../ledger/balances?at=${encodeURIComponent(new Date().toISOString())}`, 'none');
      expect(b.status, b.text).toBe(200);
      const xau = b.body.units.find((u) => u.unit === 'XAU')!;
      expect(xau.balanced).toBe(true);
      const of = (code: string) => xau.rows.find((r) => r.account.code === code)!.balance;
      return { bars: of('1210-XAU'), outside: of('3300-XAU') };
    };
    const before = await balances();
    const own = (await post<VaultView>('/create', 'superAdmin', { code: 'SIDES', name: 'Sides', custodian: 'x' })).body;
    const r = await post('/movement/receive', 'superAdmin', { vaultId: own.id, bars: [bar('SIDES-1', { grossWeight: '500.0000', fineness: '999.9' })] });
    expect((await post(`/movement/${r.body.id}/approve`, 'financeApprover')).status).toBe(200);
    const after = await balances();
    expect(before.bars.credit).toBe('0.0000');
    expect(Number(after.bars.debit) - Number(before.bars.debit)).toBeCloseTo(499.95, 4);
    expect(after.bars.credit).toBe('0.0000');
    expect(Number(after.outside.credit) - Number(before.outside.credit)).toBeCloseTo(499.95, 4);
    expect(after.outside.debit).toBe('0.0000');
  });

  it('a declined receive moves nothing and leaves the serial free; a decline needs a reason', async () => {
    const r = await post('/movement/receive', 'financeMaker', { vaultId: kl.id, bars: [bar('VC-2001')] });
    expect(r.status, r.text).toBe(200);
    const noReason = await post(`/movement/${r.body.id}/decline`, 'financeApprover', {});
    expect([noReason.status, noReason.body.code, noReason.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'reason']);
    const d = await post(`/movement/${r.body.id}/decline`, 'financeApprover', { reason: 'wrong serial on the delivery note' });
    expect(d.status, d.text).toBe(200);
    expect(d.body).toMatchObject({ status: 'declined', declineReason: 'wrong serial on the delivery note', bars: [{ id: null, serial: 'VC-2001' }] });
    expect(await barBySerial('VC-2001')).toBeUndefined();
    const again = await post(`/movement/${r.body.id}/approve`, 'superAdmin');
    expect([again.status, again.body.code]).toEqual([409, ErrorCode.BarMovementNotPending]);
    const retry = await post('/movement/receive', 'financeMaker', { vaultId: kl.id, bars: [bar('VC-2001')] });
    expect(retry.status, retry.text).toBe(200);
    expect((await post(`/movement/${retry.body.id}/decline`, 'superAdmin', { reason: 'test' })).status).toBe(200);
  });

  it('refuses a bar held or pending already (409, 1001) and bad input (400, 1001) without any change', async () => {
    const before = [await count('vault_movements'), await count('vault_bars'), await count('audit_log')];
    const held = await post('/movement/receive', 'financeMaker', { vaultId: kl.id, bars: [bar('VC-3001'), bar('VC-1001', { refiner: 'VALCAMBI' })] });
    expect([held.status, held.body.code, held.body.context]).toEqual([409, ErrorCode.InvalidFormat, 'bars.1.serial']);
    const cases: Array<[unknown, string]> = [
      [{ vaultId: kl.id, bars: [bar('A', { fineness: '1000.5' })] }, 'bars.0.fineness'],
      [{ vaultId: kl.id, bars: [bar('A', { grossWeight: '-1' })] }, 'bars.0.grossWeight'],
      [{ vaultId: kl.id, bars: [bar('A', { grossWeight: '1.00001' })] }, 'bars.0.grossWeight'],
      [{ vaultId: kl.id, bars: [bar('A', { metal: 'XPD' })] }, 'bars.0.metal'],
      [{ vaultId: kl.id, bars: [bar('A'), bar('A')] }, 'bars.1.serial'],
      [{ vaultId: kl.id, bars: [] }, 'bars'],
      [{ vaultId: 'x', bars: [bar('A')] }, 'vaultId'],
    ];
    for (const [body, field] of cases) {
      const r = await post('/movement/receive', 'financeMaker', body);
      expect([r.status, r.body.code, r.body.context], JSON.stringify(body)).toEqual([400, ErrorCode.InvalidFormat, field]);
    }
    const noVault = await post('/movement/receive', 'financeMaker', { vaultId: 999999, bars: [bar('A')] });
    expect([noVault.status, noVault.body.code, noVault.body.context]).toEqual([404, ErrorCode.NotFound, 'vaultId']);
    const noRequest = await post('/movement/receive', 'financeMaker', { vaultId: kl.id, bars: [bar('A')], requestId: 999999 });
    expect([noRequest.status, noRequest.body.code, noRequest.body.context]).toEqual([404, ErrorCode.NotFound, 'requestId']);
    const noBar = await post('/movement/release', 'financeMaker', { barIds: [999999] });
    expect([noBar.status, noBar.body.code]).toEqual([404, ErrorCode.NotFound]);
    const badId = await post('/movement/approve'.replace('approve', 'x/approve'), 'financeApprover');
    expect([badId.status, badId.body.code]).toEqual([400, ErrorCode.InvalidFormat]);
    // refusals write no audit row of a change (a 403 writes its access.denied row; none here)
    expect([await count('vault_movements'), await count('vault_bars'), await count('audit_log')]).toEqual(before);
  });

  it('moves bars through the status machine: dispatch, arrive, reserve, quarantine, release; a status that does not allow it is 409 3211', async () => {
    const one = (await barBySerial('VC-1001'))!;
    const two = (await barBySerial('VC-1002'))!;
    const approve = async (m: Answer<MovementView>) => {
      expect(m.status, m.text).toBe(200);
      const a = await post(`/movement/${m.body.id}/approve`, 'financeApprover');
      expect(a.status, a.text).toBe(200);
      return a.body;
    };
    const dispatch = await post('/movement/dispatch', 'financeMaker', { barIds: [one.id], vaultId: sg.id });
    const busy = await post('/movement/release', 'financeMaker', { barIds: [one.id, two.id] });
    expect([busy.status, busy.body.code]).toEqual([409, ErrorCode.BarStatusConflict]);
    expect(busy.body.context).toContain(`#${dispatch.body.id}`);
    const same = await post('/movement/dispatch', 'financeMaker', { barIds: [two.id], vaultId: kl.id });
    expect([same.status, same.body.code]).toEqual([409, ErrorCode.BarStatusConflict]);
    await approve(dispatch);
    expect(await barBySerial('VC-1001')).toMatchObject({ status: 'inTransit', vault: { code: 'SG-1' } });
    const early = await post('/movement/release', 'financeMaker', { barIds: [one.id] });
    expect([early.status, early.body.code]).toEqual([409, ErrorCode.BarStatusConflict]);
    expect((await approve(await post('/movement/arrive', 'financeMaker', { barIds: [one.id] }))).vault?.code).toBe('SG-1');
    expect(await barBySerial('VC-1001')).toMatchObject({ status: 'available', vault: { code: 'SG-1' } });
    expect((await get<BarPage>(`/bar/list?vaultId=${sg.id}`)).body.totals).toEqual([{ metal: 'XAU', bars: 1, grams: '999.9000', troyOunces: '32.148' }]);

    await approve(await post('/movement/status', 'financeMaker', { barIds: [two.id], status: 'reserved' }));
    await approve(await post('/movement/status', 'financeMaker', { barIds: [two.id], status: 'quarantined' }));
    expect((await barBySerial('VC-1002'))?.status).toBe('quarantined');
    const quarantined = await post('/movement/release', 'financeMaker', { barIds: [two.id] });
    expect([quarantined.status, quarantined.body.code]).toEqual([409, ErrorCode.BarStatusConflict]);
    await approve(await post('/movement/status', 'financeMaker', { barIds: [two.id], status: 'available' }));

    // a status that changed between record and approval is refused at approval, and nothing changes
    const release = await post('/movement/release', 'financeMaker', { barIds: [two.id], note: 'physical withdrawal' });
    expect(release.status, release.text).toBe(200);
    await ts.db.query(`UPDATE vault_bars SET status = 'quarantined' WHERE id = $1`, [two.id]);
    const stale = await post(`/movement/${release.body.id}/approve`, 'financeApprover');
    expect([stale.status, stale.body.code]).toEqual([409, ErrorCode.BarStatusConflict]);
    expect((await get<MovementView>(`/movement/${release.body.id}`)).body.status).toBe('pending');
    await ts.db.query(`UPDATE vault_bars SET status = 'available' WHERE id = $1`, [two.id]);
    await approve(release);
    expect(await barBySerial('VC-1002')).toBeUndefined();
    expect((await get<BarPage>(`/bar/list?status=released`)).body.items.map((b) => b.serial)).toEqual(['VC-1002']);
    const gone = await post('/movement/status', 'financeMaker', { barIds: [two.id], status: 'reserved' });
    expect([gone.status, gone.body.code]).toEqual([409, ErrorCode.BarStatusConflict]);
    const history = (await get<BarDetail>(`/bar/${two.id}`)).body.movements.map((m) => `${m.kind}${m.toStatus ? `:${m.toStatus}` : ''}`);
    expect(history).toEqual(['release', 'status:available', 'status:quarantined', 'status:reserved', 'receive']);
    const pendingOnly = await get<{ items: MovementView[]; total: number }>('/movement/list?status=pending');
    expect(pendingOnly.body.items.every((m) => m.status === 'pending')).toBe(true);
  });

  it('links a receive to a physical gold deposit, listed by the request', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#d4a017' } }).png().toBuffer();
    const [user] = await ts.db.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1');
    const deposit = async (type: 'XAU' | 'MYR') => {
      const form = new FormData();
      form.set('userId', String(user!.id));
      form.set('type', type);
      form.set(type === 'XAU' ? 'quantity' : 'amount', '100');
      form.set('receipt', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
      const r = await fetch(`${ts.url}/v0/web/secure/asset/deposit/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf('financeMaker')}` } });
      expect(r.status).toBe(200);
      return ((await r.json()) as { id: number }).id;
    };
    const gold = await deposit('XAU');
    const cash = await deposit('MYR');
    const wrong = await post('/movement/receive', 'financeMaker', { vaultId: kl.id, bars: [bar('RQ-1')], requestId: cash });
    expect([wrong.status, wrong.body.code, wrong.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'requestId']);
    const r = await post('/movement/receive', 'financeMaker', { vaultId: kl.id, bars: [bar('RQ-1')], requestId: gold });
    expect(r.status, r.text).toBe(200);
    expect(r.body.requestId).toBe(gold);
    const listed = await get<{ items: MovementView[] }>(`/movement/list?requestId=${gold}`);
    expect(listed.body.items.map((m) => [m.id, m.bars.map((b) => b.serial)])).toEqual([[r.body.id, ['RQ-1']]]);
    expect((await get<{ items: MovementView[] }>(`/movement/list?requestId=${cash}`)).body.items).toEqual([]);
    expect((await post(`/movement/${r.body.id}/decline`, 'superAdmin', { reason: 'test over' })).status).toBe(200);
  });

  const CSV = ['Serial No,Brand,Gross Weight (g),Fineness,Year,Form', 'VC-1001,Valcambi,1000.0000,999.9,2024,bar', 'KL-0001,PAMP,12441.3907,999.9,2023,bar', 'KL-0002,PAMP,12400.5,995.0,,'].join('\r\n');

  it('imports a CSV weight list: bad rows listed by line with nothing saved; a good list stored with a pending receive of the bars not held', async () => {
    const fields = { vaultId: String(sg.id), asOf: '2026-11-20', receive: 'true' };
    const bad = `${CSV}\r\nKL-0003,PAMP,heavy,999.9,,\r\n,PAMP,100,1200,,`;
    const preview = await upload<ImportAnswer>('/import/preview', 'financeMaker', fields, { name: 'list.csv', bytes: Buffer.from(bad) });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.problems).toEqual([
      { line: 5, field: 'grossWeight', reason: 'invalidNumber' },
      { line: 6, field: 'serial', reason: 'required' },
      { line: 6, field: 'fineness', reason: 'lessThanOrEqual' },
    ]);
    expect(preview.body).toMatchObject({ listId: null, rows: 5, notHeld: 2 });
    const lists = await count('custodian_bar_lists');
    const refused = await upload<ImportAnswer>('/import', 'financeMaker', fields, { name: 'list.csv', bytes: Buffer.from(bad) });
    expect([refused.status, refused.body.code, refused.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'line 5 grossWeight']);
    expect((refused.body as { detail?: Record<string, unknown> }).detail).toMatchObject({ rule: 'weightList', problems: 3, lines: '5,6' });
    expect(await count('custodian_bar_lists')).toBe(lists);

    const ok = await upload<ImportAnswer>('/import', 'financeMaker', fields, { name: 'list.csv', bytes: Buffer.from(`\uFEFF${CSV}`) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ rows: 3, problems: [], notHeld: 2 });
    const stored = await ts.db.query<{ line: number; serial: string; fine_weight: string }>('SELECT line, serial, fine_weight::text FROM custodian_bars WHERE list_id = $1 ORDER BY line', [ok.body.listId]);
    expect(stored.map((s) => [s.line, s.serial, s.fine_weight])).toEqual([
      [2, 'VC-1001', '999.9000'],
      [3, 'KL-0001', '12440.1466'],
      [4, 'KL-0002', '12338.4975'],
    ]);
    const receive = await get<MovementView>(`/movement/${ok.body.movementId}`);
    expect(receive.body).toMatchObject({ kind: 'receive', status: 'pending', vault: { code: 'SG-1' } });
    expect(receive.body.bars.map((b) => b.serial)).toEqual(['KL-0001', 'KL-0002']);
    expect(await ts.db.query(`SELECT action FROM audit_log WHERE action = 'vault.import'`)).toHaveLength(1);

    const notAList = await upload('/import', 'financeMaker', fields, { name: 'x.bin', bytes: Buffer.from([0, 1, 2, 3, 0xff, 0xfe]) });
    expect([notAList.status, notAList.body.code, notAList.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'file']);
    const noFile = await upload('/import', 'financeMaker', fields, null);
    expect([noFile.status, noFile.body.code, noFile.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'file']);
    const big = await upload('/import', 'financeMaker', fields, { name: 'big.csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 10, 0x41) });
    expect([big.status, big.body.code, big.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'file']);
    const denied = await upload('/import', 'financeApprover', fields, { name: 'list.csv', bytes: Buffer.from(CSV) });
    expect(denied.status).toBe(403);
    expect(await count('custodian_bar_lists')).toBe(lists + 1);
  });

  it('imports an Excel weight list with weights in troy ounces', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Weight list');
    sheet.addRow(['BAR NUMBER', 'Refiner', 'Gross Weight (oz)', 'Fineness', 'Fine oz', 'Year']);
    sheet.addRow(['XL-1', 'Heraeus', 400.125, 999.9, 400.085, 2025]);
    sheet.addRow(['XL-2', 'Heraeus', 399.5, 0.9995, 399.3, 2025]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const ok = await upload<ImportAnswer>('/import', 'superAdmin', { vaultId: String(kl.id), asOf: '2026-11-21' }, { name: 'list.xlsx', bytes });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ rows: 2, problems: [], notHeld: 2, movementId: null });
    const stored = await ts.db.query<{ serial: string; gross_weight: string; fineness: string; fine_weight: string }>(
      'SELECT serial, gross_weight::text, fineness::text, fine_weight::text FROM custodian_bars WHERE list_id = $1 ORDER BY line',
      [ok.body.listId],
    );
    // 400.125 oz = 12445.2787 g; fine weight as listed (400.085 oz), fineness 0.9995 read as 999.5
    expect(stored.map((s) => [s.serial, s.gross_weight, s.fineness, s.fine_weight])).toEqual([
      ['XL-1', '12445.2787', '999.900', '12444.0345'],
      ['XL-2', '12425.8390', '999.500', '12419.6183'],
    ]);
    const list = await ts.db.query<{ custodian: string; as_of: unknown; row_count: number }>('SELECT custodian, as_of::text AS as_of, row_count FROM custodian_bar_lists WHERE id = $1', [ok.body.listId]);
    expect(list[0]).toMatchObject({ custodian: 'Malca-Amit', as_of: '2026-11-21', row_count: 2 });
  });
});
