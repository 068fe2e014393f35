import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../money/decimal.ts';
import { DAILY_EXPORT_COLUMNS, JOURNAL_EXPORT_COLUMNS, JournalExportQuery, JournalFileQuery, dailyLines, datesOf, journalLines, type JournalPosting } from '../journal-export.ts';
import { glFiguresOf } from '../trial-balance.ts';

const posting = (p: Partial<JournalPosting>): JournalPosting => ({
  entryId: 7,
  postingId: 70,
  at: new Date('2031-05-05T04:00:00Z'),
  recordedAt: new Date('2031-05-07T01:30:00Z'),
  userId: 3,
  kind: 'deposit',
  note: null,
  from: 'house:bank',
  to: 'user:3:fund',
  asset: 'MYR',
  amount: '250.5',
  orderId: null,
  requestId: 12,
  ...p,
});

describe('the accounting export', () => {
  it('writes a posting as the debit of its from account and the credit of its to account, at the unit scale', () => {
    const [debit, credit] = journalLines(posting({}));
    expect(debit).toMatchObject({ date: '2031-05-05', glCode: '1100-MYR', glName: 'Bank', debit: '250.50', credit: '0.00', unit: 'MYR', memo: 'deposit', requestId: 12 });
    // unmapped: the accountant's columns carry our code and name
    expect(debit).toMatchObject({ accountCode: '1100-MYR', accountName: 'Bank', mapped: false });
    expect(credit).toMatchObject({ glCode: '2100-MYR', debit: '0.00', credit: '250.50', postingId: 70, entryId: 7 });
    expect(Object.keys(debit)).toEqual(JOURNAL_EXPORT_COLUMNS);
  });

  it('carries the customer (the entry\'s user) and the entry time beside the value time', () => {
    const [debit, credit] = journalLines(posting({}));
    for (const line of [debit, credit]) expect(line).toMatchObject({ customerId: 3, valueTime: '2031-05-05T04:00:00.000Z', entryTime: '2031-05-07T01:30:00.000Z' });
    const [house] = journalLines(posting({ userId: null, kind: 'order.income', from: 'house:tradingMyr', to: 'house:spread' }));
    expect(house.customerId).toBeNull();
  });

  it('writes the accountant\'s code and name where the mapping has the GL code, ours elsewhere', () => {
    const mapping = new Map([['1100-MYR', { accountCode: '1010', accountName: 'Maybank current account' }]]);
    const [debit, credit] = journalLines(posting({}), mapping);
    expect(debit).toMatchObject({ accountCode: '1010', accountName: 'Maybank current account', mapped: true, glCode: '1100-MYR', glName: 'Bank' });
    expect(credit).toMatchObject({ accountCode: '2100-MYR', accountName: 'Customer funds', mapped: false, glCode: '2100-MYR' });
  });

  it('dates a line by its business day in Kuala Lumpur and names the entry in the memo', () => {
    const [line] = journalLines(posting({ at: new Date('2031-05-05T16:00:00Z'), kind: 'order.income', note: 'Order 9', asset: 'XAU', from: 'house:tradingXau', to: 'user:3:gold', amount: '1.2' }));
    expect(line).toMatchObject({ date: '2031-05-06', memo: 'order.income: Order 9', debit: '1.2000', unit: 'XAU', glCode: '3200-XAU' });
  });

  it('writes bars received into a vault as a debit of the bars held and a credit of the metal received from the outside', () => {
    const [debit, credit] = journalLines(posting({ kind: 'vault.receive', asset: 'XAU', from: 'metal:XAU:outside', to: 'metal:XAU:vault:KUL-01', amount: '74639.9342', requestId: null }));
    expect(debit).toMatchObject({ glCode: '1210-XAU', debit: '74639.9342', credit: '0.0000' });
    expect(credit).toMatchObject({ glCode: '3300-XAU', debit: '0.0000', credit: '74639.9342' });
  });

  it('balances: any set of postings gives equal debits and credits per unit', () => {
    const accounts = ['house:bank', 'house:tradingMyr', 'user:1:fund', 'house:spread', 'house:fees'];
    fc.assert(
      fc.property(fc.array(fc.record({ from: fc.constantFrom(...accounts), to: fc.constantFrom(...accounts), cents: fc.integer({ min: 1, max: 10_000_000 }) }), { maxLength: 30 }), (list) => {
        const lines = list.filter((p) => p.from !== p.to).flatMap((p, i) => journalLines(posting({ postingId: i, from: p.from, to: p.to, amount: new Decimal(p.cents).div(100).toFixed(2) })));
        const sum = (k: 'debit' | 'credit') => lines.reduce((s, l) => s.plus(l[k]), new Decimal(0));
        expect(sum('debit').eq(sum('credit'))).toBe(true);
      }),
    );
  });

  it('refuses a range that ends before it starts', () => {
    expect(JournalExportQuery.safeParse({ from: '2031-05-05', to: '2031-05-04' }).success).toBe(false);
    expect(JournalExportQuery.safeParse({ from: '2031-05-05', to: '2031-05-05' }).success).toBe(true);
  });

  it('exports one unit a file, over at most a year: each refusal names its field', () => {
    const path = (q: Record<string, string>) => {
      const r = JournalFileQuery.safeParse(q);
      return r.success ? null : r.error.issues[0]!.path.join('.');
    };
    expect(path({ from: '2031-05-05', to: '2031-05-05', unit: 'XAU' })).toBeNull();
    expect(path({ from: '2031-05-05', to: '2031-05-05' })).toBe('unit');
    expect(path({ from: '2031-05-05', to: '2031-05-05', unit: 'USD' })).toBe('unit');
    expect(path({ from: '2031-05-05', to: '2031-05-04', unit: 'MYR' })).toBe('to');
    // 2032 is a leap year: 366 dates is the most
    expect(path({ from: '2032-01-01', to: '2032-12-31', unit: 'MYR' })).toBeNull();
    expect(path({ from: '2032-01-01', to: '2033-01-01', unit: 'MYR' })).toBe('to');
    // outside the product calendar: its first end is refused
    expect(path({ from: '0001-01-01', to: '9999-12-31', unit: 'MYR' })).toBe('from');
  });

  it('counts the dates of a range over month and year ends, never past its last', () => {
    expect(datesOf({ from: '2031-12-30', to: '2032-01-02' })).toEqual(['2031-12-30', '2031-12-31', '2032-01-01', '2032-01-02']);
    expect(datesOf({ from: '2032-02-28', to: '2032-03-01' })).toEqual(['2032-02-28', '2032-02-29', '2032-03-01']);
    expect(datesOf({ from: '9999-12-31', to: '9999-12-31' })).toEqual(['9999-12-31']);
    expect(datesOf({ from: '2031-05-05', to: '2031-05-04' })).toEqual([]);
  });
});

describe('the daily summarised journal', () => {
  const postings: JournalPosting[] = [
    posting({ postingId: 1, from: 'house:bank', to: 'user:3:fund', amount: '1000.00' }),
    posting({ postingId: 2, from: 'house:bank', to: 'user:4:fund', amount: '0.05' }),
    posting({ postingId: 3, from: 'user:3:fund', to: 'house:tradingMyr', amount: '400.00' }),
    posting({ postingId: 4, from: 'user:3:fund', to: 'user:4:fund', amount: '25.10' }),
    posting({ postingId: 5, asset: 'XAU', from: 'house:tradingXau', to: 'user:3:gold', amount: '1.2345' }),
  ];
  const sums = postings.map((p) => ({ from: p.from, to: p.to, earlier: '0', within: p.amount }));

  it('sums a day per GL account of the unit, in code order, with the accountant\'s codes', () => {
    const mapping = new Map([['2100-MYR', { accountCode: 'L-200', accountName: 'Client monies' }]]);
    const lines = dailyLines('2031-05-05', 'MYR', glFiguresOf(sums), mapping);
    expect(lines.map((l) => [l.accountCode, l.glCode, l.debit, l.credit, l.mapped])).toEqual([
      ['1100-MYR', '1100-MYR', '1000.05', '0.00', false],
      // a transfer between two customers is a debit and a credit of the same GL account
      ['L-200', '2100-MYR', '425.10', '1025.15', true],
      ['3100-MYR', '3100-MYR', '0.00', '400.00', false],
    ]);
    expect(Object.keys(lines[0]!)).toEqual(DAILY_EXPORT_COLUMNS);
    expect(lines[0]).toMatchObject({ date: '2031-05-05', unit: 'MYR', memo: 'Daily summary 2031-05-05 MYR' });
    expect(dailyLines('2031-05-05', 'XAU', glFiguresOf(sums)).map((l) => [l.glCode, l.debit, l.credit])).toEqual([
      ['2200-XAU', '0.0000', '1.2345'],
      ['3200-XAU', '1.2345', '0.0000'],
    ]);
    expect(dailyLines('2031-05-05', 'XAG', glFiguresOf(sums))).toEqual([]);
  });

  it('equals the detailed journal summed per account, and balances, for any day of postings', () => {
    const accounts = ['house:bank', 'house:tradingMyr', 'user:1:fund', 'user:2:fund', 'user:1:fundHeld', 'house:spread', 'house:fees', 'house:bankCharges'];
    fc.assert(
      fc.property(fc.array(fc.record({ from: fc.constantFrom(...accounts), to: fc.constantFrom(...accounts), cents: fc.integer({ min: 1, max: 10_000_000 }) }), { maxLength: 40 }), (list) => {
        const day = list.filter((p) => p.from !== p.to).map((p, i) => posting({ postingId: i, from: p.from, to: p.to, amount: new Decimal(p.cents).div(100).toFixed(2) }));
        const detailed = new Map<string, { debit: Decimal; credit: Decimal }>();
        for (const line of day.flatMap((p) => journalLines(p))) {
          const s = detailed.get(line.glCode) ?? { debit: new Decimal(0), credit: new Decimal(0) };
          detailed.set(line.glCode, { debit: s.debit.plus(line.debit), credit: s.credit.plus(line.credit) });
        }
        const summary = dailyLines('2031-05-05', 'MYR', glFiguresOf(day.map((p) => ({ from: p.from, to: p.to, earlier: '0', within: p.amount }))));
        expect(summary.map((l) => l.glCode).sort()).toEqual([...detailed.keys()].sort());
        for (const l of summary) expect([l.debit, l.credit]).toEqual([detailed.get(l.glCode)!.debit.toFixed(2), detailed.get(l.glCode)!.credit.toFixed(2)]);
        const total = (k: 'debit' | 'credit') => summary.reduce((s, l) => s.plus(l[k]), new Decimal(0));
        expect(total('debit').eq(total('credit'))).toBe(true);
      }),
    );
  });
});
