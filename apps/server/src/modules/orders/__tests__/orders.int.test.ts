import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import type { OrderNode, PaymentView } from '@aurum/domain/orders/order-schemas';
import { customerPrice, userMyrPerGram } from '@aurum/domain/orders/order-pricing';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { openSocket } from '../../../testing/socket-client.ts';
import { S, startOrderServer, type OrderTestServer } from './order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
type Detail = { order: OrderNode; payment: PaymentView; [k: string]: unknown };

describe(`orders: create, settle, pay, cancel, revert on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  const market = (userId: number, action: 0 | 1, quantity: string, extra: Record<string, unknown> = {}) => ({
    userId,
    action,
    orderType: 'MARKET',
    price: null,
    symbol: 'XAU/MYR',
    currency: 'MYR',
    quantity,
    goodTillDate: null,
    comment: 'by phone',
    ...extra,
  });
  const offline = (userId: number, action: 0 | 1, quantity: string, finalPrice: string) => ({
    userId,
    action,
    symbol: 'XAU/MYR',
    currency: 'MYR',
    quantity,
    source: 'Desk',
    costPrice: finalPrice,
    quotePrice: finalPrice,
    exchangeRate: '4.5000',
    finalPrice,
    note: 'offline',
    useAhtConfig: false,
  });
  const detail = async (id: number) => (await o.call<Detail>('none', 'GET', `${S}/order/${id}`)).body;
  const wallet = (id: number) => walletBalances(o.ts.db, id);

  it('the demo data has orders in every status the life cycle reaches, consistent with the ledger', async () => {
    const rows = await o.ts.db.query<{ status: string }>("SELECT DISTINCT o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username IN ('goldenlotus', 'kilnworks') ORDER BY 1");
    expect(rows.map((r) => r.status)).toEqual(['CANCELED', 'CREATED', 'FILLED', 'OVERDUE', 'PAID', 'REVERTED', 'SETTLED']);
  });

  it('a market buy fills at once at the live customer price with personal fees, fund first then credit', async () => {
    const userId = await o.newUser('buyer1', { fund: '1000.00', credit: '100000.00' }, { premium: '0.500', fee_adjust_mode: 'both' });
    const sock = await openSocket(o.ts.url, await o.as('none'));
    const r = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '10'));
    expect(r.status, r.text).toBe(200);
    const d = await detail(r.body.id);
    const pricing = o.ts.app.market.orderPricing()!;
    const expected = userMyrPerGram(customerPrice(pricing.quote, pricing.fx, pricing.settings), 'buy', { premium: '0.500', refineryFees: '0', feeAdjustMode: 'both' });
    expect(d.order.status).toBe('FILLED');
    expect(d.order.myrPrice).toBe(expected);
    const amount = roundTo(new Decimal(expected).times(10), 2);
    expect(d.totalAmount).toBe(amount);
    expect(d.order.balanceDeducted).toBe('1000.00');
    expect(d.order.creditDeducted).toBe(roundTo(new Decimal(amount).minus(1000), 2));
    expect(d.order.userFee).toBe('0.500');
    expect(d.order.timeline.map((t) => t.action)).toEqual(['ORDER', 'FILLED']);
    const w = await wallet(userId);
    expect(w.fund).toBe('0.00');
    expect(w.fundHeld).toBe('1000.00');
    const isMine = (m: { type: string; data?: unknown }) => m.type === 'Market' && (m.data as { id: number }).id === r.body.id;
    const event = (sock.messages.find(isMine) ?? (await sock.next(isMine))) as unknown as { data: { id: number; status: string } };
    expect(event.data).toMatchObject({ id: r.body.id, status: 'FILLED' });
    sock.close();
    const audit = await o.ts.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'order.create'");
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses: closed market (1008), not allowed (1200), trade limit (1203), minimum quantity (1001), above available (2080), bad input', async () => {
    const rich = await o.newUser('refused1', { fund: '100000.00' }, { allowed_action: 'sellOnly' });
    const limited = await o.newUser('refused2', { fund: '100000.00' }, { trade_limit: '5.0000', allowed_pair: 'XAU/MYR' });
    const poor = await o.newUser('refused3', { fund: '10.00' });
    const post = (body: unknown) => o.call('financeMaker', 'POST', `${S}/order/create`, body);
    expect((await post(market(rich, 0, '2'))).body).toMatchObject({ code: 1200 });
    expect((await post(market(limited, 0, '6'))).body).toMatchObject({ code: 1203 });
    expect((await post(market(limited, 0, '2', { symbol: 'XAU/USD', currency: 'USD' }))).body).toMatchObject({ code: 1200 });
    const small = await post(market(limited, 0, '0.5'));
    expect(small.status).toBe(400);
    expect(small.body).toEqual({ code: 1001, context: 'quantity', detail: { rule: 'minimumQuantity', value: '1' } });
    const tooMuch = await post(market(poor, 0, '2'));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe(2080);
    expect((await post({ ...market(poor, 0, '2'), symbol: 'XAU/EUR' })).body).toMatchObject({ code: 1001, context: 'symbol' });
    expect((await post({ ...market(poor, 0, '2'), orderType: 'LIMIT' })).body).toMatchObject({ code: 1001, context: 'price' });
    expect((await post(market(999999, 0, '2'))).status).toBe(404);
    // panic mode closes every market, offline orders included
    await o.call('operationApprover', 'POST', `${S}/mode/set_panic`, { enabled: true });
    await o.ts.app.market.reloadSettings();
    const closed = await post(market(limited, 0, '2'));
    expect(closed.status).toBe(422);
    expect(closed.body).toMatchObject({ code: 1008, context: 'panic mode' });
    expect((await o.call('financeMaker', 'POST', `${S}/order/customize`, offline(limited, 0, '2', '300.000'))).body).toMatchObject({ code: 1008 });
    await o.call('operationApprover', 'POST', `${S}/mode/set_panic`, { enabled: false });
    await o.ts.app.market.reloadSettings();
    // after hours XAU/USD is closed (bank closed)
    o.advance(10 * 3600_000); // 20:00
    try {
      await o.waitForPrice();
      const late = await post(market(poor, 0, '2', { symbol: 'XAU/USD', currency: 'USD' }));
      expect(late.body).toMatchObject({ code: 1008, context: 'bank closed' });
    } finally {
      o.advance(-10 * 3600_000);
    }
    await o.waitForPrice();
    // permission: operationApprover cannot create
    expect((await o.call('operationApprover', 'POST', `${S}/order/create`, market(poor, 0, '2'))).status).toBe(403);
    expect(await o.ts.db.query('SELECT 1 FROM orders WHERE user_id = ANY($1::bigint[])', [[rich, limited, poor]])).toEqual([]);
  });

  it('settle, pay with interest when overdue, and PAID when nothing is owed; payment above owed is refused', async () => {
    const userId = await o.newUser('payer1', { credit: '10000.00' }, { interest_rate: '0.020000' });
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, offline(userId, 0, '10', '300.000'));
    expect(created.status, created.text).toBe(200);
    const id = created.body.id;
    expect((await detail(id)).order).toMatchObject({ status: 'FILLED', creditDeducted: '3000.00', balanceDeducted: '0.00', isCustom: true, orderType: 'OFF_LINE' });
    // a payment before settlement is a state conflict
    const early = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: null, amount: '10.00', paymentDate: '2030-01-07' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(3100);
    expect(early.body.context).toContain('FILLED');
    expect((await o.call('financeMaker', 'POST', `${S}/order/settle/${id}/${userId}`)).status).toBe(403);
    expect((await o.call('financeApprover', 'POST', `${S}/order/settle/${id}/${userId + 1000}`)).status).toBe(404);
    const settled = await o.call('financeApprover', 'POST', `${S}/order/settle/${id}/${userId}`);
    expect(settled.body).toMatchObject({ id, status: 'SETTLED' });
    const again = await o.call('financeApprover', 'POST', `${S}/order/settle/${id}/${userId}`);
    expect(again.status).toBe(409);
    // 3 days of grace, then interest: 3000 x (0.02 + 0.08) x 10 / 365 = 8.22 on 2030-01-20
    const owed = await o.call<{ kind: string; value: string }>('none', 'POST', `${S}/order/total_owed`, { orderId: id, paymentDate: '2030-01-20' });
    expect(owed.body).toEqual({ kind: 'myr', value: '3008.22' });
    expect((await o.call('none', 'POST', `${S}/order/total_owed`, { orderId: id, paymentDate: '2030-01-08' })).body).toEqual({ kind: 'myr', value: '3000.00' });
    // 13 days later: pay part, interest first
    o.advance(13 * 86_400_000);
    await o.waitForPrice();
    await o.deposit(userId, { fund: '5000.00' });
    const above = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: null, amount: '3008.23', paymentDate: '2030-01-20' });
    expect(above.status).toBe(422);
    expect(above.body.code).toBe(3102);
    const future = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: null, amount: '1.00', paymentDate: '2030-01-21' });
    expect(future.body).toMatchObject({ code: 1001, context: 'paymentDate' });
    const part = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: 'first', amount: '1008.22', paymentDate: '2030-01-20' }, { 'idempotency-key': 'pay-1' });
    expect(part.body).toMatchObject({ id, status: 'SETTLED' });
    const replay = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: 'first', amount: '1008.22', paymentDate: '2030-01-20' }, { 'idempotency-key': 'pay-1' });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(part.body);
    const view = (await o.call<PaymentView>('none', 'POST', `${S}/order/payment_view/${id}`)).body;
    expect(view).toMatchObject({ kind: 'myr', amountTotal: '3000.00', amountPaid: '1000.00', amountOwed: '2000.00', interestPaid: '8.22', interestOwed: '0.00' });
    expect(view.interestRate).toEqual({ personal: '0.020000', global: '0.080000', total: '0.100000' });
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ received: { kind: 'myr', value: '1008.22' }, paymentMadeAt: '2030-01-20', submittedBy: 'financemaker' });
    expect((await wallet(userId)).credit).toBe('8000.00'); // credit back for the principal paid
    const done = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: id, note: null, amount: '2000.00', paymentDate: '2030-01-20' });
    expect(done.body).toMatchObject({ status: 'PAID' });
    const d = await detail(id);
    expect(d.order.timeline.map((t) => t.action)).toEqual(['ORDER', 'FILLED', 'SETTLED', 'RECEIVED', 'RECEIVED', 'COMPLETE']);
    const w = await wallet(userId);
    expect(w).toMatchObject({ gold: '10.0000', credit: '10000.00', fund: roundTo(new Decimal(5000).minus(3008.22), 2) });
    const summary = (await o.call('none', 'POST', `${S}/order/summary/${userId}`)).body;
    expect(summary).toEqual({ buy: { totalAmount: '3000.00', unpaidAmount: '0.00', outstandingQuantity: '0.0000' }, sell: { totalQuantity: '0.0000', unpaidQuantity: '0.0000', outstandingAmount: '0.00' } });
    o.advance(-13 * 86_400_000);
    await o.waitForPrice();
  });

  it('a fully funded buy is PAID on settlement; a sell short of gold owes XAU and gets its MYR once delivered', async () => {
    const buyer = await o.newUser('funded1', { fund: '5000.00' });
    const b = (await o.call<{ id: number }>('operationMaker', 'POST', `${S}/order/customize`, offline(buyer, 0, '10', '300.000'))).body.id;
    expect((await o.call('operationApprover', 'POST', `${S}/order/settle/${b}/${buyer}`)).body).toMatchObject({ status: 'PAID' });
    expect(await wallet(buyer)).toMatchObject({ fund: '2000.00', gold: '10.0000', fundHeld: '0.00' });

    const seller = await o.newUser('seller1', { gold: '6.0000', credit: '5000.00' });
    const s = (await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, offline(seller, 1, '10', '300.000'))).body.id;
    expect((await detail(s)).order).toMatchObject({ goldReserved: '6.0000' });
    await o.call('financeApprover', 'POST', `${S}/order/settle/${s}/${seller}`);
    expect((await o.call('none', 'POST', `${S}/order/total_owed`, { orderId: s, paymentDate: '2030-01-07' })).body).toEqual({ kind: 'xau', value: '4.0000' });
    const noGold = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId: seller, orderId: s, note: null, amount: '4.0000', paymentDate: '2030-01-07' });
    expect(noGold.body.code).toBe(2080);
    await o.deposit(seller, { gold: '4.0000' });
    const delivered = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId: seller, orderId: s, note: null, amount: '4.0000', paymentDate: '2030-01-07' });
    expect(delivered.body).toMatchObject({ status: 'PAID' });
    expect(await wallet(seller)).toMatchObject({ gold: '0.0000', fund: '3000.00', goldHeld: '0.0000' });
    // a sell beyond gold and credit is refused
    const broke = await o.newUser('seller2', { gold: '1.0000' });
    expect((await o.call('financeMaker', 'POST', `${S}/order/create`, market(broke, 1, '5'))).body.code).toBe(2080);
  });

  it('cancel releases the reservation; revert reverses postings and refunds payments; both only from their statuses', async () => {
    const userId = await o.newUser('cancel1', { fund: '10000.00', credit: '10000.00' });
    const a = (await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '2'))).body.id;
    expect((await o.call('financeMaker', 'POST', `${S}/order/cancel/${a}`)).status).toBe(403);
    expect((await o.call('financeApprover', 'POST', `${S}/order/cancel/${a}`)).body).toMatchObject({ status: 'CANCELED' });
    expect(await wallet(userId)).toMatchObject({ fund: '10000.00', fundHeld: '0.00', credit: '10000.00' });
    const twice = await o.call('financeApprover', 'POST', `${S}/order/cancel/${a}`);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 3100 });
    expect((await o.call('financeApprover', 'POST', `${S}/order/revert`, { userId, orderId: a, reason: 'x' })).status).toBe(409);

    const b = (await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, offline(userId, 0, '50', '300.000'))).body.id;
    await o.call('financeApprover', 'POST', `${S}/order/settle/${b}/${userId}`);
    await o.deposit(userId, { fund: '1000.00' });
    await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId, orderId: b, note: null, amount: '500.00', paymentDate: '2030-01-07' });
    expect((await o.call('operationApprover', 'POST', `${S}/order/revert`, { userId, orderId: b, reason: 'wrong price' })).status).toBe(403);
    expect((await o.call('financeApprover', 'POST', `${S}/order/revert`, { userId, orderId: b, reason: '' })).body).toMatchObject({ code: 1001, context: 'reason' });
    const reverted = await o.call('financeApprover', 'POST', `${S}/order/revert`, { userId, orderId: b, reason: 'wrong price' });
    expect(reverted.body).toMatchObject({ status: 'REVERTED' });
    expect(await wallet(userId)).toMatchObject({ fund: '11000.00', credit: '10000.00', fundHeld: '0.00', gold: '0.0000' });
    const d = await detail(b);
    expect(d.order.timeline.map((t) => t.action).slice(-2)).toEqual(['REFUNDED', 'REVERTED']);
    expect(d).toMatchObject({ revertReason: 'wrong price', revertedExecutor: 'financeapprover' });
    expect((await o.call('none', 'POST', `${S}/order/reverted_detail`, { orderId: b })).body).toMatchObject({ executor: 'financeapprover', reason: 'wrong price' });
    expect((await o.call<PaymentView>('none', 'POST', `${S}/order/payment_view/${b}`)).body.payments).toEqual([]);
    const summary = (await o.call<{ buy: { totalAmount: string } }>('none', 'POST', `${S}/order/summary/${userId}`)).body;
    expect(summary.buy.totalAmount).toBe('0.00');
  });

  it('two admins settling or canceling the same order at once: exactly one wins, the other 409', async () => {
    const userId = await o.newUser('race1', { fund: '100000.00' });
    for (const [first, second] of [
      ['settle', 'settle'],
      ['cancel', 'cancel'],
      ['settle', 'cancel'],
    ] as const) {
      const id = (await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '1'))).body.id;
      const path = (what: string) => (what === 'settle' ? `${S}/order/settle/${id}/${userId}` : `${S}/order/cancel/${id}`);
      const [x, y] = await Promise.all([
        o.call('financeApprover', 'POST', path(first)),
        o.call('operationApprover', 'POST', path(second)),
      ]);
      expect([x.status, y.status].sort(), `${first}/${second}: ${x.text} ${y.text}`).toEqual([200, 409]);
      const timeline = (await detail(id)).order.timeline.map((t) => t.action);
      expect(timeline.filter((a) => a === 'SETTLED' || a === 'CANCELED')).toHaveLength(1);
    }
  });

  it('Idempotency-Key on create: a repeated key answers the first id and creates nothing; another body with it is 409', async () => {
    const userId = await o.newUser('idem1', { fund: '100000.00' });
    const key = { 'idempotency-key': 'create-abc-1' };
    const [a, b] = await Promise.all([
      o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '1'), key),
      o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '1'), key),
    ]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(a.body.id).toBe(b.body.id);
    const c = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '1'), key);
    expect(c.body.id).toBe(a.body.id);
    expect(await o.ts.db.query('SELECT id FROM orders WHERE user_id = $1', [userId])).toHaveLength(1);
    expect((await o.call('financeMaker', 'POST', `${S}/order/create`, market(userId, 0, '2'), key)).body).toMatchObject({ code: 3101 });
  });

  it('list_count, legacy list, detail fields, 404s', async () => {
    const counts = await o.call<Array<{ status: string; count: number }>>('none', 'POST', `${S}/order/list_count`, { filterType: 'Status', status: ['Created', 'Filled', 'Settled', 'Overdue'] });
    expect(counts.body.map((c) => c.status)).toEqual(['CREATED', 'FILLED', 'SETTLED', 'OVERDUE']);
    const [{ n }] = (await o.ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE status = 'FILLED'")) as [{ n: number }];
    expect(counts.body[1]!.count).toBe(n);
    const userId = await o.userId('race1');
    const list = await o.call<OrderNode[]>('none', 'POST', `${S}/order/list`, { orderId: null, userCondition: [2, userId], status: ['SETTLED', 'PAID'] });
    expect(list.body.length).toBeGreaterThan(0);
    for (const x of list.body) expect(x.userId).toBe(userId);
    const d = await detail(list.body[0]!.id);
    expect(d).toMatchObject({ type: 'online', orderType: 'market', pair: 'XAU/MYR', expiration: { type: 'GTC', date: null }, createdBy: 'financemaker' });
    expect((d.price as { myrPerKg: string }).myrPerKg).toMatch(/^\d+\.\d{2}$/);
    expect((await o.call('none', 'GET', `${S}/order/999999`)).status).toBe(404);
    expect((await o.call('none', 'POST', `${S}/order/payment_view/999999`)).status).toBe(404);
  });
});
