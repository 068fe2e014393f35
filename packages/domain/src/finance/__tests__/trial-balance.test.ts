import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, SCALE } from '../../money/decimal.ts';
import { HOUSE_BOOKS, LEDGER_METALS, USER_BOOKS, assetOf, balancesFromJournal, houseAccount, metalAccount, userAccount, type AccountId, type Posting } from '../../wallet/ledger.ts';
import { CHART_OF_ACCOUNTS, glAccountOf } from '../chart-of-accounts.ts';
import { trialBalance, type GlFigures } from '../trial-balance.ts';

describe('chart of accounts', () => {
  it('gives every book of the journal one GL account of its unit, codes unique', () => {
    const journal: AccountId[] = [
      ...(Object.keys(USER_BOOKS) as Array<keyof typeof USER_BOOKS>).map((b) => userAccount(42, b)),
      ...(Object.keys(HOUSE_BOOKS) as Array<keyof typeof HOUSE_BOOKS>).map((b) => houseAccount(b)),
      ...LEDGER_METALS.flatMap((m) => (['outside', 'transit', 'borrowed', 'vault:KUL-01', 'provider:Acme Bullion'] as const).map((p) => metalAccount(m, p))),
    ];
    for (const account of journal) {
      const gl = glAccountOf(account);
      expect(gl, account).not.toBeNull();
      expect(gl!.unit, account).toBe(assetOf(account));
      expect(gl!.name.en.length && gl!.name['zh-Hant'].length, account).toBeGreaterThan(0);
    }
    expect(new Set(CHART_OF_ACCOUNTS.map((a) => a.code)).size).toBe(CHART_OF_ACCOUNTS.length);
    // every GL account gathers some journal account
    expect(new Set(journal.map((a) => glAccountOf(a)!.code))).toEqual(new Set(CHART_OF_ACCOUNTS.map((a) => a.code)));
  });

  it('names customer books liabilities and the bank and the vaults assets; a malformed account has none', () => {
    expect(glAccountOf(userAccount(7, 'fund'))!.type).toBe('liability');
    expect(glAccountOf(userAccount(7, 'gold'))!.type).toBe('liability');
    expect(glAccountOf(houseAccount('bank'))!.type).toBe('asset');
    expect(glAccountOf(metalAccount('XAU', 'vault:KUL-01'))!.type).toBe('asset');
    expect(glAccountOf('user:7:savings')).toBeNull();
  });

  it('books what the desk earns in income accounts: spread, fees, interest in ringgit and in gold, revaluation', () => {
    const income = (book: keyof typeof HOUSE_BOOKS) => {
      const gl = glAccountOf(houseAccount(book))!;
      return [gl.code, gl.type];
    };
    expect(income('spread')).toEqual(['4100-MYR', 'income']);
    expect(income('fees')).toEqual(['4200-MYR', 'income']);
    expect(income('interestMyr')).toEqual(['4300-MYR', 'income']);
    expect(income('interestXau')).toEqual(['4310-XAU', 'income']);
    expect(income('revaluation')).toEqual(['4900-MYR', 'income']);
    expect(glAccountOf('house:income')).toBeNull();
  });
});

const accounts: AccountId[] = [userAccount(1, 'fund'), userAccount(2, 'fundHeld'), userAccount(1, 'credit'), houseAccount('bank'), houseAccount('creditLine'), houseAccount('tradingMyr'), userAccount(1, 'gold'), houseAccount('tradingXau'), metalAccount('XAU', 'vault:KUL-01'), metalAccount('XAG', 'outside'), metalAccount('XAG', 'transit')];

const postingArb = fc
  .tuple(fc.constantFrom(...accounts), fc.constantFrom(...accounts), fc.integer({ min: 1, max: 10_000_000 }))
  .filter(([from, to]) => from !== to && assetOf(from) === assetOf(to))
  .map(([from, to, units]): Posting => {
    const asset = assetOf(from);
    return { from, to, asset, amount: new Decimal(units).div(10 ** SCALE[asset]).toFixed(SCALE[asset]) };
  });

/** The GL figures of a period, summed the way the server sums them: credits minus debits before it, debits and credits within it. */
function figuresOf(before: readonly Posting[], within: readonly Posting[]): GlFigures[] {
  const out = new Map<string, { opening: Decimal; debits: Decimal; credits: Decimal }>();
  const at = (account: AccountId) => {
    const code = glAccountOf(account)!.code;
    if (!out.has(code)) out.set(code, { opening: new Decimal(0), debits: new Decimal(0), credits: new Decimal(0) });
    return out.get(code)!;
  };
  for (const p of before) {
    at(p.from).opening = at(p.from).opening.minus(p.amount);
    at(p.to).opening = at(p.to).opening.plus(p.amount);
  }
  for (const p of within) {
    at(p.from).debits = at(p.from).debits.plus(p.amount);
    at(p.to).credits = at(p.to).credits.plus(p.amount);
  }
  return [...out].map(([code, f]) => ({ code, opening: f.opening.toFixed(), debits: f.debits.toFixed(), credits: f.credits.toFixed() }));
}

describe('trial balance', () => {
  it('balances every unit in every column for any journal, and closes on the journal balances', () => {
    fc.assert(
      fc.property(fc.array(postingArb, { maxLength: 30 }), fc.array(postingArb, { maxLength: 30 }), (before, within) => {
        const units = trialBalance(figuresOf(before, within));
        for (const u of units) expect(u.balanced, u.unit).toBe(true);
        // each GL account's closing is the sum of its journal accounts' balances after both periods
        const balances = balancesFromJournal([...before, ...within]);
        const expected = new Map<string, Decimal>();
        for (const [account, value] of balances) {
          const code = glAccountOf(account)!.code;
          expected.set(code, (expected.get(code) ?? new Decimal(0)).plus(value));
        }
        for (const u of units) {
          for (const r of u.rows) {
            const closing = new Decimal(r.closing.credit).minus(r.closing.debit);
            expect(closing.eq(expected.get(r.account.code) ?? 0), r.account.code).toBe(true);
          }
        }
      }),
    );
  });

  it('shows a deposit as a debit to the bank and a credit to customer funds, at the unit scale', () => {
    const [myr] = trialBalance(figuresOf([], [{ from: houseAccount('bank'), to: userAccount(3, 'fund'), asset: 'MYR', amount: '250.5' }]));
    const row = (code: string) => myr!.rows.find((r) => r.account.code === code)!;
    expect(row('1100-MYR').closing).toEqual({ debit: '250.50', credit: '0.00' });
    expect(row('2100-MYR').closing).toEqual({ debit: '0.00', credit: '250.50' });
    expect(myr!.totals.movements).toEqual({ debit: '250.50', credit: '250.50' });
  });

  it('refuses figures for a code outside the chart', () => {
    expect(() => trialBalance([{ code: '9999-MYR', opening: '0', debits: '1', credits: '0' }])).toThrow(/9999-MYR/);
  });
});
