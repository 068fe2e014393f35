import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../money/decimal.ts';
import { USER_BOOKS, type UserBook } from '../../wallet/ledger.ts';
import { STATEMENT_FIGURES, statementRun, type StatementEntry } from '../statement.ts';
import { StatementPdfQuery, StatementQuery, monthRange, statementRange } from '../statement-schemas.ts';
import { STATEMENT_LABELS, kindLabel } from '../statement-labels.ts';

const entry = (entryId: number, kind: string, books: StatementEntry['books'], refs: Partial<StatementEntry> = {}): StatementEntry => ({
  entryId,
  kind,
  at: `2031-05-0${entryId}T02:00:00.000Z`,
  note: null,
  orderId: null,
  requestId: null,
  books,
  ...refs,
});

describe('statementRun', () => {
  it("reads a buy's life as the customer owns it: the fill holds, the settle pays, the completion brings the gold", () => {
    const run = statementRun({ fund: '1000.00', gold: '1.0000', credit: '500.00' }, [
      entry(1, 'request.deposit', { fund: '250.50' }, { requestId: 9 }),
      entry(2, 'order.fill', { fund: '-400.00', fundHeld: '400.00', credit: '-100.00' }, { orderId: 4 }),
      entry(3, 'order.settle', { fundHeld: '-400.00' }, { orderId: 4 }),
      entry(4, 'order.complete', { gold: '1.2345' }, { orderId: 4 }),
      entry(5, 'order.payment', { fund: '-100.00', credit: '100.00' }, { orderId: 4 }),
      entry(6, 'request.hold', { fund: '-50.00', fundHeld: '50.00' }, { requestId: 10 }),
    ]);
    expect(run.opening).toEqual({ myr: '1000.00', grams: '1.0000', heldMyr: '0.00', heldGrams: '0.0000', credit: '500.00' });
    expect(run.lines.map((l) => l.balance.myr)).toEqual(['1250.50', '1250.50', '850.50', '850.50', '750.50', '750.50']);
    expect(run.lines.map((l) => l.balance.heldMyr)).toEqual(['0.00', '400.00', '0.00', '0.00', '0.00', '50.00']);
    expect(run.lines[1]!.movement).toEqual({ myr: '0.00', grams: '0.0000', heldMyr: '400.00', heldGrams: '0.0000', credit: '-100.00' });
    expect(run.lines[3]!.balance.grams).toBe('2.2345');
    expect(run.lines[0]!.requestId).toBe(9);
    expect(run.closing).toEqual({ myr: '750.50', grams: '2.2345', heldMyr: '50.00', heldGrams: '0.0000', credit: '500.00' });
    expect(run.movements.myr).toBe('-249.50');
  });

  it('answers the opening as the closing when nothing moved', () => {
    const run = statementRun({ goldHeld: '0.5000' }, []);
    expect(run.lines).toEqual([]);
    expect(run.closing).toEqual(run.opening);
    expect(run.opening.grams).toBe('0.5000');
    expect(run.opening.heldGrams).toBe('0.5000');
  });

  it('keeps closing = opening + movements and each balance = the previous + its movement, exactly', () => {
    const books = Object.keys(USER_BOOKS) as UserBook[];
    const amount = (book: UserBook) =>
      fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }).map((n) => new Decimal(n.toString()).div(USER_BOOKS[book] === 'MYR' ? 100 : 10_000).toFixed(USER_BOOKS[book] === 'MYR' ? 2 : 4));
    const bookAmounts = fc.record(Object.fromEntries(books.map((b) => [b, amount(b)])) as Record<UserBook, fc.Arbitrary<string>>, { requiredKeys: [] });
    fc.assert(
      fc.property(bookAmounts, fc.array(bookAmounts, { maxLength: 30 }), (opening, moves) => {
        const run = statementRun(opening, moves.map((books, i) => entry(i + 1, 'order.fill', books)));
        for (const f of STATEMENT_FIGURES) {
          expect(new Decimal(run.closing[f]).eq(new Decimal(run.opening[f]).plus(run.movements[f])), f).toBe(true);
          let previous = run.opening[f];
          for (const line of run.lines) {
            expect(new Decimal(line.balance[f]).eq(new Decimal(previous).plus(line.movement[f])), f).toBe(true);
            previous = line.balance[f];
          }
          expect(previous).toBe(run.closing[f]);
        }
      }),
    );
  });
});

describe('statement query', () => {
  const issues = (input: Record<string, string>) => {
    const r = StatementQuery.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes a month or a range of calendar days in order, at most a year', () => {
    expect(statementRange(StatementQuery.parse({ month: '2032-02' }))).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(monthRange('2031-12')).toEqual({ from: '2031-12-01', to: '2031-12-31' });
    expect(statementRange(StatementQuery.parse({ from: '2031-05-05', to: '2031-05-05' }))).toEqual({ from: '2031-05-05', to: '2031-05-05' });
    expect(issues({ from: '2031-01-01', to: '2031-12-31' })).toEqual([]);
    expect(issues({ from: '2031-05-06', to: '2031-05-05' })).toEqual(['to:greaterThanOrEqual']);
    expect(issues({ from: '2031-01-01', to: '2032-01-02' })).toEqual(['to:lessThanOrEqual']);
    expect(issues({ from: '2031-02-30', to: '2031-03-01' })).toEqual(['from:invalidDate']);
    expect(issues({ month: '2031-13' })).toEqual(['month:invalidDate']);
    expect(issues({})).toEqual(['from:required', 'to:required']);
    expect(issues({ month: '2031-05', from: '2031-05-01' })).toEqual(['month:invalidDate']);
  });

  it("prints in the customer's language unless one is asked, and every kind the journal posts for a user has both languages' words", () => {
    // unset: the server takes the customer's preferred language
    expect(StatementPdfQuery.parse({ month: '2031-05' }).lang).toBeUndefined();
    expect(Object.keys(STATEMENT_LABELS['zh-Hant']).sort()).toEqual(Object.keys(STATEMENT_LABELS.en).sort());
    expect(StatementPdfQuery.parse({ month: '2031-05', lang: 'zh-Hant' }).lang).toBe('zh-Hant');
    expect(StatementPdfQuery.safeParse({ month: '2031-05', lang: 'fr' }).success).toBe(false);
    expect(Object.keys(STATEMENT_LABELS['zh-Hant'].kinds).sort()).toEqual(Object.keys(STATEMENT_LABELS.en.kinds).sort());
    expect(kindLabel('zh-Hant', 'request.deposit')).toBe('存款');
    expect(kindLabel('en', 'vault.receive')).toBe('vault.receive');
  });
});
