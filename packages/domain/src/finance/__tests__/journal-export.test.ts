import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../money/decimal.ts';
import { JOURNAL_EXPORT_COLUMNS, JournalExportQuery, journalLines, type JournalPosting } from '../journal-export.ts';

const posting = (p: Partial<JournalPosting>): JournalPosting => ({
  entryId: 7,
  postingId: 70,
  at: new Date('2031-05-05T04:00:00Z'),
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
    expect(credit).toMatchObject({ glCode: '2100-MYR', debit: '0.00', credit: '250.50', postingId: 70, entryId: 7 });
    expect(Object.keys(debit)).toEqual(JOURNAL_EXPORT_COLUMNS);
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
});
