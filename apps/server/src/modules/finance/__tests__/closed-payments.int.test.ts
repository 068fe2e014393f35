import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { BalancesAnswer } from '@aurum/domain/finance/finance-schemas';
import { Decimal } from '@aurum/domain/money/decimal';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const DAY = 86_400_000;
const CLOSED = '2030-01-17';

/**
 * An overdue buy on credit, a day closed while it accrues interest (decisions 1041, 1044): the close
 * accrues the interest due at its end and reverses it at the next day's start; a payment dated in the
 * closed day is refused with 3230 and changes nothing; one dated in an open earlier day is dated there.
 */
describe(`payments and accrued interest around a closed day, on ${driver}`, () => {
  let o: OrderTestServer;
  let userId = 0;
  let orderId = 0;
  beforeAll(async () => {
    o = await startOrderServer();
    userId = await o.newUser('accrual', { fund: '100.00', credit: '100000.00' }, { interest_rate: '0.050000' });
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', goodTillDate: null, comment: null,
    });
    expect(created.status, created.text).toBe(200);
    orderId = created.body.id;
    expect((await o.call('financeApprover', 'POST', `${S}/order/settle/${orderId}/${userId}`)).body).toMatchObject({ status: 'SETTLED' });
    // a fund to pay with, credited before the close (the test's database dates its own entries at its real now)
    await o.deposit(userId, { fund: '50.00' });
    o.advance(13 * DAY);
    await o.waitForPrice();
  });
  afterAll(() => o?.ts.close());

  const balance = async (at: Date, code: string) => {
    const b = (await o.call<BalancesAnswer>('none', 'GET', `${S}/ledger/balances?at=${encodeURIComponent(at.toISOString())}`)).body;
    return b.units.flatMap((u) => u.rows).find((r) => r.account.code === code)!.balance;
  };
  const count = async (table: string) => Number((await o.ts.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

  it('accrues the interest due at the closed day\'s end and reverses it the next day', async () => {
    const closed = await o.call('financeApprover', 'POST', `${S}/ledger/closes`, { date: CLOSED });
    expect(closed.status, closed.text).toBe(200);
    // every order that accrues (the demo's too): what it owes at the day's end less its principal, per owed unit
    const interest = { myr: new Decimal(0), xau: new Decimal(0) };
    let ours = new Decimal(0);
    for (const { id } of await o.ts.db.query<{ id: number }>("SELECT id FROM orders WHERE status IN ('SETTLED', 'OVERDUE')")) {
      const owed = (await o.call<{ kind: 'myr' | 'xau'; value: string }>('none', 'POST', `${S}/order/total_owed`, { orderId: Number(id), paymentDate: CLOSED })).body;
      const view = (await o.call<{ amountOwed: string }>('none', 'POST', `${S}/order/payment_view/${id}`)).body;
      const due = new Decimal(owed.value).minus(view.amountOwed);
      interest[owed.kind] = interest[owed.kind].plus(due);
      if (Number(id) === orderId) ours = due;
    }
    expect(ours.gt(0)).toBe(true);
    const end = startOfBusinessDay(CLOSED, 1);
    expect(await balance(end, '1300-MYR')).toEqual({ debit: interest.myr.toFixed(2), credit: '0.00' });
    expect(await balance(end, '1310-XAU')).toEqual({ debit: interest.xau.toFixed(4), credit: '0.0000' });
    expect(await balance(new Date(end.getTime() + 1), '1300-MYR')).toEqual({ debit: '0.00', credit: '0.00' });
  });

  it('refuses a payment dated in the closed day with 3230 and changes nothing; dates one of an open earlier day in that day', async () => {
    const entries = await count('ledger_entries');
    const payments = await count('order_payments');
    const refused = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId, note: null, amount: '10.00', paymentDate: CLOSED });
    expect([refused.status, refused.body.code]).toEqual([409, ErrorCode.BusinessDayClosed]);
    expect(refused.body.context).toMatch(new RegExp(CLOSED));
    expect([await count('ledger_entries'), await count('order_payments')]).toEqual([entries, payments]);

    // a part of the interest, so that nothing else is posted with it
    const paid = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId, note: null, amount: '1.00', paymentDate: '2030-01-19' });
    expect(paid.status, paid.text).toBe(200);
    expect(['SETTLED', 'OVERDUE']).toContain((paid.body as { status: string }).status);
    const [entry] = await o.ts.db.query<{ created_at: Date }>("SELECT e.created_at FROM ledger_entries e WHERE e.kind = 'order.payment' AND e.source_id = $1", [orderId]);
    expect(new Date(entry!.created_at).toISOString()).toBe(new Date(startOfBusinessDay('2030-01-19', 1).getTime() - 1).toISOString());
  });
});
