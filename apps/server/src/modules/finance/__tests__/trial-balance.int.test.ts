import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bookKindOf } from '@aurum/domain/finance/chart-of-accounts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { BalancesAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { journalTestServer } from '../../../testing/journal-posting.ts';
import { kysely } from '../../../db/query-builder.ts';
import { bookOf } from '../../ledger/ledger-sums-repository.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/** A business day after everything the demo seed posts (the seed's entries are dated now), so its postings are the opening. */
const DAY = '2031-05-05';

describe(`trial balance and balances as of a moment, through the chart of accounts, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf, post } = bed;


  const trial = async (date: string) => bed.api.call<TrialBalanceAnswer>('GET', `${SECURE}/ledger/trial-balance?date=${date}`, { token: await tokenOf('financeApprover') });
  const row = (t: TrialBalanceAnswer, unit: string, code: string) => t.units.find((u) => u.unit === unit)!.rows.find((r) => r.account.code === code)!;

  it("shows a day's deposits and purchases as debits and credits, opening on the day before's closing, every unit balanced", async () => {
    const before = await trial(DAY);
    expect(before.status, before.text).toBe(200);
    // a minute before the day (Kuala Lumpur), at its first moment, at noon, and at the next day's first moment
    await post('2031-05-04T23:59:00+08:00', 'house:bank', `user:${bed.userId}:fund`, 'MYR', '100.00');
    await post('2031-05-05T00:00:00+08:00', 'house:bank', `user:${bed.userId}:fund`, 'MYR', '250.50');
    await post('2031-05-05T12:00:00+08:00', `user:${bed.userId}:fund`, 'house:tradingMyr', 'MYR', '40.25');
    await post('2031-05-05T12:00:00+08:00', 'house:tradingXau', `user:${bed.userId}:gold`, 'XAU', '0.1234');
    await post('2031-05-06T00:00:00+08:00', 'house:bank', `user:${bed.userId}:fund`, 'MYR', '999.00');

    const after = await trial(DAY);
    expect(after.status, after.text).toBe(200);
    const t = after.body;
    expect(t.from).toBe('2031-05-04T16:00:00.000Z');
    expect(t.to).toBe('2031-05-05T16:00:00.000Z');
    for (const u of t.units) expect(u.balanced, u.unit).toBe(true);

    const bank = row(t, 'MYR', '1100-MYR');
    const bankBefore = row(before.body, 'MYR', '1100-MYR');
    // the deposit of the evening before moved the opening; the day's deposit is the day's debit; the next day's is out
    expect(Number(bank.opening.debit) - Number(bankBefore.opening.debit)).toBeCloseTo(100, 2);
    expect(bank.movements).toEqual({ debit: '250.50', credit: '0.00' });
    expect(Number(bank.closing.debit) - Number(bank.opening.debit)).toBeCloseTo(250.5, 2);

    const funds = row(t, 'MYR', '2100-MYR');
    expect(funds.account.type).toBe('liability');
    expect(funds.movements).toEqual({ debit: '40.25', credit: '250.50' });
    expect(row(t, 'MYR', '3100-MYR').movements).toEqual({ debit: '0.00', credit: '40.25' });
    expect(row(t, 'XAU', '2200-XAU').movements).toEqual({ debit: '0.0000', credit: '0.1234' });
    expect(row(t, 'XAU', '3200-XAU').movements).toEqual({ debit: '0.1234', credit: '0.0000' });
    const myr = t.units.find((u) => u.unit === 'MYR')!;
    expect(myr.totals.movements).toEqual({ debit: '290.75', credit: '290.75' });
    expect(row(t, 'MYR', '2100-MYR').account.name['zh-Hant']).toBe('客戶資金');
  });

  it('answers balances at any moment: a posting counts from its moment on', async () => {
    const at = async (moment: string) => {
      const r = await bed.api.call<BalancesAnswer>('GET', `${SECURE}/ledger/balances?at=${encodeURIComponent(moment)}`, { token: await tokenOf('none') });
      expect(r.status, r.text).toBe(200);
      return r.body;
    };
    const bankAt = (b: BalancesAnswer) => Number(b.units.find((u) => u.unit === 'MYR')!.rows.find((r) => r.account.code === '1100-MYR')!.balance.debit);
    const noon = await at('2031-05-05T12:00:00+08:00');
    const justAfter = await at('2031-05-06T00:00:00.001+08:00');
    expect(justAfter.at).toBe('2031-05-05T16:00:00.001Z');
    expect(bankAt(justAfter) - bankAt(noon)).toBeCloseTo(999, 2);
    for (const u of justAfter.units) expect(u.balanced, u.unit).toBe(true);
    // the closing of the day is the balance at the next day's first moment
    const day = (await trial(DAY)).body;
    expect(bankAt(await at('2031-05-06T00:00:00+08:00'))).toBeCloseTo(Number(row(day, 'MYR', '1100-MYR').closing.debit), 2);
  });

  it('refuses a date that is not a calendar day and a moment without its offset, with the format code', async () => {
    for (const date of ['2031-02-30', '2031-5-5', 'yesterday', '']) {
      const r = await trial(date);
      expect(r.status, date).toBe(400);
      expect(r.body.code, date).toBe(ErrorCode.InvalidFormat);
    }
    for (const moment of ['2031-05-05T12:00:00', 'noon', '']) {
      const r = await bed.api.call('GET', `${SECURE}/ledger/balances?at=${encodeURIComponent(moment)}`, { token: await tokenOf('none') });
      expect(r.status, moment).toBe(400);
      expect(r.body.code, moment).toBe(ErrorCode.InvalidFormat);
    }
    const anonymous = await bed.api.call('GET', `${SECURE}/ledger/trial-balance?date=${DAY}`);
    expect(anonymous.status).toBe(401);
  });

  it("works out in SQL the same kind of book as the chart of accounts, for every shape of account", async () => {
    const accounts = ['user:12:fund', 'user:7:goldHeld', 'user:123456:credit', 'metal:XAU:vault:KL-1', 'metal:XAG:vault:A', 'metal:XPT:provider:Brink s & Co. 2', 'metal:XAU:transit', 'metal:XAG:outside', 'metal:XAU:borrowed', 'house:bank', 'house:tradingXau', 'house:spread'];
    const rows = await kysely(bed.ts.db)
      .selectFrom(sql<{ a: string }>`(${sql.join(accounts.map((a) => sql`SELECT ${a}::text AS a`), sql` UNION ALL `)})`.as('t'))
      .select(['t.a', bookOf('t.a').as('kind')])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.a, r.kind]))).toEqual(Object.fromEntries(accounts.map((a) => [a, bookKindOf(a)])));
  });
});
