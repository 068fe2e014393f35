import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../money/decimal.ts';
import {
  applyEntry,
  balancesFromJournal,
  houseAccount,
  postingProblem,
  userAccount,
  walletOf,
  type AccountId,
  type Posting,
} from '../ledger.ts';

const deposit = (userId: number, amount: string): Posting => ({
  from: houseAccount('bank'),
  to: userAccount(userId, 'fund'),
  asset: 'MYR',
  amount,
});

describe('ledger postings', () => {
  it('checks accounts, assets, sign and scale', () => {
    expect(postingProblem(deposit(1, '10.00'))).toBeNull();
    expect(postingProblem(deposit(1, '10.001'))).toBe('scale');
    expect(postingProblem(deposit(1, '0'))).toBe('notPositive');
    expect(postingProblem(deposit(1, '-5'))).toBe('notPositive');
    expect(postingProblem(deposit(1, '1e3'))).toBe('notPositive');
    expect(postingProblem({ ...deposit(1, '1'), asset: 'XAU' })).toBe('assetMismatch');
    expect(postingProblem({ ...deposit(1, '1'), to: houseAccount('bank') })).toBe('sameAccount');
    expect(postingProblem({ ...deposit(1, '1'), to: 'user:x:fund' as AccountId })).toBe('unknownAccount');
    expect(postingProblem({ from: houseAccount('vault'), to: userAccount(2, 'gold'), asset: 'XAU', amount: '1.2345' })).toBeNull();
  });

  it('refuses an entry that would take a user below zero, all or nothing', () => {
    const start = applyEntry(new Map(), [deposit(1, '100.00')]);
    if (!start.ok) throw new Error('deposit refused');
    const hold = (amount: string): Posting => ({ from: userAccount(1, 'fund'), to: userAccount(1, 'fundHeld'), asset: 'MYR', amount });
    const refused = applyEntry(start.balances, [hold('60.00'), hold('60.00')]);
    expect(refused).toEqual({ ok: false, reason: 'insufficient', account: 'user:1:fund', shortBy: '20' });
    const ok = applyEntry(start.balances, [hold('60.00')]);
    expect(ok.ok && walletOf(ok.balances, 1)).toEqual({ fund: '40.00', gold: '0.0000', credit: '0.00', fundHeld: '60.00', goldHeld: '0.0000' });
  });

  const users = [1, 2, 3];
  const accountArb = fc.oneof(
    fc.constantFrom(...users).chain((u) => fc.constantFrom(userAccount(u, 'fund'), userAccount(u, 'fundHeld'), userAccount(u, 'credit'))),
    fc.constantFrom(houseAccount('bank'), houseAccount('creditLine'), houseAccount('tradingMyr')),
  );
  const amountArb = fc.integer({ min: 1, max: 500_000 }).map((cents) => new Decimal(cents).div(100).toFixed(2));
  const postingArb = fc.record({ from: accountArb, to: accountArb, amount: amountArb }).map(
    (p): Posting => ({ ...p, asset: 'MYR' }),
  );
  const entriesArb = fc.array(fc.array(postingArb, { minLength: 1, maxLength: 3 }), { maxLength: 60 });

  it('property: user balances never go negative, every asset sums to zero, balances equal the journal', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        let balances = new Map<AccountId, string>();
        const journal: Posting[] = [];
        for (const entry of entries) {
          const result = applyEntry(balances, entry);
          if (!result.ok) continue;
          balances = result.balances;
          journal.push(...entry);
          for (const [account, value] of balances) {
            if (account.startsWith('user:')) expect(new Decimal(value).gte(0)).toBe(true);
          }
        }
        const total = [...balances.values()].reduce((s, v) => s.plus(v), new Decimal(0));
        expect(total.isZero()).toBe(true);
        const derived = balancesFromJournal(journal);
        for (const [account, value] of balances) expect(new Decimal(derived.get(account) ?? '0').eq(value)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a refused entry changes nothing', () => {
    fc.assert(
      fc.property(entriesArb, postingArb, (entries, extra) => {
        let balances = new Map<AccountId, string>();
        for (const entry of entries) {
          const r = applyEntry(balances, entry);
          if (r.ok) balances = r.balances;
        }
        const snapshot = new Map(balances);
        const r = applyEntry(balances, [extra]);
        if (!r.ok) expect(balances).toEqual(snapshot);
      }),
      { numRuns: 200 },
    );
  });

  it('property: no decimals are lost (sums of cents are exact)', () => {
    fc.assert(
      fc.property(fc.array(amountArb, { minLength: 1, maxLength: 50 }), (amounts) => {
        const r = applyEntry(new Map(), amounts.map((a) => deposit(1, a)));
        const cents = amounts.reduce((s, a) => s + Math.round(Number(a) * 100), 0);
        expect(r.ok && walletOf(r.balances, 1).fund).toBe((cents / 100).toFixed(2));
      }),
    );
  });
});
