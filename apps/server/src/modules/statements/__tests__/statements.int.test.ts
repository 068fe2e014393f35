import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { Decimal } from '@aurum/domain/money/decimal';
import type { StatementAnswer } from '@aurum/domain/statements/statement-schemas';
import { businessDate } from '@aurum/domain/system/business-time';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { displayDate } from '@aurum/domain/system/display-date';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer();

/** The text of a PDF, its pages joined. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe(`customer statements on ${driver}`, () => {
  let o: OrderTestServer;
  let userId: number;
  /** The journal dates entries by the database's clock: the range is around its today. */
  let today: string;
  let yesterday: string;
  let tomorrow: string;

  async function multipart(path: string, fields: Record<string, string>, role: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'slip.png');
    const r = await fetch(`${o.ts.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await o.as(role)}` } });
    const body = (await r.json()) as { id: number };
    expect(r.status, JSON.stringify(body)).toBe(200);
    return body;
  }
  async function request(action: 'deposit' | 'withdrawal', fields: Record<string, string>): Promise<number> {
    const { id } = await multipart(`${S}/asset/${action}/create`, { userId: String(userId), ...fields }, 'financeMaker');
    await multipart(`${S}/asset/${action}/${id}/approve`, {}, 'financeApprover');
    return id;
  }
  const download = async (path: string, role = 'financeMaker') => fetch(`${o.ts.url}${path}`, { headers: { authorization: `Bearer ${await o.as(role)}` } });
  const statement = async (query: string, role = 'none') => o.call<StatementAnswer>(role, 'GET', `${S}/statements/${userId}?${query}`);

  let orderId: number;
  let depositId: number;
  let withdrawalId: number;

  beforeAll(async () => {
    o = await startOrderServer();
    const [{ now }] = (await o.ts.db.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
    today = businessDate(now);
    yesterday = businessDate(new Date(now.getTime() - 86_400_000));
    tomorrow = businessDate(new Date(now.getTime() + 86_400_000));
    userId = await o.newUser('stmtbuyer', { fund: '2000.00', credit: '10000.00' });
    // two days before: the opening of a range that starts yesterday
    const [e] = await o.ts.db.query<{ id: number }>(`INSERT INTO ledger_entries (kind, user_id, created_at) VALUES ('deposit', $1, now() - interval '2 days') RETURNING id`, [userId]);
    await o.ts.db.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:bank', $2, 'MYR', '100.00')`, [e!.id, `user:${userId}:fund`]);
    depositId = await request('deposit', { type: 'MYR', amount: '250.50' });
    // an offline buy of 10 g at 300.000: 2350.50 from the fund, 649.50 from credit
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, {
      userId, action: 0, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', source: 'Desk', costPrice: '300.000', quotePrice: '300.000', exchangeRate: '4.5000', finalPrice: '300.000', note: 'offline', useAhtConfig: false,
    });
    expect(created.status, created.text).toBe(200);
    orderId = created.body.id;
    expect((await o.call('financeApprover', 'POST', `${S}/order/settle/${orderId}/${userId}`)).status).toBe(200);
    await o.deposit(userId, { fund: '1000.00' });
    const paid = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId, note: null, amount: '649.50', paymentDate: '2030-01-07' });
    expect(paid.body, paid.text).toMatchObject({ status: 'PAID' });
    withdrawalId = await request('withdrawal', { type: 'XAU', quantity: '1.5000' });
  });
  afterAll(() => o?.ts.close());

  it("opens on the balance before the range, runs through every movement and closes on the wallet's balances", async () => {
    const r = await statement(`from=${yesterday}&to=${tomorrow}`);
    expect(r.status, r.text).toBe(200);
    const s = r.body;
    expect(s.user).toMatchObject({ id: userId, username: 'stmtbuyer' });
    expect(s.opening).toEqual({ myr: '100.00', grams: '0.0000', heldMyr: '0.00', heldGrams: '0.0000', credit: '0.00' });
    expect(s.lines.map((l) => l.kind)).toEqual([
      'deposit', // the new user's fund
      'deposit', // its credit line
      'request.deposit',
      'order.fill',
      'order.settle',
      'deposit',
      'order.payment',
      'order.complete',
      'request.hold',
      'request.withdrawal',
    ]);
    expect(s.lines.map((l) => l.balance.myr)).toEqual(['2100.00', '2100.00', '2350.50', '2350.50', '0.00', '1000.00', '350.50', '350.50', '350.50', '350.50']);
    expect(s.lines.map((l) => l.balance.grams)).toEqual(['0.0000', '0.0000', '0.0000', '0.0000', '0.0000', '0.0000', '0.0000', '10.0000', '10.0000', '8.5000']);
    const fill = s.lines[3]!;
    expect(fill).toMatchObject({ orderId, requestId: null, movement: { myr: '0.00', heldMyr: '2350.50', credit: '-649.50' } });
    expect(s.lines[2]).toMatchObject({ requestId: depositId, orderId: null, movement: { myr: '250.50' } });
    expect(s.lines[8]).toMatchObject({ requestId: withdrawalId, movement: { grams: '0.0000', heldGrams: '1.5000' } });
    const w = await walletBalances(o.ts.db, userId);
    expect(s.closing).toEqual({
      myr: new Decimal(w.fund).plus(w.fundHeld).toFixed(2),
      grams: new Decimal(w.gold).plus(w.goldHeld).toFixed(4),
      heldMyr: w.fundHeld,
      heldGrams: w.goldHeld,
      credit: w.credit,
    });
    expect(s.closing).toEqual({ myr: '350.50', grams: '8.5000', heldMyr: '0.00', heldGrams: '0.0000', credit: '10000.00' });
    expect(s.movements.myr).toBe('250.50');
  });

  it('a range after the movements opens and closes on the same balances with no line; a month answers its days', async () => {
    const later = (await statement(`from=${tomorrow}&to=${tomorrow}`)).body;
    expect(later.lines).toEqual([]);
    expect(later.opening).toEqual(later.closing);
    expect(later.opening.myr).toBe('350.50');
    const month = (await statement(`month=${today.slice(0, 7)}`)).body;
    expect(month.from).toBe(`${today.slice(0, 7)}-01`);
    expect(month.closing).toEqual(later.closing);
  });

  it('refuses a bad range with the field, an unknown user with 404, and no one signed out', async () => {
    for (const [query, field] of [
      [`from=${tomorrow}&to=${yesterday}`, 'to'],
      ['from=2031-02-30&to=2031-03-01', 'from'],
      ['month=2031-13', 'month'],
      ['', 'from'],
    ] as const) {
      const r = await statement(query);
      expect(r.status, query).toBe(400);
      expect(r.body.code, query).toBe(ErrorCode.InvalidFormat);
      expect(r.body.context, query).toBe(field);
    }
    const unknown = await o.call('none', 'GET', `${S}/statements/${userId + 10_000}?month=2029-05`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCode.NotFound);
    expect((await fetch(`${o.ts.url}${S}/statements/${userId}?month=2031-05`)).status).toBe(401);
  });

  it('downloads the CSV under exportData: an opening row, every line, a closing row, and one data.export audit row', async () => {
    expect((await download(`${S}/statements/${userId}.csv?from=${yesterday}&to=${tomorrow}`, 'none')).status).toBe(403);
    const before = (await o.ts.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0]!.id;
    const r = await download(`${S}/statements/${userId}.csv?from=${yesterday}&to=${tomorrow}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="statement-${userId}-${yesterday}-${tomorrow}.csv"`);
    // the bytes as sent (a decoder would drop the byte-order mark)
    const text = Buffer.from(await r.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFkind,entryId,at,orderId,requestId,note,movement.myr,balance.myr,movement.grams,balance.grams')).toBe(true);
    const rows = text.slice(1).trimEnd().split('\r\n').map((l) => l.split(','));
    const col = (name: string) => rows[0]!.indexOf(name);
    expect(rows).toHaveLength(1 + 1 + 10 + 1 + 2);
    expect(rows[1]![col('kind')]).toBe('opening');
    expect(rows[1]![col('balance.myr')]).toBe('100.00');
    const closing = rows.at(-3)!;
    expect(closing[col('kind')]).toBe('closing');
    expect(closing[col('balance.myr')]).toBe('350.50');
    expect(closing[col('balance.grams')]).toBe('8.5000');
    expect(rows.slice(-2).map((row) => row[col('kind')])).toEqual(['valuation', 'valuationTotal']);
    const settle = rows.find((row) => row[col('kind')] === 'order.settle')!;
    expect(settle[col('orderId')]).toBe(String(orderId));
    expect(settle[col('movement.myr')]).toBe('-2350.50');
    const audit = await o.ts.db.query<{ action: string; detail: Record<string, unknown> }>("SELECT action, detail FROM audit_log WHERE id > $1 AND action = 'data.export'", [before]);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ list: 'statements', format: 'csv', filter: { userId, from: yesterday, to: tomorrow }, rows: 14, complete: true });
  });

  it('prints the PDF in Traditional Chinese with the embedded font: its labels and figures read back', async () => {
    expect((await download(`${S}/statements/${userId}.pdf?month=2031-05`, 'none')).status).toBe(403);
    const r = await download(`${S}/statements/${userId}.pdf?from=${yesterday}&to=${tomorrow}&lang=zh-Hant`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await r.arrayBuffer());
    for (const words of ['客戶結單', '期初餘額', '期末餘額', '訂單交收', '存款', 'stmtbuyer', `訂單 #${orderId}`, '350.50', '8.5000', '-2,350.50', `${displayDate(yesterday)} – ${displayDate(tomorrow)}`]) {
      expect(text, words).toContain(words);
    }
    const english = await pdfText(await (await download(`${S}/statements/${userId}.pdf?from=${yesterday}&to=${tomorrow}`)).arrayBuffer());
    expect(english).toContain('Closing balance');
    expect(english).not.toContain('期末餘額');
    const audit = await o.ts.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'data.export' AND detail->>'format' = 'pdf' ORDER BY id");
    expect(audit.map((a) => (a.detail.filter as { lang: string }).lang)).toEqual(['zh-Hant', 'en']);
  });
});
