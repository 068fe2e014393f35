import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, SCALE, roundTo } from '../../money/decimal.ts';
import { orderAmount, reserveOnFill, type Reservation } from '../../orders/order-money.ts';
import { completePostings, fillIncomePostings, fillPostings, paymentPostings, reversalPostings, settlePostings } from '../../orders/order-postings.ts';
import { LEDGER_ASSETS, applyEntry, assetOf, balancesFromJournal, houseAccount, userAccount, walletOf, type AccountId, type Posting } from '../../wallet/ledger.ts';
import { glAccountOf } from '../chart-of-accounts.ts';
import { feePerGramOf, fillIncome } from '../fill-income.ts';
import { trialBalance, type GlFigures } from '../trial-balance.ts';

/**
 * Random lives of orders (create, fill, settle, pay with interest, cancel, revert; fees that change
 * from fill to fill) among deposits, withdrawals and transfers, through the postings functions, twice: by today's rule (income books) and by the rule before the split (all
 * in the trading desk, a payment wholly to it). Checked: every day's trial balance (the chart of
 * accounts over the day's postings) balances in every unit; every asset sums to zero; every customer's
 * books are the same under both rules; and the income books hold exactly what customers paid
 * above the market mid:
 *
 *   spread + fees + interestMyr = sum over orders still standing (not canceled or reverted) of
 *     buy:  amount - round(mid x grams, sen) + the MYR interest it paid
 *     sell: round(mid x grams, sen) - amount
 *   interestXau = the gold interest the sells still standing paid
 */

const USERS = [1, 2, 3];
const dec = (min: number, max: number, scale: number) =>
  fc.integer({ min: Math.round(min * 10 ** scale), max: Math.round(max * 10 ** scale) }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));

const op = fc.oneof(
  fc.record({
    kind: fc.constant('fill' as const),
    user: fc.constantFrom(...USERS),
    action: fc.constantFrom('BUY' as const, 'SELL' as const),
    grams: dec(0.0001, 50, 4),
    price: dec(100, 500, 3),
    // the mid within 3% of the price either way: the spread may be negative
    midFactor: dec(0.97, 1.03, 6),
    userFee: dec(0, 3, 3),
    globalFee: dec(0, 3, 3),
  }),
  fc.record({ kind: fc.constantFrom('settle' as const, 'cancel' as const, 'revert' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), share: dec(0.1, 1, 2), interest: dec(0, 20, 4) }),
  fc.record({ kind: fc.constant('deposit' as const), user: fc.constantFrom(...USERS), fund: dec(0, 20_000, 2), gold: dec(0, 50, 4) }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.constantFrom(...USERS), fund: dec(0, 8_000, 2) }),
  fc.record({ kind: fc.constant('transfer' as const), user: fc.constantFrom(...USERS), to: fc.constantFrom(...USERS), fund: dec(0, 8_000, 2) }),
  fc.record({ kind: fc.constant('dayEnd' as const) }),
);

/** The trial balance of a day of the journal (its postings from `start`), every unit checked to balance. */
function expectDayBalanced(journal: readonly Posting[], start: number): void {
  const figures = new Map<string, GlFigures>();
  const at = (account: string) => {
    const code = glAccountOf(account)!.code;
    let f = figures.get(code);
    if (!f) figures.set(code, (f = { code, opening: '0', debits: '0', credits: '0' }));
    return f;
  };
  for (const [account, value] of balancesFromJournal(journal.slice(0, start))) at(account).opening = new Decimal(at(account).opening).plus(value).toFixed();
  for (const p of journal.slice(start)) {
    at(p.from).debits = new Decimal(at(p.from).debits).plus(p.amount).toFixed();
    at(p.to).credits = new Decimal(at(p.to).credits).plus(p.amount).toFixed();
  }
  for (const unit of trialBalance([...figures.values()])) expect(unit.balanced, `the day's ${unit.unit}`).toBe(true);
}

interface Order {
  user: number;
  action: 'BUY' | 'SELL';
  grams: string;
  amount: string;
  mid: string;
  reserved: Reservation;
  status: 'FILLED' | 'SETTLED' | 'PAID' | 'CANCELED' | 'REVERTED';
  principalPaid: Decimal;
  interestPaid: Decimal;
  /** Postings of each rule, as the order's linked entries hold them. */
  posted: { now: Posting[]; old: Posting[] };
}

/** The payment of the rule before the split: interest and principal alike to the trading desk. */
function oldPaymentPostings(userId: number, action: 'BUY' | 'SELL', amount: string, toPrincipal: string): Posting[] {
  return action === 'BUY'
    ? [
        { from: userAccount(userId, 'fund'), to: houseAccount('tradingMyr'), asset: 'MYR', amount: roundTo(amount, SCALE.MYR) },
        { from: houseAccount('creditLine'), to: userAccount(userId, 'credit'), asset: 'MYR', amount: roundTo(toPrincipal, SCALE.MYR) },
      ]
    : [{ from: userAccount(userId, 'gold'), to: houseAccount('tradingXau'), asset: 'XAU', amount: roundTo(amount, SCALE.XAU) }];
}

const positive = (ps: Posting[]) => ps.filter((p) => new Decimal(p.amount).gt(0));

describe('income books over random order lives', () => {
  it("balance every day's trial balance and every asset, leave customer books as the old rule did, and hold what customers paid above the mid", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        // both ledgers open alike: funds, gold and credit lines
        const opening: Posting[] = USERS.flatMap((u) => [
          { from: houseAccount('bank'), to: userAccount(u, 'fund'), asset: 'MYR' as const, amount: '5000.00' },
          { from: houseAccount('vault'), to: userAccount(u, 'gold'), asset: 'XAU' as const, amount: '20.0000' },
          { from: houseAccount('creditLine'), to: userAccount(u, 'credit'), asset: 'MYR' as const, amount: '3000.00' },
        ]);
        const ledgers = { now: applyEntry(new Map(), opening), old: applyEntry(new Map(), opening) };
        if (!ledgers.now.ok || !ledgers.old.ok) throw new Error('opening');
        let now = ledgers.now.balances;
        let old = ledgers.old.balances;
        const journal: Posting[] = [...opening];
        const orders: Order[] = [];

        /** Posts one step under both rules, or neither (a customer short under today's rule is short under the old one too). */
        const post = (o: Order | null, byNow: Posting[], byOld: Posting[]): boolean => {
          const a = applyEntry(now, positive(byNow));
          const b = applyEntry(old, positive(byOld));
          expect(a.ok, 'both rules accept or refuse alike').toBe(b.ok);
          if (!a.ok || !b.ok) return false;
          now = a.balances;
          old = b.balances;
          journal.push(...positive(byNow));
          if (o) {
            o.posted.now.push(...positive(byNow));
            o.posted.old.push(...positive(byOld));
          }
          return true;
        };
        const pick = (n: number, statuses: Order['status'][]) => {
          const open = orders.filter((o) => statuses.includes(o.status));
          return open.length ? open[n % open.length]! : null;
        };

        let dayStart = 0;
        for (const step of ops) {
          if (step.kind === 'dayEnd') {
            expectDayBalanced(journal, dayStart);
            dayStart = journal.length;
          } else if (step.kind === 'withdraw') {
            const out: Posting[] = [{ from: userAccount(step.user, 'fund'), to: houseAccount('bank'), asset: 'MYR', amount: step.fund }];
            post(null, out, out);
          } else if (step.kind === 'transfer') {
            if (step.user === step.to) continue;
            const move: Posting[] = [{ from: userAccount(step.user, 'fund'), to: userAccount(step.to, 'fund'), asset: 'MYR', amount: step.fund }];
            post(null, move, move);
          } else if (step.kind === 'deposit') {
            const dep: Posting[] = [
              { from: houseAccount('bank'), to: userAccount(step.user, 'fund'), asset: 'MYR', amount: step.fund },
              { from: houseAccount('vault'), to: userAccount(step.user, 'gold'), asset: 'XAU', amount: step.gold },
            ];
            post(null, dep, dep);
          } else if (step.kind === 'fill') {
            const amount = orderAmount(step.price, step.grams);
            const w = walletOf(now, step.user);
            const reserved = reserveOnFill(step.action, amount, step.grams, step.price, w);
            if (!reserved) continue;
            const mid = roundTo(new Decimal(step.price).times(step.midFactor), SCALE.midPerGram);
            const income = fillIncome({ action: step.action, grams: step.grams, amount, feePerGram: feePerGramOf(step.userFee, step.globalFee), mid });
            const o: Order = { user: step.user, action: step.action, grams: step.grams, amount, mid, reserved, status: 'FILLED', principalPaid: new Decimal(0), interestPaid: new Decimal(0), posted: { now: [], old: [] } };
            const fill = fillPostings(o.user, o.action, reserved);
            if (post(o, [...fill, ...fillIncomePostings(income)], fill)) orders.push(o);
          } else if (step.kind === 'settle') {
            const o = pick(step.pick, ['FILLED']);
            if (!o) continue;
            const settle = settlePostings(o.user, o.reserved.balanceDeducted, o.reserved.goldReserved);
            if (post(o, settle, settle)) o.status = 'SETTLED';
          } else if (step.kind === 'pay') {
            const o = pick(step.pick, ['SETTLED']);
            if (!o) continue;
            const scale = o.action === 'BUY' ? SCALE.MYR : SCALE.XAU;
            const owed = (o.action === 'BUY' ? new Decimal(o.amount).minus(o.reserved.balanceDeducted) : new Decimal(o.grams).minus(o.reserved.goldReserved)).minus(o.principalPaid);
            const toPrincipal = roundTo(owed.times(step.share), scale);
            const toInterest = roundTo(step.interest, scale);
            const amount = roundTo(new Decimal(toPrincipal).plus(toInterest), scale);
            if (new Decimal(amount).isZero()) continue;
            if (!post(o, paymentPostings(o.user, o.action, { toInterest, toPrincipal }), oldPaymentPostings(o.user, o.action, amount, toPrincipal))) continue;
            o.principalPaid = o.principalPaid.plus(toPrincipal);
            o.interestPaid = o.interestPaid.plus(toInterest);
            if (owed.minus(toPrincipal).isZero()) {
              const done = completePostings(o.user, o.action, o.grams, o.amount);
              if (post(o, done, done)) o.status = 'PAID';
            }
          } else {
            const o = pick(step.pick, step.kind === 'cancel' ? ['FILLED'] : ['FILLED', 'SETTLED', 'PAID']);
            if (!o) continue;
            if (post(o, reversalPostings(o.posted.now), reversalPostings(o.posted.old))) o.status = step.kind === 'cancel' ? 'CANCELED' : 'REVERTED';
          }
        }

        expectDayBalanced(journal, dayStart);
        // every asset sums to zero
        const balances = balancesFromJournal(journal);
        for (const asset of LEDGER_ASSETS) {
          let sum = new Decimal(0);
          for (const [account, value] of balances) if (assetOf(account) === asset) sum = sum.plus(value);
          expect(sum.isZero(), asset).toBe(true);
        }
        // customers' books as the old rule left them
        for (const u of USERS) expect(walletOf(now, u), `user ${u}`).toEqual(walletOf(old, u));
        // the income books hold what customers paid above the mid
        const standing = orders.filter((o) => o.status !== 'CANCELED' && o.status !== 'REVERTED');
        let aboveMid = new Decimal(0);
        let goldInterest = new Decimal(0);
        for (const o of standing) {
          const atMid = roundTo(new Decimal(o.mid).times(o.grams), SCALE.MYR);
          if (o.action === 'BUY') aboveMid = aboveMid.plus(o.amount).minus(atMid).plus(o.interestPaid);
          else {
            aboveMid = aboveMid.plus(atMid).minus(o.amount);
            goldInterest = goldInterest.plus(o.interestPaid);
          }
        }
        const book = (id: AccountId) => new Decimal(now.get(id) ?? '0');
        expect(book(houseAccount('spread')).plus(book(houseAccount('fees'))).plus(book(houseAccount('interestMyr'))).toFixed(2)).toBe(aboveMid.toFixed(2));
        expect(book(houseAccount('interestXau')).toFixed(4)).toBe(goldInterest.toFixed(4));
        // the trading desk's MYR differs from the old rule's by exactly what the income books hold
        const desk = (b: typeof now) => new Decimal(b.get(houseAccount('tradingMyr')) ?? '0');
        expect(desk(old).minus(desk(now)).toFixed(2)).toBe(book(houseAccount('spread')).plus(book(houseAccount('fees'))).plus(book(houseAccount('interestMyr'))).toFixed(2));
      }),
      { numRuns: 300 },
    );
  });
});
