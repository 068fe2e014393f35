import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { businessDate } from '@aurum/domain/system/business-time';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { STATEMENT_BATCH_USERS } from '../statement-batch-service.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

/** A CSV as sent: the byte-order mark, a header, then records. */
const records = (text: string): string[][] => parse(text.replace(/^\uFEFF/, ''), { relaxColumnCount: false }) as string[][];

describe(`every user's statements of a month on ${driver}`, () => {
  let o: OrderTestServer;
  let month: string;
  const ids: Record<'alice' | 'bob' | 'carol', number> = { alice: 0, bob: 0, carol: 0 };

  const download = async (path: string, role = 'financeMaker') => fetch(`${o.ts.url}${path}`, { headers: { authorization: `Bearer ${await o.as(role)}` } });
  /** The users a month's batch covers: created before its end, not deleted before its start (the month is the database's current one). */
  const usersOfMonth = async () => Number((await o.ts.db.query<{ n: string }>('SELECT count(*)::text AS n FROM users WHERE deleted_at IS NULL OR deleted_at >= date_trunc(\'month\', now())'))[0]!.n);
  const lastAuditId = async () => (await o.ts.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))[0]!.id;
  const exportsSince = async (id: number) =>
    o.ts.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE id > $1 AND action = 'data.export' ORDER BY id", [id]);

  beforeAll(async () => {
    o = await startOrderServer();
    const [{ now }] = (await o.ts.db.query<{ now: Date }>('SELECT now() AS now')) as [{ now: Date }];
    month = businessDate(now).slice(0, 7);
    const before = async (userId: number, account: string, amount: string, asset = 'MYR') => {
      // dated before the month: part of the opening
      const [e] = await o.ts.db.query<{ id: number }>(`INSERT INTO ledger_entries (kind, user_id, created_at) VALUES ('deposit', $1, now() - interval '40 days') RETURNING id`, [userId]);
      await o.ts.db.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, $2, $3, $4, $5)`, [e!.id, asset === 'MYR' ? 'house:bank' : 'house:vault', account, asset, amount]);
    };
    ids.alice = await o.newUser('batchalice', { fund: '1000.00', gold: '2.5000' });
    await before(ids.alice, `user:${ids.alice}:fund`, '100.00');
    await o.deposit(ids.alice, { fund: '20.50' });
    ids.bob = await o.newUser('batchbob', { fund: '300.00', credit: '5000.00' });
    // carol moved only before the month: her statement opens and closes on the same balances
    ids.carol = await o.newUser('batchcarol', {});
    await before(ids.carol, `user:${ids.carol}:gold`, '7.2500', 'XAU');
  });
  afterAll(() => o?.ts.close());

  it("streams one CSV of every user's statement, each the same rows as the user's own, announcing the count first", async () => {
    const since = await lastAuditId();
    const r = await download(`${S}/statements/batch?month=${month}&format=csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="statements-${month}.csv"`);
    const count = Number(r.headers.get('x-statement-count'));
    expect(count).toBe(await usersOfMonth());
    const rows = records(Buffer.from(await r.arrayBuffer()).toString('utf8'));
    const [header, ...body] = rows;
    expect(header!.slice(0, 4)).toEqual(['userId', 'username', 'name', 'kind']);
    // one opening and one closing per user, by user id
    const closings = body.filter((row) => row[3] === 'closing').map((row) => Number(row[0]));
    expect(closings).toHaveLength(count);
    expect(closings).toEqual([...closings].sort((a, b) => a - b));
    for (const [name, id] of Object.entries(ids)) {
      const own = records(await (await download(`${S}/statements/${id}.csv?month=${month}`)).text());
      const mine = body.filter((row) => row[0] === String(id));
      expect(mine.map((row) => row.slice(3)), name).toEqual(own.slice(1));
      expect(mine.every((row) => row[1] === `batch${name}`)).toBe(true);
    }
    const col = (name: string) => header!.indexOf(name);
    const alice = body.filter((row) => row[0] === String(ids.alice));
    expect(alice[0]![col('balance.myr')]).toBe('100.00');
    const aliceClosing = alice.find((row) => row[col('kind')] === 'closing')!;
    expect(aliceClosing[col('balance.myr')]).toBe('1120.50');
    expect(aliceClosing[col('balance.grams')]).toBe('2.5000');
    const carol = body.filter((row) => row[0] === String(ids.carol));
    expect(carol.map((row) => row[col('kind')])).toEqual(['opening', 'closing', 'valuation', 'valuationTotal']);
    expect(carol[0]![col('balance.grams')]).toBe('7.2500');
    expect(carol[1]![col('balance.grams')]).toBe('7.2500');
    const audit = await exportsSince(since);
    // the three single statements are audited too: the batch's row is the first
    expect(audit[0]!.detail).toMatchObject({ list: 'statements', format: 'csv', filter: { month, every: true }, count, users: count, rows: body.length, complete: true });
  });

  it('streams a ZIP of one PDF per user, whose text names the user, in the asked language', async () => {
    const since = await lastAuditId();
    const r = await download(`${S}/statements/batch?month=${month}&format=pdf&lang=zh-Hant`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    const count = Number(r.headers.get('x-statement-count'));
    const files = unzipSync(new Uint8Array(await r.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(count);
    for (const [name, id] of Object.entries(ids)) {
      const pdf = Object.entries(files).find(([file]) => file.startsWith(`statement-${id}-${month}-01-`))?.[1];
      expect(pdf, name).toBeDefined();
      const text = await pdfText(pdf!.slice());
      for (const words of ['客戶結單', '期末餘額', `batch${name}`]) expect(text, `${name}: ${words}`).toContain(words);
    }
    expect(await pdfText(Object.entries(files).find(([file]) => file.startsWith(`statement-${ids.alice}-`))![1].slice())).toContain('1,120.50');
    expect((await exportsSince(since)).map((a) => a.detail)).toEqual([
      expect.objectContaining({ list: 'statements', format: 'pdf', filter: expect.objectContaining({ month, lang: 'zh-Hant', every: true }), count, files: count, complete: true }),
    ]);
  });

  it('refuses without exportData and a bad month or format, each naming its field', async () => {
    expect((await download(`${S}/statements/batch?month=${month}`, 'none')).status).toBe(403);
    for (const [query, field] of [
      ['month=2031-13', 'month'],
      ['', 'month'],
      [`month=${month}&format=xlsx`, 'format'],
    ] as const) {
      const r = await download(`${S}/statements/batch?${query}`);
      expect(r.status, query).toBe(400);
      const body = (await r.json()) as { code: number; context: string };
      expect(body, query).toMatchObject({ code: ErrorCode.InvalidFormat, context: field });
    }
  });

  it('covers more users than a batch, each once, and stops making PDFs when the client goes away', async () => {
    await o.ts.db.query(
      `INSERT INTO users (username, email, phone_country_code, phone_number)
       SELECT 'batchmany' || g, 'batchmany' || g || '@example.com', '65', (80000000 + g)::text FROM generate_series(1, $1::int) AS g`,
      [STATEMENT_BATCH_USERS + 50],
    );
    const r = await download(`${S}/statements/batch?month=${month}&format=csv`);
    const count = Number(r.headers.get('x-statement-count'));
    expect(count).toBe(await usersOfMonth());
    expect(count).toBeGreaterThan(STATEMENT_BATCH_USERS + 50);
    const closings = records(await r.text()).filter((row) => row[3] === 'closing').map((row) => Number(row[0]));
    expect(new Set(closings).size).toBe(count);

    const since = await lastAuditId();
    // the first bytes, then the connection closes
    const status = await new Promise<number>((resolve, reject) => {
      void o.as('financeMaker').then((token) => {
        const req = get(`${o.ts.url}${S}/statements/batch?month=${month}&format=pdf`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve(res.statusCode ?? 0);
          });
        });
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      });
    });
    expect(status).toBe(200);
    await expect.poll(async () => (await exportsSince(since)).length, { timeout: 20_000 }).toBe(1);
    const [audit] = await exportsSince(since);
    expect(audit!.detail).toMatchObject({ format: 'pdf', count, complete: false });
    expect(audit!.detail.files as number).toBeLessThan(count);
  });
});
