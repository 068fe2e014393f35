import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { JOURNAL_EXPORT_COLUMNS } from '@aurum/domain/finance/journal-export';
import { Decimal } from '@aurum/domain/money/decimal';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { journalTestServer, postDated } from '../../../testing/journal-posting.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/** Two ended days (by the database's clock, which dates the demo seed's entries) the test posts into, then closes. */
const today = businessDate(new Date());
const D1 = dayAfter(today, -3);
const D2 = dayAfter(today, -2);
/** One CSV line's cells (RFC 4180: a quoted cell may hold commas and doubled quotes). */
const cells = (line: string) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
const at = (date: string, hour: number) => new Date(startOfBusinessDay(date).getTime() + hour * 3_600_000).toISOString();

describe(`the accounting export of closed days, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf } = bed;

  beforeAll(async () => {
    // a deposit on D1, a purchase's money and metal on D2, an income posting on D2
    const entries: Array<[string, string, string, string, string, string]> = [
      [at(D1, 10), 'deposit', 'house:bank', `user:${bed.userId}:fund`, 'MYR', '1000.00'],
      [at(D2, 11), 'order.settle', `user:${bed.userId}:fund`, 'house:tradingMyr', 'MYR', '400.00'],
      [at(D2, 11), 'order.complete', 'house:tradingXau', `user:${bed.userId}:gold`, 'XAU', '1.2345'],
      [at(D2, 12), 'order.income', 'house:tradingMyr', 'house:spread', 'MYR', '3.21'],
    ];
    for (const [when, kind, from, to, asset, amount] of entries) await postDated(bed.ts.db, bed.userId, { at: when, from, to, asset, amount, kind, note: `test ${kind}` });
  });

  const download = async (query: string, role = 'financeMaker') => fetch(`${bed.ts.url}${SECURE}/export/journal?${query}`, { headers: { authorization: `Bearer ${await tokenOf(role)}` } });
  const close = async (date: string) => bed.api.call('POST', `${SECURE}/ledger/closes`, { token: await tokenOf('financeApprover'), body: { date } });

  it('exports closed days only: a range past the last closed day is 422 (3233) and no file', async () => {
    const none = await download(`from=${D1}&to=${D1}`);
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ code: ErrorCode.RangeNotClosed });
    expect((await close(D1)).status).toBe(200);
    const past = await download(`from=${D1}&to=${D2}`);
    expect(past.status).toBe(422);
    expect(await past.json()).toMatchObject({ code: ErrorCode.RangeNotClosed, detail: { rule: 'notClosed', lastClosed: D1 } });
    expect((await close(D2)).status).toBe(200);
  });

  it('writes each posting as a debit line and a credit line with GL codes; every day balances per unit; audited', async () => {
    const r = await download(`from=${D1}&to=${D2}`);
    expect(r.status).toBe(200);
    const text = Buffer.from(await r.arrayBuffer()).toString('utf8');
    expect(text.startsWith(`\uFEFF${JOURNAL_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const [header, ...rows] = text.slice(1).trimEnd().split('\r\n').map(cells);
    const col = (name: string) => header!.indexOf(name);
    // the first close covers the seed's history too, but only D1 and D2 are in the range
    expect(new Set(rows.map((row) => row[col('date')]))).toEqual(new Set([D1, D2]));

    const deposit = rows.filter((row) => row[col('memo')] === 'deposit: test deposit');
    expect(deposit.map((row) => [row[col('glCode')], row[col('debit')], row[col('credit')], row[col('unit')]])).toEqual([
      ['1100-MYR', '1000.00', '0.00', 'MYR'],
      ['2100-MYR', '0.00', '1000.00', 'MYR'],
    ]);
    expect(deposit[0]![col('postingId')]).toBe(deposit[1]![col('postingId')]);
    const income = rows.filter((row) => row[col('memo')] === 'order.income: test order.income');
    expect(income.map((row) => [row[col('glCode')], row[col('glName')]])).toEqual([
      ['3100-MYR', 'Trading desk, ringgit'],
      ['4100-MYR', 'Spread earned'],
    ]);
    const gold = rows.filter((row) => row[col('unit')] === 'XAU');
    expect(gold.map((row) => [row[col('glCode')], row[col('debit')], row[col('credit')]])).toEqual([
      ['3200-XAU', '1.2345', '0.0000'],
      ['2200-XAU', '0.0000', '1.2345'],
    ]);

    const sums = new Map<string, Decimal>();
    for (const row of rows) {
      const key = `${row[col('date')]} ${row[col('unit')]}`;
      sums.set(key, (sums.get(key) ?? new Decimal(0)).plus(row[col('debit')]!).minus(row[col('credit')]!));
    }
    for (const [key, net] of sums) expect(net.isZero(), key).toBe(true);

    const [audit] = await bed.ts.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'data.export' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ list: 'journal', filter: { from: D1, to: D2 }, rows: rows.length, complete: true });
  });

  it('refuses a range that ends before it starts or is not a date (400, 1001), and role none (403)', async () => {
    for (const query of [`from=${D2}&to=${D1}`, `from=${D1}&to=2031-02-30`, `from=&to=${D1}`]) {
      const r = await download(query);
      expect(r.status, query).toBe(400);
      expect(((await r.json()) as { code: number }).code, query).toBe(ErrorCode.InvalidFormat);
    }
    expect((await download(`from=${D1}&to=${D1}`, 'none')).status).toBe(403);
  });
});
