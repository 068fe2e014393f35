import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import type { HedgeDetail, HedgePage, HedgeView } from '@aurum/domain/hedges/hedge-schemas';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { openSocket } from '../../../testing/socket-client.ts';
import { AUDIT_CHAIN_LOCK } from '../../audit/audit-writer.ts';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { positionOf } from '../../treasury/__tests__/treasury-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`hedges on ${driver}`, () => {
  let o: OrderTestServer;
  let refs = 0;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());

  const hedgeBody = (extra: Record<string, unknown> = {}) => ({
    clientRef: `ref-${++refs}`,
    provider: 'Metalor',
    providerOrderId: `MT-${refs}`,
    metal: 'XAU',
    side: 'BUY',
    quantity: '10',
    price: '400.000',
    currency: 'MYR',
    fee: '12.50',
    tradedAt: '2030-01-07T01:30:00Z',
    ...extra,
  });
  const record = (body: Record<string, unknown>, role = 'financeMaker') => o.call<HedgeDetail>(role, 'POST', `${S}/hedge/create`, body);
  const link = (hedgeId: number, orders: Array<{ orderId: number; quantity: string }>, role = 'financeMaker') =>
    o.call<HedgeDetail>(role, 'POST', `${S}/hedge/link/${hedgeId}`, { orders });
  const detail = async (id: number) => (await o.call<HedgeDetail>('none', 'GET', `${S}/hedge/${id}`)).body;
  const state = async () => {
    const [row] = await o.ts.db.query<{ h: number; l: number; a: number; q: string }>(
      `SELECT (SELECT count(*)::int FROM hedges) AS h, (SELECT count(*)::int FROM hedge_orders) AS l,
              (SELECT coalesce(sum(quantity), 0)::text FROM hedge_orders) AS q,
              (SELECT count(*)::int FROM audit_log WHERE action LIKE 'hedge.%') AS a`,
    );
    return row!;
  };
  const marketOrder = async (action: 0 | 1, quantity: string) => {
    const userId = await o.newUser(`hedged${++refs}`, { fund: '100000.00', gold: '100.0000', credit: '100000.00' });
    const r = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId,
      action,
      orderType: 'MARKET',
      price: null,
      symbol: 'XAU/MYR',
      currency: 'MYR',
      quantity,
      goodTillDate: null,
      comment: null,
    });
    expect(r.status, r.text).toBe(200);
    return r.body.id;
  };

  it('records a hedge with the position before and after, audited, and lists it', async () => {
    const r = await record(hedgeBody({ clientRef: 'first-hedge' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ clientRef: 'first-hedge', provider: 'Metalor', metal: 'XAU', side: 'BUY', quantity: '10.0000', price: '400.000', fee: '12.50', state: 'filled', linked: '0.0000', unlinked: '10.0000', orders: [] });
    expect(r.body.tradedAt).toBe('2030-01-07T01:30:00.000Z');
    expect(new Decimal(r.body.positionAfter).minus(r.body.positionBefore).toFixed(4)).toBe('10.0000');
    const sell = await record(hedgeBody({ side: 'SELL', quantity: '2.5' }));
    expect(new Decimal(sell.body.positionAfter).minus(sell.body.positionBefore).toFixed(4)).toBe('-2.5000');
    const [audit] = await o.ts.db.query<{ detail: { after: HedgeDetail } }>("SELECT detail FROM audit_log WHERE action = 'hedge.record' ORDER BY id LIMIT 1");
    expect(audit!.detail.after).toMatchObject({ clientRef: 'first-hedge', quantity: '10.0000' });
    const page = await o.call<HedgePage>('none', 'GET', `${S}/hedge/list?state=filled&metal=XAU&provider=metal`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((h) => h.clientRef)).toEqual(expect.arrayContaining(['first-hedge', sell.body.clientRef]));
    const none = await o.call<HedgePage>('none', 'GET', `${S}/hedge/list?provider=nobody`);
    expect(none.body).toMatchObject({ items: [], total: 0 });
    const byDay = await o.call<HedgePage>('none', 'GET', `${S}/hedge/list?tradedFrom=2030-01-08`);
    expect(byDay.body.total).toBe(0);
  });

  it('moves the position: a 10 g buy hedge adds 10 g to hedged and net, told over the socket; canceling takes it back', async () => {
    const position = () => positionOf(o);
    const sock = await openSocket(o.ts.url, await o.as('none'));
    const before = await position();
    const h = await record(hedgeBody({ quantity: '10' }));
    expect(h.status, h.text).toBe(200);
    expect(h.body.positionBefore).toBe(before.net);
    expect(h.body.positionAfter).toBe(new Decimal(before.net).plus(10).toFixed(4));
    const after = await position();
    expect(new Decimal(after.hedged).minus(before.hedged).toFixed(4)).toBe('10.0000');
    expect(after.net).toBe(h.body.positionAfter);
    const moved = (m: { type: string }) => m.type === 'TreasuryPosition';
    expect(sock.messages.find(moved) ?? (await sock.next(moved))).toMatchObject({ type: 'TreasuryPosition', data: { metals: ['XAU'] } });
    sock.close();
    expect((await o.call('financeApprover', 'POST', `${S}/hedge/cancel/${h.body.id}`)).status).toBe(200);
    expect((await position()).net).toBe(before.net);
  });

  it('answers the first hedge again for the same clientRef and body, refuses another body with 409 3101', async () => {
    const body = hedgeBody({ clientRef: 'idem-1', quantity: '5' });
    const first = await record(body);
    expect(first.status).toBe(200);
    const before = await state();
    const again = await record({ ...body, quantity: '5.0000' }, 'superAdmin');
    expect([again.status, again.body.id]).toEqual([200, first.body.id]);
    expect((await state()).h).toBe(before.h);
    const other = await record({ ...body, quantity: '6' });
    expect([other.status, other.body.code]).toEqual([409, 3101]);
    expect((await state()).h).toBe(before.h);
  });

  it('links orders within their grams and the hedge quantity, shows them on the order with the spread', async () => {
    const orderId = await marketOrder(0, '10');
    const order = (await o.call<OrderDetail>('none', 'GET', `${S}/order/${orderId}`)).body;
    const orderPrice = order.order.myrPrice!;
    const hedgePrice = roundTo(new Decimal(orderPrice).minus('2.5'), 3);
    const a = await record(hedgeBody({ quantity: '6', price: hedgePrice, orders: [{ orderId, quantity: '6' }] }));
    expect(a.status, a.text).toBe(200);
    expect(a.body.orders).toEqual([expect.objectContaining({ orderId, quantity: '6.0000', spreadPerGram: '2.5000', spread: '15.00' })]);
    expect(a.body).toMatchObject({ linked: '6.0000', unlinked: '0.0000' });

    const b = await record(hedgeBody({ quantity: '8', price: hedgePrice }));
    const before = await state();
    const over = await link(b.body.id, [{ orderId, quantity: '4.0001' }]);
    expect([over.status, over.body.code]).toEqual([422, 3220]);
    expect(over.body.context).toBe(`Order ${orderId} has only 4.0000 g left to cover.`);
    expect(await state()).toEqual(before);
    const ok = await link(b.body.id, [{ orderId, quantity: '4' }]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ linked: '4.0000', unlinked: '4.0000' });

    // a hedge's links never exceed its quantity
    const other = await marketOrder(0, '5');
    const beyond = await link(b.body.id, [{ orderId: other, quantity: '4.5' }]);
    expect([beyond.status, beyond.body.code, beyond.body.context]).toEqual([422, 3220, 'The hedge has only 4.0000 g left to link.']);
    // a hedge recorded with a link beyond its order is not recorded at all
    const refusedBody = hedgeBody({ quantity: '2', orders: [{ orderId: other, quantity: '5.0001' }] });
    const refusedRecord = await record(refusedBody);
    expect([refusedRecord.status, refusedRecord.body.code, refusedRecord.body.context]).toEqual([422, 3220, `Order ${other} has only 5.0000 g left to cover.`]);
    expect(await o.ts.db.query('SELECT id FROM hedges WHERE client_ref = $1', [refusedBody.clientRef])).toEqual([]);
    // a sell hedge does not cover a customer buy; unknown orders are 404
    const sell = await record(hedgeBody({ side: 'SELL', quantity: '1' }));
    const side = await link(sell.body.id, [{ orderId: other, quantity: '1' }]);
    expect([side.status, side.body.code]).toEqual([422, 3220]);
    expect((await link(sell.body.id, [{ orderId: 99999999, quantity: '1' }])).status).toBe(404);

    const shown = (await o.call<OrderDetail>('none', 'GET', `${S}/order/${orderId}`)).body;
    expect(shown.hedges).toEqual([
      expect.objectContaining({ hedgeId: a.body.id, clientRef: a.body.clientRef, provider: 'Metalor', quantity: '6.0000', price: hedgePrice, currency: 'MYR', spread: '15.00' }),
      expect.objectContaining({ hedgeId: b.body.id, quantity: '4.0000', spread: '10.00' }),
    ]);

    // canceling a hedge frees the order's grams for another
    expect((await o.call<HedgeView>('financeApprover', 'POST', `${S}/hedge/cancel/${a.body.id}`)).body.state).toBe('canceled');
    expect((await link(b.body.id, [{ orderId, quantity: '4' }])).status).toBe(200);
    expect((await detail(b.body.id)).orders).toEqual([expect.objectContaining({ orderId, quantity: '8.0000', spread: '20.00' })]);
    // a canceled hedge takes no links
    const canceled = await link(a.body.id, [{ orderId: other, quantity: '1' }]);
    expect([canceled.status, canceled.body.code]).toEqual([422, 3220]);
  });

  it('lets two admins linking at once never exceed an order', async () => {
    const orderId = await marketOrder(0, '10');
    const one = await record(hedgeBody({ quantity: '10' }));
    const two = await record(hedgeBody({ quantity: '10' }));
    expect((await o.call('superAdmin', 'GET', `${S}/hedge/${one.body.id}`)).status).toBe(200);
    const both = () => Promise.all([link(one.body.id, [{ orderId, quantity: '7' }], 'financeMaker'), link(two.body.id, [{ orderId, quantity: '7' }], 'superAdmin')]);
    let results: Awaited<ReturnType<typeof both>>;
    if (driver === 'postgres') {
      // the audit chain's lock is held meanwhile, so both links have read what is linked before
      // either commits: only the order's row lock keeps the second from linking too
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const blocker = o.ts.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [AUDIT_CHAIN_LOCK]);
        locked();
        await held;
      });
      await isLocked;
      const running = both();
      for (let i = 0; ; i++) {
        const [w] = await o.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted');
        if (w!.n >= 2) break;
        if (i > 400) throw new Error('the links never waited');
        await new Promise((r) => setTimeout(r, 25));
      }
      release();
      await blocker;
      results = await running;
    } else {
      results = await both();
    }
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const [row] = await o.ts.db.query<{ q: string }>('SELECT sum(quantity)::text AS q FROM hedge_orders WHERE order_id = $1', [orderId]);
    expect(row!.q).toBe('7.0000');
  });

  it('settles and cancels a filled hedge once, audited', async () => {
    const h = await record(hedgeBody());
    const settled = await o.call<HedgeView>('financeApprover', 'POST', `${S}/hedge/settle/${h.body.id}`);
    expect([settled.status, settled.body.state]).toEqual([200, 'settled']);
    const cancel = await o.call('financeApprover', 'POST', `${S}/hedge/cancel/${h.body.id}`);
    expect([cancel.status, cancel.body.code]).toEqual([409, 3221]);
    const [audit] = await o.ts.db.query<{ detail: { before: { state: string }; after: { state: string } } }>(
      "SELECT detail FROM audit_log WHERE action = 'hedge.settle' ORDER BY id DESC LIMIT 1",
    );
    expect(audit!.detail).toMatchObject({ before: { state: 'filled' }, after: { state: 'settled' } });
    expect((await o.call('financeApprover', 'POST', `${S}/hedge/settle/99999999`)).status).toBe(404);
    const listed = await o.call<HedgePage>('none', 'GET', `${S}/hedge/list?state=settled`);
    expect(listed.body.items.map((x) => x.id)).toEqual([h.body.id]);
  });

  it('refuses bad input with 400 (1001, the field) and changes nothing', async () => {
    const before = await state();
    const cases: Array<[Record<string, unknown>, string]> = [
      [hedgeBody({ clientRef: '' }), 'clientRef'],
      [hedgeBody({ clientRef: 'x'.repeat(65) }), 'clientRef'],
      [hedgeBody({ provider: ' padded' }), 'provider'],
      [hedgeBody({ metal: 'XPD' }), 'metal'],
      [hedgeBody({ side: 'HOLD' }), 'side'],
      [hedgeBody({ quantity: '0' }), 'quantity'],
      [hedgeBody({ quantity: '1.00001' }), 'quantity'],
      [hedgeBody({ quantity: 10 }), 'quantity'],
      [hedgeBody({ price: '-1' }), 'price'],
      [hedgeBody({ price: '1.0001' }), 'price'],
      [hedgeBody({ price: '1e3' }), 'price'],
      [hedgeBody({ currency: 'EUR' }), 'currency'],
      [hedgeBody({ fee: '-0.01' }), 'fee'],
      [hedgeBody({ tradedAt: 'yesterday' }), 'tradedAt'],
      [hedgeBody({ tradedAt: '2030-01-07' }), 'tradedAt'],
      [hedgeBody({ orders: [{ orderId: 'x', quantity: '1' }] }), 'orders.0.orderId'],
      [hedgeBody({ orders: [{ orderId: 1, quantity: '0' }] }), 'orders.0.quantity'],
      [hedgeBody({ orders: [{ orderId: 1, quantity: '1' }, { orderId: 1, quantity: '1' }] }), 'orders.1.orderId'],
    ];
    for (const [body, field] of cases) {
      const r = await record(body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([400, { code: 1001, context: field }]);
    }
    expect((await o.call('financeMaker', 'POST', `${S}/hedge/link/1`, { orders: [] })).body).toEqual({ code: 1001, context: 'orders' });
    expect((await o.call('financeMaker', 'POST', `${S}/hedge/link/abc`, { orders: [{ orderId: 1, quantity: '1' }] })).body).toEqual({ code: 1001, context: 'hedgeId' });
    expect((await o.call('none', 'GET', `${S}/hedge/list?state=open`)).body).toEqual({ code: 1001, context: 'state' });
    expect((await o.call('none', 'GET', `${S}/hedge/list?tradedFrom=2030-13-01`)).body).toEqual({ code: 1001, context: 'tradedFrom' });
    expect((await o.call('none', 'GET', `${S}/hedge/0`)).status).toBe(400);
    expect((await o.call('none', 'GET', `${S}/hedge/99999999`)).status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('lets only recordHedge roles change hedges; every admin reads them', async () => {
    const h = await record(hedgeBody());
    const before = await state();
    for (const role of ['operationMaker', 'operationApprover', 'none']) {
      const refused = [
        await record(hedgeBody(), role),
        await link(h.body.id, [{ orderId: 1, quantity: '1' }], role),
        await o.call(role, 'POST', `${S}/hedge/settle/${h.body.id}`),
        await o.call(role, 'POST', `${S}/hedge/cancel/${h.body.id}`),
      ];
      expect(refused.map((r) => [r.status, r.body.code]), role).toEqual(Array(4).fill([403, 1150]));
    }
    expect((await state()).h).toBe(before.h);
    expect((await state()).l).toBe(before.l);
    expect((await o.call('operationMaker', 'GET', `${S}/hedge/${h.body.id}`)).status).toBe(200);
    expect((await o.api.call('GET', `${S}/hedge/list`)).status).toBe(401);
  });
});
