import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvePostings, holdPostings } from '../../assets/request-postings.ts';
import { hedgeBooking, hedgePostings, hedgeResultPostings, hedgeSettlementPostings } from '../../hedges/hedge-postings.ts';
import { Decimal, SCALE, roundTo } from '../../money/decimal.ts';
import { orderAmount, reserveOnFill } from '../../orders/order-money.ts';
import { completePostings, fillIncomePostings, fillPostings, paymentPostings, reversalPostings, settlePostings } from '../../orders/order-postings.ts';
import { HOUSE_BOOKS, applyEntry, houseAccount, metalAccount, userAccount, walletOf, type AccountId, type LedgerMetal, type Posting } from '../../wallet/ledger.ts';
import { CHART_OF_ACCOUNTS, glAccount } from '../chart-of-accounts.ts';
import { CLOSE_ACCRUALS, debitBalanceOf, towardTarget, yearClosePostings } from '../close-postings.ts';
import { feePerGramOf, fillIncome } from '../fill-income.ts';
import { glFiguresOf, trialBalance, type JournalSum } from '../trial-balance.ts';

/**
 * Random activity through every kind of posting the server makes (deposits, withdrawals, transfers,
 * order lives with their income, interest payments, bars received, released, borrowed, returned and
 * sent in transit, capital, expenses, hedges with results, settlements and cancels, a close's
 * accruals and revaluations posted and reversed, a year's closing entry), read through the chart of
 * accounts (decision 1040). Checked after every day: each unit's trial balance balances, no account
 * that has a normal side stands on the other one, and the metal books show the bars held on the debit
 * side of the vault account. Income and expense accounts are a year's: once a year has closed into
 * retained earnings, a reversal of last year's accrual or an order of last year reverted shows on
 * the other side until this year's own activity, as in any books, so they are checked until then.
 */

const USERS = [1, 2];
const HOUSE_BOOK_NAMES = Object.keys(HOUSE_BOOKS) as Array<keyof typeof HOUSE_BOOKS>;
const METALS: LedgerMetal[] = ['XAU', 'XPT'];
const dec = (min: number, max: number, scale: number) =>
  fc.integer({ min: Math.round(min * 10 ** scale), max: Math.round(max * 10 ** scale) }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));

const op = fc.oneof(
  fc.record({ kind: fc.constant('capital' as const), amount: dec(1, 50_000, 2) }),
  fc.record({ kind: fc.constant('deposit' as const), user: fc.constantFrom(...USERS), type: fc.constantFrom('MYR' as const, 'XAU' as const), value: dec(0.01, 9_000, 2) }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.constantFrom(...USERS), type: fc.constantFrom('MYR' as const, 'XAU' as const), share: dec(0.01, 1, 2) }),
  fc.record({ kind: fc.constant('fill' as const), user: fc.constantFrom(...USERS), action: fc.constantFrom('BUY' as const, 'SELL' as const), grams: dec(0.01, 20, 4), price: dec(300, 400, 3), midFactor: dec(0.98, 1.02, 6) }),
  fc.record({ kind: fc.constantFrom('settle' as const, 'revert' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), interest: dec(0, 5, 2) }),
  fc.record({ kind: fc.constantFrom('receive' as const, 'borrow' as const), metal: fc.constantFrom(...METALS), grams: dec(0.0001, 500, 4) }),
  fc.record({ kind: fc.constantFrom('release' as const, 'giveBack' as const, 'toTransit' as const, 'fromTransit' as const), metal: fc.constantFrom(...METALS), share: dec(0.01, 1, 2) }),
  fc.record({ kind: fc.constant('expense' as const), book: fc.constantFrom('bankCharges' as const, 'custodyFees' as const, 'refineryCharges' as const, 'providerFees' as const), amount: dec(0.01, 300, 2) }),
  fc.record({
    kind: fc.constant('hedge' as const),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    metal: fc.constantFrom(...METALS),
    grams: dec(0.01, 30, 4),
    price: dec(300, 400, 3),
    fee: dec(0, 20, 2),
    result: dec(-50, 50, 2),
  }),
  fc.record({ kind: fc.constantFrom('settleHedge' as const, 'cancelHedge' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('dayEnd' as const), interestDue: dec(0, 80, 2), metalRevaluation: dec(-500, 500, 2), usdRevaluation: dec(-100, 100, 2), yearEnd: fc.boolean() }),
);

interface Order {
  user: number;
  action: 'BUY' | 'SELL';
  grams: string;
  amount: string;
  reserved: { balanceDeducted: string; creditDeducted: string; goldReserved: string };
  status: 'FILLED' | 'SETTLED' | 'PAID' | 'REVERTED';
  posted: Posting[];
}

describe('every account on its normal side over random activity', () => {
  it('balances every unit, keeps each account with a normal side on it, and shows the bars held as a debit of the vault account', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        let balances = new Map<AccountId, string>();
        const journal: Posting[] = [];
        const post = (postings: Posting[]): boolean => {
          const nonZero = postings.filter((p) => new Decimal(p.amount).gt(0));
          if (nonZero.length === 0) return false;
          const r = applyEntry(balances, nonZero);
          if (!r.ok) {
            expect(r.reason, JSON.stringify(r)).toBe('insufficient');
            return false;
          }
          balances = r.balances;
          journal.push(...nonZero);
          return true;
        };
        const bal = (a: AccountId) => new Decimal(balances.get(a) ?? '0');
        const orders: Order[] = [];
        const hedges: Array<{ posted: Posting[]; state: 'filled' | 'settled' | 'canceled' }> = [];
        const stock: Record<LedgerMetal, { vault: Decimal; transit: Decimal; borrowed: Decimal }> = {
          XAU: { vault: new Decimal(0), transit: new Decimal(0), borrowed: new Decimal(0) },
          XPT: { vault: new Decimal(0), transit: new Decimal(0), borrowed: new Decimal(0) },
          XAG: { vault: new Decimal(0), transit: new Decimal(0), borrowed: new Decimal(0) },
        };
        const vault = (m: LedgerMetal) => metalAccount(m, 'vault:KUL-01');
        const move = (m: LedgerMetal, from: AccountId, to: AccountId, grams: Decimal) => post([{ from, to, asset: m, amount: roundTo(grams, 4) }]);
        // a close's accruals: the day's amount posted at its end, reversed at the next day's start
        let accrued: Posting[] = [];
        let yearClosed = false;

        const check = () => {
          const sums: JournalSum[] = journal.map((p) => ({ from: p.from, to: p.to, earlier: '0', within: p.amount }));
          for (const unit of trialBalance(glFiguresOf(sums))) {
            expect(unit.balanced, `${unit.unit} balances`).toBe(true);
            for (const row of unit.rows) {
              const wrong = row.account.normal === 'debit' ? row.closing.credit : row.closing.debit;
              const ofAClosedYear = yearClosed && (row.account.type === 'income' || row.account.type === 'expense');
              if (!row.account.crosses && !ofAClosedYear) expect(new Decimal(wrong).isZero(), `${row.account.code} ${row.account.name.en} on its ${row.account.normal} side: ${JSON.stringify(row.closing)}`).toBe(true);
            }
            for (const m of METALS) {
              if (unit.unit !== m) continue;
              const bars = unit.rows.find((r) => r.account.code === `121${m === 'XAU' ? 0 : 1}-${m}`)!;
              expect(bars.closing.debit, `${m} bars held`).toBe(roundTo(stock[m].vault, 4));
            }
          }
        };

        for (const step of ops) {
          switch (step.kind) {
            case 'capital':
              post([{ from: houseAccount('bank'), to: houseAccount('capital'), asset: 'MYR', amount: step.amount }]);
              break;
            case 'deposit': {
              const value = step.type === 'MYR' ? step.value : roundTo(new Decimal(step.value).div(100), 4);
              post(approvePostings({ action: 'deposit', type: step.type, value, userId: step.user, receiverUserId: null }));
              break;
            }
            case 'withdraw': {
              const book = step.type === 'MYR' ? 'fund' : 'gold';
              const value = roundTo(bal(userAccount(step.user, book)).times(step.share), SCALE[step.type]);
              const r = { action: 'withdrawal' as const, type: step.type, value, userId: step.user, receiverUserId: null };
              if (post(holdPostings(r))) post(approvePostings(r));
              break;
            }
            case 'fill': {
              const amount = orderAmount(step.price, step.grams);
              const reserved = reserveOnFill(step.action, amount, step.grams, step.price, walletOf(balances, step.user));
              if (!reserved) break;
              const mid = roundTo(new Decimal(step.price).times(step.midFactor), SCALE.midPerGram);
              const income = fillIncome({ action: step.action, grams: step.grams, amount, feePerGram: feePerGramOf('1', '0.5'), mid });
              const postings = [...fillPostings(step.user, step.action, reserved), ...fillIncomePostings(income)].filter((p) => new Decimal(p.amount).gt(0));
              if (post(postings)) orders.push({ user: step.user, action: step.action, grams: step.grams, amount, reserved, status: 'FILLED', posted: postings });
              break;
            }
            case 'settle': {
              const open = orders.filter((o) => o.status === 'FILLED');
              const o = open[step.pick % Math.max(open.length, 1)];
              if (!o) break;
              const settle = settlePostings(o.user, o.reserved.balanceDeducted, o.reserved.goldReserved).filter((p) => new Decimal(p.amount).gt(0));
              if (settle.length === 0 || post(settle)) {
                o.posted.push(...settle);
                o.status = 'SETTLED';
              }
              break;
            }
            case 'pay': {
              const open = orders.filter((o) => o.status === 'SETTLED');
              const o = open[step.pick % Math.max(open.length, 1)];
              if (!o) break;
              const principal = o.action === 'BUY' ? new Decimal(o.amount).minus(o.reserved.balanceDeducted) : new Decimal(o.grams).minus(o.reserved.goldReserved);
              const interest = o.action === 'BUY' ? step.interest : roundTo(new Decimal(step.interest).div(300), 4);
              const pay = paymentPostings(o.user, o.action, { toInterest: interest, toPrincipal: principal.toFixed() }).filter((p) => new Decimal(p.amount).gt(0));
              if (pay.length > 0 && !post(pay)) break;
              const done = completePostings(o.user, o.action, o.grams, o.amount);
              if (post(done)) {
                o.posted.push(...pay, ...done);
                o.status = 'PAID';
              }
              break;
            }
            case 'revert': {
              const open = orders.filter((o) => o.status !== 'REVERTED');
              const o = open[step.pick % Math.max(open.length, 1)];
              if (o && post(reversalPostings(o.posted))) o.status = 'REVERTED';
              break;
            }
            case 'receive':
              if (move(step.metal, metalAccount(step.metal, 'outside'), vault(step.metal), new Decimal(step.grams))) stock[step.metal].vault = stock[step.metal].vault.plus(step.grams);
              break;
            case 'borrow':
              if (move(step.metal, metalAccount(step.metal, 'borrowed'), vault(step.metal), new Decimal(step.grams))) {
                stock[step.metal].vault = stock[step.metal].vault.plus(step.grams);
                stock[step.metal].borrowed = stock[step.metal].borrowed.plus(step.grams);
              }
              break;
            case 'release':
            case 'giveBack':
            case 'toTransit': {
              const s = stock[step.metal];
              const cap = step.kind === 'giveBack' ? Decimal.min(s.vault, s.borrowed) : s.vault;
              const grams = new Decimal(roundTo(cap.times(step.share), 4));
              const to = step.kind === 'release' ? metalAccount(step.metal, 'outside') : step.kind === 'giveBack' ? metalAccount(step.metal, 'borrowed') : metalAccount(step.metal, 'transit');
              if (grams.gt(0) && move(step.metal, vault(step.metal), to, grams)) {
                s.vault = s.vault.minus(grams);
                if (step.kind === 'giveBack') s.borrowed = s.borrowed.minus(grams);
                if (step.kind === 'toTransit') s.transit = s.transit.plus(grams);
              }
              break;
            }
            case 'fromTransit': {
              const s = stock[step.metal];
              const grams = new Decimal(roundTo(s.transit.times(step.share), 4));
              if (grams.gt(0) && move(step.metal, metalAccount(step.metal, 'transit'), vault(step.metal), grams)) {
                s.transit = s.transit.minus(grams);
                s.vault = s.vault.plus(grams);
              }
              break;
            }
            case 'expense':
              post([{ from: houseAccount(step.book), to: houseAccount('bank'), asset: 'MYR', amount: step.amount }]);
              break;
            case 'hedge': {
              const booking = hedgeBooking({ side: step.side, metal: step.metal, quantity: step.grams, price: step.price, currency: 'MYR', fee: step.fee }, null)!;
              const postings = [...hedgePostings(booking), ...hedgeResultPostings(step.result)];
              if (post(postings)) hedges.push({ posted: postings, state: 'filled' });
              break;
            }
            case 'settleHedge':
            case 'cancelHedge': {
              const open = hedges.filter((h) => h.state === 'filled');
              const h = open[step.pick % Math.max(open.length, 1)];
              if (!h) break;
              if (step.kind === 'cancelHedge') {
                if (post(reversalPostings(h.posted))) h.state = 'canceled';
                break;
              }
              const providers = houseAccount('hedgeProviders');
              const owed = h.posted.reduce((s, p) => (p.to === providers ? s.plus(p.amount) : p.from === providers ? s.minus(p.amount) : s), new Decimal(0));
              const settle = hedgeSettlementPostings(owed.toFixed());
              if (settle.length === 0 || post(settle)) {
                h.posted.push(...settle);
                h.state = 'settled';
              }
              break;
            }
            case 'dayEnd': {
              // yesterday's accruals reversed at the day's start, today's posted at its end
              post(reversalPostings(accrued));
              accrued = [
                ...towardTarget(CLOSE_ACCRUALS.interestMyr, '0', step.interestDue),
                ...towardTarget(CLOSE_ACCRUALS.revaluationMetal, '0', step.metalRevaluation),
                ...towardTarget(CLOSE_ACCRUALS.revaluationUsd, '0', step.usdRevaluation),
              ];
              if (!post(accrued)) accrued = [];
              expect(debitBalanceOf(accrued, houseAccount('interestDueMyr')).toFixed(2)).toBe(roundTo(step.interestDue, 2));
              check();
              if (step.yearEnd) {
                const books = new Map(HOUSE_BOOK_NAMES.map((b) => [b, bal(houseAccount(b)).toFixed()]));
                post(yearClosePostings(books));
                yearClosed = true;
                for (const a of CHART_OF_ACCOUNTS.filter((x) => x.type === 'income' || x.type === 'expense')) {
                  if (a.source.kind === 'house') expect(bal(houseAccount(a.source.book)).isZero(), `${a.code} closed into retained earnings`).toBe(true);
                }
                check();
              }
              break;
            }
          }
        }
        check();
      }),
      { numRuns: 300 },
    );
  });

  it('reads a metal movement into a vault as a debit of the vault and a credit of the outside', () => {
    const sums: JournalSum[] = [{ from: 'metal:XAU:outside', to: 'metal:XAU:vault:KUL-01', earlier: '0', within: '74639.9342' }];
    const xau = trialBalance(glFiguresOf(sums)).find((u) => u.unit === 'XAU')!;
    const row = (code: string) => xau.rows.find((r) => r.account.code === code)!;
    expect(row('1210-XAU').closing).toEqual({ debit: '74639.9342', credit: '0.0000' });
    expect(row('3300-XAU').closing).toEqual({ debit: '0.0000', credit: '74639.9342' });
    expect(glAccount('1210-XAU')!.normal).toBe('debit');
  });
});
