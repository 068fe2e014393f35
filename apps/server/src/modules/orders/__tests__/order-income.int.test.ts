import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BalancesAnswer } from '@aurum/domain/finance/finance-schemas';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { GRAMS_PER_TROY_OUNCE } from '@aurum/domain/system/metals';
import type { PaymentView } from '@aurum/domain/orders/order-schemas';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { S, startOrderServer, type OrderTestServer } from './order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const DAY = 86_400_000;

/** GL codes of the income books (decision 1020). */
const SPREAD = '4100-MYR';
const FEES = '4200-MYR';
const INTEREST_MYR = '4300-MYR';
const INTEREST_XAU = '4310-XAU';
const DESK_MYR = '3100-MYR';

describe(`a fill posts its spread and fee, a payment its interest, to the income accounts; customers see no difference, on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  /** Every GL account's balance, credit-positive, after everything posted so far. */
  async function gl(): Promise<Map<string, Decimal>> {
    const r = await o.call<BalancesAnswer>('none', 'GET', `${S}/ledger/balances?at=${encodeURIComponent('2100-01-01T00:00:00Z')}`);
    expect(r.status, r.text).toBe(200);
    const out = new Map<string, Decimal>();
    for (const u of r.body.units) {
      expect(u.balanced, u.unit).toBe(true);
      for (const row of u.rows) out.set(row.account.code, new Decimal(row.balance.credit).minus(row.balance.debit));
    }
    return out;
  }
  const moved = (before: Map<string, Decimal>, after: Map<string, Decimal>, code: string) => after.get(code)!.minus(before.get(code)!).toFixed();
  const wallet = (id: number) => walletBalances(o.ts.db, id);
  const row = async (id: number) =>
    (await o.ts.db.query<{ amount: string; mid_myr_per_gram: string; user_fee: string; global_fee: string }>('SELECT amount, mid_myr_per_gram, user_fee, global_fee FROM orders WHERE id = $1', [id]))[0]!;

  it('a market buy on credit, overdue, paid with interest, then reverted: the income accounts hold spread, fee and interest, and give them all back', async () => {
    const start = await gl();
    const userId = await o.newUser('income1', { fund: '1000.00', credit: '100000.00' }, { premium: '0.500', fee_adjust_mode: 'both', interest_rate: '0.020000' });
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', goodTillDate: null, comment: null,
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    const filled = await gl();
    const r = await row(id);
    // the market mid of the quote (2000.00 / 2001.00 USD/oz) and of the rate (4.5): no spread, no adjustment, no fee in it
    const mid = new Decimal('2000.5').times('4.5').div(GRAMS_PER_TROY_OUNCE);
    expect(r.mid_myr_per_gram).toBe(roundTo(mid, 8));
    const cost = new Decimal(roundTo(new Decimal(r.mid_myr_per_gram).times(10), 2));
    const fee = roundTo(new Decimal(r.user_fee).plus(r.global_fee).times(10), 2);
    expect(r.user_fee).toBe('0.500');
    // what the customer pays above the metal at the mid is the desk's fee and spread, to the sen
    expect(moved(start, filled, FEES)).toBe(new Decimal(fee).toFixed());
    expect(moved(start, filled, SPREAD)).toBe(new Decimal(r.amount).minus(cost).minus(fee).toFixed());
    expect(new Decimal(moved(start, filled, SPREAD)).gt(0)).toBe(true);
    // the customer's books are the old rule's: 1000 from the fund, the rest from the credit line, held
    const owedOnCredit = new Decimal(r.amount).minus(1000);
    expect(await wallet(userId)).toEqual({ fund: '0.00', fundHeld: '1000.00', credit: roundTo(new Decimal(100000).minus(owedOnCredit), 2), gold: '0.0000', goldHeld: '0.0000' });

    expect((await o.call('financeApprover', 'POST', `${S}/order/settle/${id}/${userId}`)).body).toMatchObject({ status: 'SETTLED' });
    o.advance(13 * DAY);
    await o.waitForPrice();
    const owed = (await o.call<{ value: string }>('none', 'POST', `${S}/order/total_owed`, { orderId: id, paymentDate: '2030-01-20' })).body.value;
    await o.deposit(userId, { fund: owed });
    const beforePay = await gl();
    const paid = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: null, amount: owed, paymentDate: '2030-01-20' });
    expect(paid.body).toMatchObject({ status: 'PAID' });
    const afterPay = await gl();
    const view = (await o.call<PaymentView>('none', 'POST', `${S}/order/payment_view/${id}`)).body;
    expect(new Decimal(view.interestPaid).gt(0)).toBe(true);
    expect(moved(beforePay, afterPay, INTEREST_MYR)).toBe(new Decimal(view.interestPaid).toFixed());
    // the trading desk got the principal only
    expect(moved(beforePay, afterPay, DESK_MYR)).toBe(owedOnCredit.toFixed());
    expect(await wallet(userId)).toEqual({ fund: '0.00', fundHeld: '0.00', credit: '100000.00', gold: '10.0000', goldHeld: '0.0000' });

    const reverted = await o.call('financeApprover', 'POST', `${S}/order/revert`, { userId, orderId: id, reason: 'income test' });
    expect(reverted.body).toMatchObject({ status: 'REVERTED' });
    const end = await gl();
    for (const code of [SPREAD, FEES, INTEREST_MYR, DESK_MYR]) expect(moved(start, end, code), code).toBe('0');
    expect(await wallet(userId)).toEqual({ fund: roundTo(new Decimal(1000).plus(owed), 2), fundHeld: '0.00', credit: '100000.00', gold: '0.0000', goldHeld: '0.0000' });
    o.advance(-13 * DAY);
    await o.waitForPrice();
  });

  it('an offline sell short of gold pays its overdue interest in grams to the gold interest account; a cancel gives a fill\'s income back', async () => {
    const start = await gl();
    const userId = await o.newUser('income2', { gold: '6.0000', credit: '5000.00' }, { interest_rate: '0.020000' });
    const offline = (action: 0 | 1, quantity: string) => ({
      userId, action, symbol: 'XAU/MYR', currency: 'MYR', quantity, source: 'Desk', costPrice: '300.000', quotePrice: '295.000', exchangeRate: '4.5000', finalPrice: '295.000', note: null, useAhtConfig: false,
    });
    const id = (await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, offline(1, '10'))).body.id;
    const filled = await gl();
    // an offline order's mid is the desk's cost: 300 x 10 = 3000, the customer gets 2950, no fee: the spread is 50
    expect((await row(id)).mid_myr_per_gram).toBe('300.00000000');
    expect(moved(start, filled, SPREAD)).toBe('50');
    expect(moved(start, filled, FEES)).toBe('0');

    await o.call('financeApprover', 'POST', `${S}/order/settle/${id}/${userId}`);
    o.advance(13 * DAY);
    await o.waitForPrice();
    const owed = (await o.call<{ kind: string; value: string }>('none', 'POST', `${S}/order/total_owed`, { orderId: id, paymentDate: '2030-01-20' })).body;
    expect(owed.kind).toBe('xau');
    await o.deposit(userId, { gold: owed.value });
    const beforePay = await gl();
    const paid = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: null, amount: owed.value, paymentDate: '2030-01-20' });
    expect(paid.body).toMatchObject({ status: 'PAID' });
    const view = (await o.call<PaymentView>('none', 'POST', `${S}/order/payment_view/${id}`)).body;
    expect(new Decimal(view.interestPaid).gt(0)).toBe(true);
    expect(moved(beforePay, await gl(), INTEREST_XAU)).toBe(new Decimal(view.interestPaid).toFixed());
    // the seller got its 2950 and delivered 10 g plus the interest
    expect(await wallet(userId)).toEqual({ fund: '2950.00', fundHeld: '0.00', credit: '5000.00', gold: '0.0000', goldHeld: '0.0000' });
    o.advance(-13 * DAY);
    await o.waitForPrice();

    const beforeCancel = await gl();
    const buy = (await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, offline(0, '1'))).body.id;
    // a buy at 295 under a cost of 300: a spread of -5, posted the other way
    expect(moved(beforeCancel, await gl(), SPREAD)).toBe('-5');
    expect((await o.call('financeApprover', 'POST', `${S}/order/cancel/${buy}`)).body).toMatchObject({ status: 'CANCELED' });
    expect(moved(beforeCancel, await gl(), SPREAD)).toBe('0');
    expect(await wallet(userId)).toMatchObject({ fund: '2950.00', credit: '5000.00', fundHeld: '0.00' });
  });
});
