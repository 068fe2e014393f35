import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { HoldView } from '@aurum/domain/compliance/hold-schemas';
import type { OrderNode } from '@aurum/domain/orders/order-schemas';
import { customerPrice } from '@aurum/domain/orders/order-pricing';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { assetRequest, S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const HELD = { code: ErrorCode.ComplianceHold, context: 'compliance hold' };

/**
 * A compliance hold through the API, as the desk and the other staff meet it (decision 1101):
 * placed at once by an officer; from then on no order, fill, withdrawal or outgoing transfer,
 * and no bank account change, goes through for that customer, each refused with 'compliance
 * hold' and nothing else; a deposit is received. Freezing and releasing take two officers.
 */
describe(`compliance holds on ${driver}`, () => {
  let o: OrderTestServer;
  const now = Date.parse('2030-01-07T02:00:00Z');
  beforeAll(async () => {
    o = await startOrderServer();
    await o.ts.app.orders.runOnce(new Date(now));
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  const request = (action: string, role: string, fields: Record<string, string>, id?: number) => assetRequest(o, action, role, fields, id);
  const livePrice = (side: 'buy' | 'sell') => {
    const p = o.ts.app.market.orderPricing()!;
    return customerPrice(p.quote, p.fx, p.settings).myr[side];
  };
  const order = (userId: number, extra: Record<string, unknown> = {}) =>
    o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, { userId, action: 0, orderType: 'MARKET', symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', goodTillDate: null, comment: null, ...extra });
  const place = (userId: number, role = 'complianceOfficer') => o.call<HoldView>(role, 'POST', `${S}/compliance/holds`, { userId, note: 'Name matches UN entry QDi.123 (officer review)' });
  const propose = (id: number, decision: 'freeze' | 'release', role: string) => o.call<HoldView>(role, 'POST', `${S}/compliance/holds/${id}/propose`, { decision, note: `${decision}: reviewed` });
  const agree = (id: number, role: string) => o.call<HoldView>(role, 'POST', `${S}/compliance/holds/${id}/agree`);
  const orderStatus = async (id: number) => (await o.call<{ order: OrderNode }>('none', 'GET', `${S}/order/${id}`)).body.order.status;
  const counts = async () =>
    (await o.ts.db.query<{ orders: number; requests: number; entries: number }>(
      'SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM payment_requests)::int AS requests, (SELECT count(*) FROM ledger_entries)::int AS entries',
    ))[0]!;

  it('a held customer orders nothing, withdraws and transfers nothing, changes no bank account; a deposit is received; an open limit order waits', async () => {
    const userId = await o.newUser('heldone', { fund: '20000.00', gold: '10.0000' });
    const other = await o.newUser('heldtwo', { fund: '100.00' });
    // before the hold: a limit buy that the next price fall fills, and a gold withdrawal awaiting its approval
    const limit = await order(userId, { orderType: 'LIMIT', price: roundTo(new Decimal(livePrice('buy')).minus(1), 3), quantity: '2' });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const withdrawal = await request('withdrawal', 'financeMaker', { userId: String(userId), type: 'XAU', quantity: '1.0000' });
    expect(withdrawal.status).toBe(200);

    const hold = await place(userId);
    expect(hold.status, hold.text).toBe(200);
    expect(hold.body).toMatchObject({ userId, status: 'held', source: 'officer', placedBy: 'complianceofficer', proposal: null });
    // every member of staff reads on the customer's record that a hold is in force, and not why
    const detail = await o.call<{ complianceHold: boolean }>('financeApprover', 'GET', `${S}/user/${userId}`);
    expect(detail.body.complianceHold).toBe(true);
    expect(detail.text).not.toMatch(/UN entry|QDi/);

    const before = { counts: await counts(), wallet: await walletBalances(o.ts.db, userId) };
    const refused = [
      ['a market buy', await order(userId)],
      ['a market sell', await order(userId, { action: 1 })],
      ['the pending withdrawal approved', await request('withdrawal', 'financeApprover', {}, withdrawal.body.id)],
      ['a new withdrawal', await request('withdrawal', 'financeMaker', { userId: String(userId), type: 'XAU', quantity: '1.0000' })],
      ['a transfer out', await request('transfer', 'financeMaker', { userId: String(userId), receiverUserId: String(other), type: 'MYR', amount: '10.00' })],
      ['a bank account added', await o.call('financeMaker', 'POST', `${S}/user/${userId}/bank/add`, { bankName: 'Maybank', accountOwner: 'Held One', accountNumber: '1234567890' })],
    ] as const;
    for (const [what, answer] of refused) {
      expect([what, answer.status, { code: answer.body.code, context: answer.body.context }]).toEqual([what, 409, HELD]);
      // the answer names a hold, never why: nothing of the desk's note reaches other staff
      expect(JSON.stringify(answer.body)).not.toMatch(/UN entry|QDi|screen|sanction|match/i);
    }
    expect(await counts()).toEqual(before.counts);
    expect(await walletBalances(o.ts.db, userId)).toEqual(before.wallet);

    // the price falls past the limit: the held customer's order is not filled
    o.source.xau = { bid: '1990.00', ask: '1991.00' };
    await o.waitForPrice();
    await o.ts.app.orders.runOnce(new Date(now));
    expect(await orderStatus(limit.body.id)).toBe('CREATED');

    // money coming in is received, and stays with the rest
    const deposit = await request('deposit', 'financeMaker', { userId: String(userId), type: 'MYR', amount: '500.00' });
    expect((await request('deposit', 'financeApprover', {}, deposit.body.id)).status).toBe(200);
    const incoming = await request('transfer', 'financeMaker', { userId: String(other), receiverUserId: String(userId), type: 'MYR', amount: '50.00' });
    expect((await request('transfer', 'financeApprover', {}, incoming.body.id)).status).toBe(200);
    expect(new Decimal((await walletBalances(o.ts.db, userId)).fund).minus(before.wallet.fund).toFixed(2)).toBe('550.00');

    // released by two officers, the customer trades again and the limit order fills on the next run
    const released = await propose(hold.body.id, 'release', 'complianceApprover');
    expect(released.status, released.text).toBe(200);
    expect((await agree(hold.body.id, 'superAdmin')).body).toMatchObject({ status: 'released', proposal: null, decidedBy: 'admin' });
    await o.ts.app.orders.runOnce(new Date(now));
    expect(await orderStatus(limit.body.id)).toBe('FILLED');
    expect((await o.call<{ complianceHold: boolean }>('financeApprover', 'GET', `${S}/user/${userId}`)).body.complianceHold).toBe(false);
    expect((await request('withdrawal', 'financeApprover', {}, withdrawal.body.id)).status).toBe(200);
    o.source.xau = { bid: '2000.00', ask: '2001.00' };
    await o.waitForPrice();
  });

  it('freezing and releasing take two officers; the officer who placed a hold does not release it', async () => {
    const userId = await o.newUser('frozen1', { fund: '1000.00', gold: '2.5000' });
    const hold = (await place(userId)).body;
    // held, not frozen: no freeze report yet
    expect((await o.call('complianceOfficer', 'GET', `${S}/compliance/holds/${hold.id}/freeze-report`)).status).toBe(404);
    // one hold in force at a time
    expect((await place(userId, 'complianceApprover')).body).toMatchObject({ code: ErrorCode.ComplianceHoldConflict });
    // the placer proposes to release: refused; another officer proposes to freeze
    expect(await propose(hold.id, 'release', 'complianceOfficer')).toMatchObject({ status: 403, body: { code: ErrorCode.ComplianceFourEyes } });
    expect((await propose(hold.id, 'freeze', 'complianceOfficer')).status).toBe(200);
    // one proposal at a time; the proposer may not agree; an officer without the approval permission may not
    expect((await propose(hold.id, 'release', 'complianceApprover')).body).toMatchObject({ code: ErrorCode.ComplianceHoldConflict });
    expect(await agree(hold.id, 'complianceOfficer')).toMatchObject({ status: 403 });
    const frozen = await agree(hold.id, 'complianceApprover');
    expect(frozen.body).toMatchObject({ status: 'frozen', decidedBy: 'complianceapprover' });
    expect((await order(userId)).body).toMatchObject(HELD);
    // the freeze drafted its report: who, what is frozen, its value at the buy-back price then, since when
    const buyBack = livePrice('sell');
    const report = await o.call<Record<string, unknown>>('complianceOfficer', 'GET', `${S}/compliance/holds/${hold.id}/freeze-report`);
    expect(report.status, report.text).toBe(200);
    expect(report.body).toMatchObject({
      holdId: hold.id,
      customer: { id: userId, username: 'frozen1' },
      heldSince: hold.placedAt,
      proposedBy: 'complianceofficer',
      frozenBy: 'complianceapprover',
      frozen: { fundMyr: '1000.00', goldGrams: '2.5000', fundHeldMyr: '0.00', goldHeldGrams: '0.0000' },
      value: { goldMyrPerGram: buyBack, goldMyr: roundTo(new Decimal(buyBack).times('2.5'), 2), totalMyr: roundTo(new Decimal(buyBack).times('2.5').plus(1000), 2) },
      pendingRequests: 0,
      openOrders: 0,
    });
    // the desk's alone
    expect((await o.call('financeApprover', 'GET', `${S}/compliance/holds/${hold.id}/freeze-report`)).status).toBe(403);
    // no decision pending: nothing to agree to
    expect((await agree(hold.id, 'superAdmin')).body).toMatchObject({ code: ErrorCode.ComplianceHoldConflict });
    // a release of a frozen customer: proposed by one, agreed by another; the placer may not agree to it
    expect((await propose(hold.id, 'release', 'complianceApprover')).status).toBe(200);
    expect(await agree(hold.id, 'complianceOfficer')).toMatchObject({ status: 403 });
    expect((await agree(hold.id, 'superAdmin')).body).toMatchObject({ status: 'released' });
    expect((await order(userId)).status).toBe(200);
  });

  it('only the compliance desk reads holds and why; other staff may not place one; bad input changes nothing', async () => {
    const userId = await o.newUser('quiet1', { fund: '10.00' });
    const placed = (await place(userId)).body;
    const list = await o.call<{ items: HoldView[] }>('complianceOfficer', 'GET', `${S}/compliance/holds`);
    expect(list.body.items.find((h) => h.id === placed.id)).toMatchObject({ note: 'Name matches UN entry QDi.123 (officer review)' });
    for (const role of ['financeApprover', 'operationApprover', 'none']) {
      expect((await o.call(role, 'GET', `${S}/compliance/holds`)).status, role).toBe(403);
      expect((await place(userId, role)).status, role).toBe(403);
    }
    // the audit trail keeps the hold's state, not the desk's note
    const [row] = await o.ts.db.query<{ detail: string }>("SELECT detail::text AS detail FROM audit_log WHERE action = 'compliance.holdPlace' ORDER BY id DESC LIMIT 1");
    expect(row!.detail).not.toContain('QDi');
    const before = await counts();
    const [{ n: holdsBefore }] = (await o.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compliance_holds')) as [{ n: number }];
    const bad = [
      await o.call('complianceOfficer', 'POST', `${S}/compliance/holds`, { userId: 999999, note: 'x' }),
      await o.call('complianceOfficer', 'POST', `${S}/compliance/holds`, { userId, note: '' }),
      await o.call('complianceOfficer', 'POST', `${S}/compliance/holds`, { userId: 2 ** 31, note: 'x' }),
      await o.call('complianceOfficer', 'POST', `${S}/compliance/holds/${placed.id}/propose`, { decision: 'forget', note: 'x' }),
      await o.call('complianceApprover', 'POST', `${S}/compliance/holds/999999/agree`),
      await o.call('complianceOfficer', 'GET', `${S}/compliance/holds?limit=501`),
    ];
    expect(bad.map((b) => [b.status, b.body.code])).toEqual([
      [404, 1003],
      [400, 1001],
      [400, 1001],
      [400, 1001],
      [404, 1003],
      [400, 1001],
    ]);
    expect(await counts()).toEqual(before);
    expect((await o.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM compliance_holds'))[0]!.n).toBe(holdsBefore);
  });
});
