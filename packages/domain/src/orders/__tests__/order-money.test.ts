import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal, roundTo } from '../../money/decimal.ts';
import { GRAMS_PER_TROY_OUNCE } from '../../system/metals.ts';
import type { Posting } from '../../wallet/ledger.ts';
import {
  interestFromAfterPayment,
  interestStartAt,
  limitAffordable,
  owedAt,
  owedWithInterest,
  owesNothing,
  paymentRefusal,
  reserveOnFill,
  splitPayment,
  totalOwed,
  usdAmount,
  walletAfterFill,
  type OrderMoney,
  type PaymentParts,
} from '../order-money.ts';
import { completePostings, fillPostings, paymentPostings, reversalPostings, settlePostings } from '../order-postings.ts';
import { detailFigures, orderSummary, paymentViewOf } from '../order-views.ts';

const amountOf = (max: number, scale: number, min = 0) =>
  fc.integer({ min: min * 10 ** scale, max: max * 10 ** scale }).map((n) => new Decimal(n).div(10 ** scale).toFixed(scale));
const walletArb = fc.record({ fund: amountOf(100_000, 2), gold: amountOf(1000, 4), credit: amountOf(100_000, 2) });

describe('what a fill reserves (DECISIONS.md §5)', () => {
  it('a buy takes the fund first, then the credit line; a sell reserves its gold; refused when not covered', () => {
    const wallet = { fund: '1000.00', gold: '2.0000', credit: '500.00' };
    expect(reserveOnFill('BUY', '1200.00', '3', '400', wallet)).toEqual({ balanceDeducted: '1000.00', creditDeducted: '200.00', goldReserved: '0.0000' });
    expect(reserveOnFill('BUY', '1500.01', '3', '500', wallet)).toBeNull();
    expect(reserveOnFill('SELL', '1200.00', '3', '400', wallet)).toEqual({ balanceDeducted: '0.00', creditDeducted: '0.00', goldReserved: '2.0000' });
    expect(reserveOnFill('SELL', '2000.00', '4', '500', wallet)).toBeNull(); // 2 g uncovered x 500 > 500 credit
  });

  it("the wallet a review shows after the fill: a buy's fund and credit less what it takes, a sell's gold less what it reserves", () => {
    const wallet = { fund: '1000.00', gold: '2.0000', credit: '500.00' };
    expect(walletAfterFill(wallet, reserveOnFill('BUY', '1200.00', '3', '400', wallet)!)).toEqual({ fund: '0.00', gold: '2.0000', credit: '300.00' });
    expect(walletAfterFill(wallet, reserveOnFill('SELL', '1200.00', '1.5', '400', wallet)!)).toEqual({ fund: '1000.00', gold: '0.5000', credit: '500.00' });
  });

  it('property: a buy reserves exactly its amount within the wallet, or is refused when fund + credit fall short', () => {
    fc.assert(
      fc.property(walletArb, amountOf(200_000, 2, 0.01), (wallet, amount) => {
        const r = reserveOnFill('BUY', amount, '1', amount, wallet);
        const enough = new Decimal(wallet.fund).plus(wallet.credit).gte(amount);
        expect(r !== null).toBe(enough);
        if (!r) return;
        expect(new Decimal(r.balanceDeducted).plus(r.creditDeducted).eq(amount)).toBe(true);
        expect(new Decimal(r.balanceDeducted).lte(wallet.fund)).toBe(true);
        expect(new Decimal(r.creditDeducted).lte(wallet.credit)).toBe(true);
        // the fund goes first: credit only once the fund is spent
        if (new Decimal(r.creditDeducted).gt(0)) expect(r.balanceDeducted).toBe(wallet.fund);
      }),
    );
  });

  it('property: a sell reserves min(gold, grams) and is refused only when the credit line cannot cover the rest', () => {
    fc.assert(
      fc.property(walletArb, amountOf(2000, 4, 0.0001), amountOf(1000, 3, 1), (wallet, grams, price) => {
        const r = reserveOnFill('SELL', '0', grams, price, wallet);
        const rest = Decimal.max(new Decimal(grams).minus(wallet.gold), 0);
        expect(r !== null).toBe(rest.times(price).lte(wallet.credit));
        if (r) expect(r.goldReserved).toBe(roundTo(Decimal.min(wallet.gold, grams), 4));
      }),
    );
  });

  it('property: a limit order affordable at create can be filled at its limit price (same wallet)', () => {
    fc.assert(
      fc.property(walletArb, fc.constantFrom('BUY', 'SELL' as const), amountOf(500, 4, 0.0001), amountOf(1000, 3, 1), (wallet, action, grams, limit) => {
        fc.pre(limitAffordable(action, grams, limit, wallet));
        const amount = roundTo(new Decimal(limit).times(grams), 2);
        expect(reserveOnFill(action, amount, grams, limit, wallet)).not.toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('USD amount: USD/oz x grams / 31.1034768, half-up to 2 decimals', () => {
    expect(usdAmount('2700', '31.1034768')).toBe('2700.00');
    expect(usdAmount('2653.40', '10')).toBe(roundTo(new Decimal('26534').div(GRAMS_PER_TROY_OUNCE), 2));
  });
});

const settledBuy = (over: Partial<OrderMoney> = {}): OrderMoney => ({
  action: 'BUY',
  status: 'OVERDUE',
  quantityGram: '10.0000',
  amount: '4000.00',
  balanceDeducted: '1000.00',
  goldReserved: '0.0000',
  interestRatePersonal: '0.020000',
  interestRateGlobal: '0.080000',
  interestCarried: '0',
  interestFrom: '2030-01-10',
  ...over,
});

describe('what an order owes', () => {
  it('owes its principal and the interest since the interest start; total_owed, refusals', () => {
    const o = settledBuy();
    const owed = owedAt(o, [], '2030-01-20');
    // 3000 x 0.10 x 10 / 365 = 8.219...
    expect(owed).toEqual({ scale: 2, principal: '3000.00', due: '8.22', interestPaid: '0.00', principalPaid: '0.00' });
    expect(owedWithInterest(owed)).toBe('3008.22');
    expect(totalOwed(o, owed)).toEqual({ kind: 'myr', value: '3008.22' });
    expect(totalOwed({ ...o, status: 'PAID' }, owed)).toEqual({ kind: 'myr', value: '0.00' });
    expect(paymentRefusal('BUY', '3008.23', owed)).toEqual({ rule: 'aboveOwed', owed: '3008.22', unit: 'MYR' });
    expect(paymentRefusal('BUY', '10.001', owed)).toEqual({ rule: 'decimalPlaces' });
    expect(paymentRefusal('BUY', '10.100', owed)).toBeNull();
    expect(paymentRefusal('SELL', '10.0001', { ...owed, scale: 4 })).toBeNull();
    // a settled order accrues nothing before its interest start date; a PAID one only keeps what was carried
    expect(owedAt(o, [], '2030-01-05').due).toBe('0.00');
    expect(owedAt({ ...o, status: 'PAID', interestCarried: '1.5' }, [], '2030-02-20').due).toBe('1.50');
    const sell = owedAt({ ...o, action: 'SELL', goldReserved: '4.0000' }, [{ toInterest: '0', toPrincipal: '1.5' }], '2030-01-10');
    expect(sell).toMatchObject({ scale: 4, principal: '4.5000', principalPaid: '1.5000' });
  });

  it('property: a payment up to what is owed lowers principal plus interest by exactly its amount', () => {
    fc.assert(
      fc.property(
        amountOf(50_000, 2, 1),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom('BUY', 'SELL' as const),
        (value, days, permille, action) => {
          const scale = action === 'BUY' ? 2 : 4;
          const order = settledBuy({ action, amount: value, balanceDeducted: '0.00', goldReserved: '0.0000', quantityGram: roundTo(new Decimal(value).div(100), 4), interestRatePersonal: new Decimal(permille).div(1000).toFixed(6) });
          const date = new Date(Date.parse('2030-01-10T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
          const before = owedAt(order, [], date);
          const total = new Decimal(owedWithInterest(before));
          const pay = roundTo(total.div(3), scale);
          fc.pre(new Decimal(pay).gt(0));
          expect(paymentRefusal(action, pay, before)).toBeNull();
          const split = splitPayment(pay, before.due, scale);
          const paid: PaymentParts[] = [{ toInterest: split.toInterest, toPrincipal: split.toPrincipal }];
          const after = owedAt({ ...order, interestCarried: split.carried, interestFrom: interestFromAfterPayment(order.interestFrom, date) }, paid, date);
          expect(new Decimal(owedWithInterest(after)).eq(total.minus(pay))).toBe(true);
          // paying the rest completes the order
          const rest = owedWithInterest(after);
          const last = splitPayment(rest, after.due, scale);
          const done = owedAt(
            { ...order, interestCarried: last.carried, interestFrom: date },
            [...paid, { toInterest: last.toInterest, toPrincipal: last.toPrincipal }],
            date,
          );
          expect(owesNothing(done)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('interest runs from the later of its start and the last payment; starts after the grace days', () => {
    expect(interestFromAfterPayment('2030-01-10', '2030-01-05')).toBe('2030-01-10');
    expect(interestFromAfterPayment('2030-01-10', '2030-01-15')).toBe('2030-01-15');
    expect(interestFromAfterPayment(null, '2030-01-15')).toBe('2030-01-15');
    expect(interestStartAt(new Date('2030-01-07T02:00:00Z'), 3).toISOString()).toBe('2030-01-10T02:00:00.000Z');
  });
});

describe('order views', () => {
  it('property: the payment view owes total minus paid, and its interest total is paid plus owed', () => {
    fc.assert(
      fc.property(amountOf(50_000, 2, 1), amountOf(1, 2), fc.integer({ min: 0, max: 300 }), (value, share, days) => {
        const order = settledBuy({ amount: value, balanceDeducted: roundTo(new Decimal(value).times(share).div(2), 2) });
        const paidPrincipal = roundTo(new Decimal(value).minus(order.balanceDeducted).times(share).div(2), 2);
        const date = new Date(Date.parse('2030-01-10T00:00:00Z') + days * 86_400_000).toISOString().slice(0, 10);
        const owed = owedAt(order, [{ toInterest: '0.00', toPrincipal: paidPrincipal }], date);
        const view = paymentViewOf(order, owed, [{ id: 1, amount: paidPrincipal, paymentDate: '2030-01-10', submittedBy: 'a', note: null }]);
        expect(new Decimal(view.amountTotal).minus(view.amountPaid).eq(view.amountOwed)).toBe(true);
        expect(new Decimal(view.interestPaid).plus(view.interestOwed).eq(view.interestTotal)).toBe(true);
        expect(new Decimal(view.interestRate.personal).plus(view.interestRate.global).eq(view.interestRate.total)).toBe(true);
        expect(view.payments).toEqual([{ id: 1, received: { kind: 'myr', value: paidPrincipal }, paymentMadeAt: '2030-01-10', submittedBy: 'a', note: null }]);
      }),
    );
  });

  it('the user summary counts the trade record: unpaid and outstanding only on orders not yet PAID', () => {
    const row = { amount: '1000.00', quantityGram: '2.5000', balanceDeducted: '0.00', goldReserved: '0.0000', principalPaid: '0' };
    expect(
      orderSummary([
        { ...row, action: 'BUY', status: 'FILLED', balanceDeducted: '400.00' },
        { ...row, action: 'BUY', status: 'SETTLED', principalPaid: '100.00' },
        { ...row, action: 'BUY', status: 'PAID' },
        { ...row, action: 'BUY', status: 'REVERTED' },
        { ...row, action: 'SELL', status: 'OVERDUE', goldReserved: '1.0000', principalPaid: '0.5' },
        { ...row, action: 'SELL', status: 'PAID' },
        { ...row, action: 'SELL', status: 'CANCELED' },
      ]),
    ).toEqual({
      buy: { totalAmount: '3000.00', unpaidAmount: '1500.00', outstandingQuantity: '5.0000' },
      sell: { totalQuantity: '5.0000', unpaidQuantity: '1.0000', outstandingAmount: '1000.00' },
    });
  });

  it('detail figures: prices per gram, kilogram and ounce, cost amount, paid and owed parts', () => {
    const view = paymentViewOf(settledBuy(), owedAt(settledBuy(), [], '2030-01-10'), []);
    const f = detailFigures(
      { action: 'BUY', isCustom: false, currency: 'MYR', quantityGram: '10.0000', myrPrice: '400.000', usdPrice: '2700.00', costPrice: '2690.00', exchangeRate: '4.5000', balanceDeducted: '1000.00', goldReserved: '0.0000' },
      view,
    );
    expect(f.price).toEqual({ myrPerGram: '400.000', myrPerKg: '400000.00', usdPerGram: '86.807', usdPerKg: '86807.02', usdPerOz: '2700.00' });
    expect(f.costAmount).toBe(roundTo(new Decimal('2690').times('4.5').div(GRAMS_PER_TROY_OUNCE).times(10), 2));
    expect(f).toMatchObject({ amountPaid: '1000.00', amountUnpaid: '3000.00', quantityPaid: null, amountOwed: { myr: '3000.00', xau: '0.0000' } });
    const offline = detailFigures({ action: 'SELL', isCustom: true, currency: 'USD', quantityGram: '2.0000', myrPrice: null, usdPrice: null, costPrice: '80.000', exchangeRate: '4.5000', balanceDeducted: '0.00', goldReserved: '0.5000' }, { ...view, amountPaid: '0.2500', amountOwed: '1.2500' });
    expect(offline).toMatchObject({ costAmount: '720.00', amountPaid: null, quantityPaid: '0.7500', quantityUnpaid: '1.2500', amountOwed: { myr: '0.00', xau: '1.2500' } });
  });
});

describe('order postings', () => {
  const net = (postings: readonly Posting[]) => {
    const balance = new Map<string, Decimal>();
    for (const p of postings) {
      balance.set(p.from, (balance.get(p.from) ?? new Decimal(0)).minus(p.amount));
      balance.set(p.to, (balance.get(p.to) ?? new Decimal(0)).plus(p.amount));
    }
    return [...balance].filter(([, v]) => !v.isZero());
  };

  it('fill, settle, pay and complete move what the money model says', () => {
    expect(fillPostings(7, 'BUY', { balanceDeducted: '10.00', creditDeducted: '5.00', goldReserved: '0.0000' })).toEqual([
      { from: 'user:7:fund', to: 'user:7:fundHeld', asset: 'MYR', amount: '10.00' },
      { from: 'user:7:credit', to: 'house:creditLine', asset: 'MYR', amount: '5.00' },
    ]);
    expect(fillPostings(7, 'SELL', { balanceDeducted: '0.00', creditDeducted: '0.00', goldReserved: '1.0000' })).toEqual([{ from: 'user:7:gold', to: 'user:7:goldHeld', asset: 'XAU', amount: '1.0000' }]);
    expect(settlePostings(7, '10.00', '1')).toEqual([
      { from: 'user:7:fundHeld', to: 'house:tradingMyr', asset: 'MYR', amount: '10.00' },
      { from: 'user:7:goldHeld', to: 'house:tradingXau', asset: 'XAU', amount: '1.0000' },
    ]);
    expect(completePostings(7, 'BUY', '2.5', '100.00')).toEqual([{ from: 'house:tradingXau', to: 'user:7:gold', asset: 'XAU', amount: '2.5000' }]);
    expect(completePostings(7, 'SELL', '2.5', '100.00')).toEqual([{ from: 'house:tradingMyr', to: 'user:7:fund', asset: 'MYR', amount: '100.00' }]);
    // a payment of 20: 15 principal to the trading desk (and back to the credit line), 5 interest to the interest book
    expect(paymentPostings(7, 'BUY', { toInterest: '5', toPrincipal: '15' })).toEqual([
      { from: 'user:7:fund', to: 'house:tradingMyr', asset: 'MYR', amount: '15.00' },
      { from: 'user:7:fund', to: 'house:interestMyr', asset: 'MYR', amount: '5.00' },
      { from: 'house:creditLine', to: 'user:7:credit', asset: 'MYR', amount: '15.00' },
    ]);
    expect(paymentPostings(7, 'SELL', { toInterest: '0.01', toPrincipal: '2' })).toEqual([
      { from: 'user:7:gold', to: 'house:tradingXau', asset: 'XAU', amount: '2.0000' },
      { from: 'user:7:gold', to: 'house:interestXau', asset: 'XAU', amount: '0.0100' },
    ]);
  });

  it('property: the reversal of an order\'s postings leaves every account as before', () => {
    const reservation = fc.record({ balanceDeducted: amountOf(1000, 2), creditDeducted: amountOf(1000, 2), goldReserved: amountOf(10, 4) });
    fc.assert(
      fc.property(fc.constantFrom('BUY', 'SELL' as const), reservation, fc.boolean(), amountOf(500, 2), amountOf(500, 2), (action, r, settle, pay, principal) => {
        const posted = [...fillPostings(3, action, r), ...(settle ? [...settlePostings(3, r.balanceDeducted, r.goldReserved), ...paymentPostings(3, action, { toInterest: pay, toPrincipal: principal })] : [])].filter((p) =>
          new Decimal(p.amount).gt(0),
        );
        const reversal = reversalPostings(posted);
        expect(net([...posted, ...reversal])).toEqual([]);
        for (const p of reversal) expect(new Decimal(p.amount).gt(0)).toBe(true);
      }),
    );
  });
});
