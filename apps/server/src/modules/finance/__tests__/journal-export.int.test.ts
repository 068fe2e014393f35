import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { DAILY_EXPORT_COLUMNS, JOURNAL_EXPORT_COLUMNS } from '@aurum/domain/finance/journal-export';
import { Decimal } from '@aurum/domain/money/decimal';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { LEDGER_ASSETS } from '@aurum/domain/wallet/ledger';
import { journalTestServer, postDated } from '../../../testing/journal-posting.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/** Two ended days (by the database's clock, which dates the demo seed's entries) the test posts into, then closes. */
const today = businessDate(new Date());
const D1 = dayAfter(today, -3);
const D2 = dayAfter(today, -2);
const at = (date: string, hour: number) => new Date(startOfBusinessDay(date).getTime() + hour * 3_600_000).toISOString();

/** A CSV file's rows as objects by column, after checking its byte-order mark and its header. */
function rowsOf(text: string, columns: readonly string[]): Array<Record<string, string>> {
  expect(text.startsWith(`\uFEFF${columns.join(',')}\r\n`)).toBe(true);
  return parse(text, { bom: true, columns: true }) as Array<Record<string, string>>;
}

/** Debits minus credits per key of the rows (a day and a unit, a day and an account). */
function netBy(rows: ReadonlyArray<Record<string, string>>, key: (row: Record<string, string>) => string) {
  const sums = new Map<string, { debit: Decimal; credit: Decimal }>();
  for (const row of rows) {
    const s = sums.get(key(row)) ?? { debit: new Decimal(0), credit: new Decimal(0) };
    sums.set(key(row), { debit: s.debit.plus(row.debit!), credit: s.credit.plus(row.credit!) });
  }
  return sums;
}

describe(`the accounting exports of closed days, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf } = bed;
  let orderEntry = 0;

  beforeAll(async () => {
    // a deposit on D1; on D2 a purchase's money and metal (one entry, two units), an income posting, a house-only fee, platinum at a provider
    const entries: Array<[string, string, string, string, string, string]> = [
      [at(D1, 10), 'deposit', 'house:bank', `user:${bed.userId}:fund`, 'MYR', '1000.00'],
      [at(D2, 12), 'order.income', 'house:tradingMyr', 'house:spread', 'MYR', '3.21'],
      [at(D2, 13), 'adjustment', 'house:bankCharges', 'house:bank', 'MYR', '1.50'],
      [at(D2, 14), 'metal.provider', 'metal:XPT:outside', 'metal:XPT:provider:Acme', 'XPT', '31.1035'],
    ];
    for (const [when, kind, from, to, asset, amount] of entries) {
      await postDated(bed.ts.db, kind.startsWith('order') || kind === 'deposit' ? bed.userId : null, { at: when, from, to, asset, amount, kind, note: `test ${kind}` });
    }
    orderEntry = await bed.ts.db.transaction(async (tx) => {
      const [e] = await tx.query<{ id: number }>("INSERT INTO ledger_entries (kind, user_id, note, created_at) VALUES ('order.complete', $1, 'test purchase', $2) RETURNING id", [bed.userId, at(D2, 11)]);
      await tx.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, $2, 'house:tradingMyr', 'MYR', '400.00')", [e!.id, `user:${bed.userId}:fund`]);
      await tx.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingXau', $2, 'XAU', '1.2345')", [e!.id, `user:${bed.userId}:gold`]);
      return Number(e!.id);
    });
  });

  const download = async (list: string, query: string, role = 'financeMaker') => fetch(`${bed.ts.url}${SECURE}/export/${list}?${query}`, { headers: { authorization: `Bearer ${await tokenOf(role)}` } });
  const file = async (list: string, query: string, columns: readonly string[]) => {
    const r = await download(list, query);
    expect(r.status, await (r.status === 200 ? '' : r.clone().text())).toBe(200);
    return { rows: rowsOf(Buffer.from(await r.arrayBuffer()).toString('utf8'), columns), disposition: r.headers.get('content-disposition') };
  };
  const close = async (date: string) => bed.api.call('POST', `${SECURE}/ledger/closes`, { token: await tokenOf('financeApprover'), body: { date } });
  const range = `from=${D1}&to=${D2}`;

  it('exports closed days only: a range past the last closed day is 422 (3233) and no file, for either export', async () => {
    for (const list of ['journal', 'journal_daily']) {
      const none = await download(list, `from=${D1}&to=${D1}&unit=MYR`);
      expect(none.status, list).toBe(422);
      expect(await none.json()).toMatchObject({ code: ErrorCode.RangeNotClosed });
    }
    expect((await close(D1)).status).toBe(200);
    for (const list of ['journal', 'journal_daily']) {
      const past = await download(list, `${range}&unit=MYR`);
      expect(past.status, list).toBe(422);
      expect(await past.json()).toMatchObject({ code: ErrorCode.RangeNotClosed, detail: { rule: 'notClosed', lastClosed: D1 } });
    }
    expect((await close(D2)).status).toBe(200);
  });

  it('writes one unit a file: each posting as a debit line and a credit line with GL codes, the customer, the value and entry times; audited', async () => {
    const { rows, disposition } = await file('journal', `${range}&unit=MYR`, JOURNAL_EXPORT_COLUMNS);
    expect(disposition).toBe(`attachment; filename="journal-MYR-${D1}-${D2}.csv"`);
    // the first close covers the seed's history too, but only D1 and D2 are in the range
    expect(new Set(rows.map((row) => row.date))).toEqual(new Set([D1, D2]));
    expect(new Set(rows.map((row) => row.unit))).toEqual(new Set(['MYR']));

    const deposit = rows.filter((row) => row.memo === 'deposit: test deposit');
    expect(deposit.map((row) => [row.glCode, row.debit, row.credit, row.customerId])).toEqual([
      ['1100-MYR', '1000.00', '0.00', String(bed.userId)],
      ['2100-MYR', '0.00', '1000.00', String(bed.userId)],
    ]);
    expect(deposit[0]!.postingId).toBe(deposit[1]!.postingId);
    // written now, dated on D1: the entry time is the journal's recorded_at, after the value time
    const [entry] = await bed.ts.db.query<{ recorded_at: Date }>('SELECT recorded_at FROM ledger_entries WHERE id = $1', [Number(deposit[0]!.entryId)]);
    expect(deposit[0]).toMatchObject({ valueTime: at(D1, 10), entryTime: new Date(entry!.recorded_at).toISOString() });
    expect(Date.parse(deposit[0]!.entryTime!)).toBeGreaterThan(Date.parse(deposit[0]!.valueTime!));
    // unmapped: the accountant's columns carry our code and name
    expect(deposit[0]).toMatchObject({ accountCode: '1100-MYR', accountName: 'Bank', mapped: 'false' });

    const income = rows.filter((row) => row.memo === 'order.income: test order.income');
    expect(income.map((row) => [row.glCode, row.glName])).toEqual([
      ['3100-MYR', 'Trading desk, ringgit'],
      ['4100-MYR', 'Spread earned'],
    ]);
    const fee = rows.filter((row) => row.memo === 'adjustment: test adjustment');
    expect(fee.map((row) => [row.glCode, row.debit, row.customerId])).toEqual([
      ['5100-MYR', '1.50', ''],
      ['1100-MYR', '0.00', ''],
    ]);
    // the purchase's entry moves ringgit and gold: its ringgit posting only
    expect(rows.filter((row) => row.entryId === String(orderEntry)).map((row) => [row.glCode, row.debit, row.credit])).toEqual([
      ['2100-MYR', '400.00', '0.00'],
      ['3100-MYR', '0.00', '400.00'],
    ]);
    for (const [key, s] of netBy(rows, (row) => row.date!)) expect(s.debit.eq(s.credit), key).toBe(true);

    const [audit] = await bed.ts.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'data.export' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ list: 'journal', filter: { from: D1, to: D2, unit: 'MYR' }, rows: rows.length, complete: true });
  });

  it('puts the metal of the same entries in their own files, each balanced', async () => {
    const gold = (await file('journal', `${range}&unit=XAU`, JOURNAL_EXPORT_COLUMNS)).rows;
    expect(gold.map((row) => [row.entryId, row.glCode, row.debit, row.credit, row.unit])).toEqual([
      [String(orderEntry), '3200-XAU', '1.2345', '0.0000', 'XAU'],
      [String(orderEntry), '2200-XAU', '0.0000', '1.2345', 'XAU'],
    ]);
    const platinum = (await file('journal', `${range}&unit=XPT`, JOURNAL_EXPORT_COLUMNS)).rows;
    expect(platinum.map((row) => [row.glCode, row.debit, row.credit])).toEqual([
      ['1231-XPT', '31.1035', '0.0000'],
      ['3301-XPT', '0.0000', '31.1035'],
    ]);
    expect((await file('journal', `${range}&unit=XAG`, JOURNAL_EXPORT_COLUMNS)).rows).toEqual([]);
  });

  it('sums each day per GL account and unit in the daily journal: equal to the detailed journal summed, balanced per day', async () => {
    for (const unit of LEDGER_ASSETS) {
      const detailed = (await file('journal', `${range}&unit=${unit}`, JOURNAL_EXPORT_COLUMNS)).rows;
      const { rows: daily, disposition } = await file('journal_daily', `${range}&unit=${unit}`, DAILY_EXPORT_COLUMNS);
      expect(disposition).toBe(`attachment; filename="journal-daily-${unit}-${D1}-${D2}.csv"`);
      const summed = netBy(detailed, (row) => `${row.date} ${row.glCode}`);
      expect(daily.map((row) => `${row.date} ${row.glCode}`).sort(), unit).toEqual([...summed.keys()].sort());
      for (const row of daily) {
        const s = summed.get(`${row.date} ${row.glCode}`)!;
        expect([row.debit, row.credit], `${unit} ${row.date} ${row.glCode}`).toEqual([s.debit.toFixed(unit === 'MYR' ? 2 : 4), s.credit.toFixed(unit === 'MYR' ? 2 : 4)]);
        expect(row.unit).toBe(unit);
      }
      for (const [key, s] of netBy(daily, (row) => row.date!)) expect(s.debit.eq(s.credit), `${unit} ${key}`).toBe(true);
    }
    const daily = (await file('journal_daily', `${range}&unit=MYR`, DAILY_EXPORT_COLUMNS)).rows;
    expect(daily.filter((row) => row.date === D1).map((row) => [row.glCode, row.debit, row.credit])).toEqual([
      ['1100-MYR', '1000.00', '0.00'],
      ['2100-MYR', '0.00', '1000.00'],
    ]);
    expect(daily.find((row) => row.date === D2 && row.glCode === '3100-MYR')).toMatchObject({ debit: '3.21', credit: '400.00', memo: `Daily summary ${D2} MYR` });
    const [audit] = await bed.ts.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'data.export' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ list: 'journal_daily', filter: { from: D1, to: D2, unit: 'MYR' }, rows: daily.length, complete: true });
  });

  it('refuses a missing or unknown unit, a range that ends before it starts, is longer than a year or is not a date (400, 1001 naming the field), and role none (403)', async () => {
    for (const list of ['journal', 'journal_daily']) {
      for (const [query, field] of [
        [range, 'unit'],
        [`${range}&unit=USD`, 'unit'],
        [`from=${D2}&to=${D1}&unit=MYR`, 'to'],
        [`from=${dayAfter(D1, -366)}&to=${D1}&unit=MYR`, 'to'],
        [`from=0001-01-01&to=9999-12-31&unit=MYR`, 'from'], // outside the product calendar
        [`from=${D1}&to=2031-02-30&unit=MYR`, 'to'],
        [`from=&to=${D1}&unit=MYR`, 'from'],
      ] as const) {
        const r = await download(list, query);
        expect(r.status, `${list} ${query}`).toBe(400);
        expect(await r.json(), `${list} ${query}`).toMatchObject({ code: ErrorCode.InvalidFormat, context: field });
      }
      expect((await download(list, `from=${D1}&to=${D1}&unit=MYR`, 'none')).status).toBe(403);
    }
  });
});
