import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@aurum/domain/money/decimal';
import type { PositionAnswer, PositionItem } from '@aurum/domain/treasury/position-schemas';
import { openSocket } from '../../../testing/socket-client.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { gramsMoved, positionOf } from './treasury-helpers.ts';

const PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer();
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`treasury position and coverage on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());
  afterEach(async () => {
    await expectLedgerConsistent(o.ts.db);
  });

  const position = () => positionOf(o);
  const moved = (before: PositionItem, after: PositionItem) => gramsMoved(before.net, after.net);
  const market = (userId: number, action: 0 | 1, quantity: string, symbol: 'XAU/MYR' | 'XAU/USD' = 'XAU/MYR') =>
    o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId,
      action,
      orderType: 'MARKET',
      price: null,
      symbol,
      currency: symbol === 'XAU/MYR' ? 'MYR' : 'USD',
      quantity,
      goodTillDate: null,
      comment: null,
    });
  const hedge = (side: 'BUY' | 'SELL', quantity: string, ref: string) =>
    o.ts.db.query(
      `INSERT INTO hedges (client_ref, provider, metal, side, quantity, price, currency, traded_at, state, position_before, position_after, request_hash)
       VALUES ($1, 'Acme Metals', 'XAU', $2, $3, 2650, 'USD', now(), 'filled', 0, 0, 'test')`,
      [ref, side, quantity],
    );
  const auditRows = (action: string) => o.ts.db.query<{ detail: Record<string, unknown>; username: string }>('SELECT detail, username FROM audit_log WHERE action = $1 ORDER BY id', [action]);

  it('answers one item per metal, the demo customers covered by the demo bars, marked to market at the live price', async () => {
    const r = await o.call<PositionAnswer>('none', 'GET', `${S}/treasury/position`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.items.map((i) => i.metal)).toEqual(['XAU', 'XPT', 'XAG']);
    const xau = r.body.items[0]!;
    expect(new Decimal(xau.vaultStock).gt(70_000)).toBe(true); // six ~12,441 g bars at KUL-01
    expect(new Decimal(xau.coverageHeadroom).gt(0)).toBe(true);
    expect(xau.coverageMode).toBe('refuse');
    // net = house metal + hedged + sell receivables - customer holdings - buy obligations
    const sum = new Decimal(xau.houseMetal).plus(xau.hedged).plus(xau.sellReceivables).minus(xau.customerHoldings).minus(xau.buyObligations);
    expect(sum.toFixed(4)).toBe(xau.net);
    expect(xau.mtmMyr).not.toBeNull();
    expect(xau.mtmUsd).not.toBeNull();
    expect(new Decimal(xau.mtmUsd!).gt(0)).toBe(xau.net.startsWith('-') ? false : true);
    const xpt = r.body.items[1]!;
    expect(xpt).toMatchObject({ net: '0.0000', customerHoldings: '0.0000', vaultStock: '0.0000' });
    expect((await o.api.call('GET', `${S}/treasury/position`)).status).toBe(401);
  });

  it('a 10 g market buy moves net by -10 g from its fill, a 10 g hedge buy brings it back, a 5 g sell moves it by +5 g; the socket tells the consoles', async () => {
    const socket = await openSocket(o.ts.url, await o.as('none'));
    try {
      const buyer = await o.newUser('trbuyer', { fund: '100000.00' });
      const seller = await o.newUser('trseller', { gold: '20.0000' });
      const start = await position();
      const moving = socket.next((m) => m.type === 'TreasuryPosition');
      const b = await market(buyer, 0, '10');
      expect(b.status, b.text).toBe(200);
      expect(await moving).toMatchObject({ type: 'TreasuryPosition', data: { metals: ['XAU'] } });
      const afterBuy = await position();
      expect(moved(start, afterBuy)).toBe('-10.0000');
      expect(new Decimal(afterBuy.buyObligations).minus(start.buyObligations).toFixed(4)).toBe('10.0000');

      await hedge('BUY', '10', 'tr-hedge-1');
      const afterHedge = await position();
      expect(moved(start, afterHedge)).toBe('0.0000');
      expect(new Decimal(afterHedge.hedged).minus(start.hedged).toFixed(4)).toBe('10.0000');

      const s = await market(seller, 1, '5');
      expect(s.status, s.text).toBe(200);
      const afterSell = await position();
      expect(moved(afterHedge, afterSell)).toBe('5.0000');
      expect(new Decimal(afterHedge.customerHoldings).minus(afterSell.customerHoldings).toFixed(4)).toBe('5.0000');
    } finally {
      socket.close();
    }
  });

  it('a buy that would leave customers uncovered is refused with 2090, changes nothing and is audited; in mode alert it is accepted and flagged', async () => {
    const buyer = await o.newUser('trshort', { fund: '9000000.00' });
    const { kept, restore } = await tighten('40.5');
    try {
      const tight = await position();
      expect(tight.coverageHeadroom).toBe(kept.toFixed(4));
      const quantity = kept.plus(5).toFixed(0);
      const orders = await o.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      const refusedBefore = (await auditRows('treasury.coverage')).length;
      for (const symbol of ['XAU/MYR', 'XAU/USD'] as const) {
        const r = await market(buyer, 0, quantity, symbol);
        expect(r.status, r.text).toBe(422);
        expect(r.body).toMatchObject({ code: 2090, detail: { rule: 'coverage', metal: 'XAU', shortBy: new Decimal(quantity).minus(kept).toFixed(4) } });
      }
      expect((await o.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders'))[0]!.n).toBe(orders[0]!.n);
      expect(await walletBalances(o.ts.db, buyer)).toMatchObject({ fund: '9000000.00', fundHeld: '0.00' });
      expect((await position()).net).toBe(tight.net);
      const refused = (await auditRows('treasury.coverage')).slice(refusedBefore);
      expect(refused).toHaveLength(2);
      expect(refused[0]).toMatchObject({ username: o.ts.demo.byRole.financeMaker!.username, detail: { decision: 'refused', metal: 'XAU', code: 2090 } });

      // mode alert: accepted, flagged on the order's audit row
      const alert = await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', coverageMode: 'alert' });
      expect(alert.status, alert.text).toBe(200);
      const accepted = await market(buyer, 0, quantity);
      expect(accepted.status, accepted.text).toBe(200);
      const created = (await auditRows('order.create')).at(-1)!;
      expect(created.detail).toMatchObject({ coverage: { decision: 'flagged', metal: 'XAU', orderId: accepted.body.id } });
      expect(new Decimal((await position()).coverageHeadroom).lt(0)).toBe(true);
    } finally {
      await restore();
      await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', coverageMode: 'refuse' });
    }
  });

  /**
   * Leaves exactly `room` grams of coverage headroom: the available bars are quarantined and one
   * test bar (not in the books: coverage counts bars by status) covers customer metal plus `room`.
   */
  const tighten = async (room = '50') => {
    const now = await position();
    const supply = new Decimal(now.coverageHeadroom).plus(now.customerHoldings).plus(now.buyObligations); // bars + providers
    const ids = (await o.ts.db.query<{ id: number }>("SELECT id FROM vault_bars WHERE status = 'available'")).map((b) => b.id);
    const providers = supply.minus(
      (await o.ts.db.query<{ w: string }>("SELECT coalesce(sum(book_weight), 0)::text AS w FROM vault_bars WHERE status = 'available'"))[0]!.w,
    );
    await o.ts.db.query("UPDATE vault_bars SET status = 'quarantined' WHERE id = ANY($1)", [ids]);
    const weight = new Decimal(now.customerHoldings).plus(now.buyObligations).minus(providers).plus(room).toFixed(4);
    await o.ts.db.query(
      `INSERT INTO vault_bars (serial, refiner, metal, gross_weight, fineness, fine_weight, book_weight, custodian, status)
       VALUES ('TEST-ROOM', 'Test', 'XAU', $1, 1000, $1, $1, 'Test', 'available')`,
      [weight],
    );
    let restored = false;
    return {
      kept: new Decimal(room),
      restore: async () => {
        if (restored) return;
        restored = true;
        await o.ts.db.query("DELETE FROM vault_bars WHERE serial = 'TEST-ROOM'");
        await o.ts.db.query("UPDATE vault_bars SET status = 'available' WHERE id = ANY($1)", [ids]);
      },
    };
  };

  it("an uncovered limit buy stays waiting when the engine reaches its price, audited by the engine; it fills once covered", async () => {
    const buyer = await o.newUser('trlimit', { fund: '9000000.00' });
    const { kept, restore } = await tighten();
    try {
      const quantity = kept.plus(3).toFixed(0);
      const r = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
        userId: buyer,
        action: 0,
        orderType: 'LIMIT',
        price: '100000',
        symbol: 'XAU/MYR',
        currency: 'MYR',
        quantity,
        goodTillDate: null,
        comment: null,
      });
      expect(r.status, r.text).toBe(200);
      const before = (await auditRows('treasury.coverage')).length;
      const now = o.ts.now();
      await o.ts.app.orders.runOnce(now);
      const [row] = await o.ts.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [r.body.id]);
      expect(row!.status).toBe('CREATED');
      await o.ts.app.orders.runOnce(now); // still refused: audited once, not on every run
      expect((await o.ts.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [r.body.id]))[0]!.status).toBe('CREATED');
      const rows = (await auditRows('treasury.coverage')).slice(before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: 'system', detail: { decision: 'refused', orderId: r.body.id, metal: 'XAU', engine: 'match' } });
      await restore();
      await o.ts.app.orders.runOnce(now);
      const [filled] = await o.ts.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [r.body.id]);
      expect(filled!.status).toBe('FILLED');
    } finally {
      await restore();
    }
  });

  it('a physical-gold deposit that would leave customers uncovered is refused at approval (2090) and stays pending', async () => {
    const userId = await o.userId('kilnworks');
    const { kept, restore } = await tighten();
    try {
      const form = new FormData();
      form.append('userId', String(userId));
      form.append('type', 'XAU');
      form.append('quantity', kept.plus(1).toFixed(4));
      form.append('receipt', new Blob([PNG], { type: 'image/png' }), 'slip.png');
      const created = await fetch(`${o.ts.url}${S}/asset/deposit/create`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await o.as('financeMaker')}` } });
      const request = (await created.json()) as { id: number };
      expect(created.status).toBe(200);
      const decide = new FormData();
      decide.append('receipt', new Blob([PNG], { type: 'image/png' }), 'verified.png');
      const approved = await fetch(`${o.ts.url}${S}/asset/deposit/${request.id}/approve`, { method: 'POST', body: decide, headers: { authorization: `Bearer ${await o.as('financeApprover')}` } });
      expect(approved.status).toBe(422);
      expect(await approved.json()).toMatchObject({ code: 2090, detail: { rule: 'coverage', metal: 'XAU', shortBy: '1.0000' } });
      const [req] = await o.ts.db.query<{ status: string }>('SELECT status FROM payment_requests WHERE id = $1', [request.id]);
      expect(req!.status).toBe('pending');
      expect((await auditRows('treasury.coverage')).at(-1)!.detail).toMatchObject({ decision: 'refused', what: `asset.deposit ${request.id}` });
    } finally {
      await restore();
    }
  });

  it('concurrent buys racing for the last 64 g of headroom: exactly 32 of 40 two-gram buys are accepted, the rest refused with 2090', async () => {
    const buyers: number[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await o.newUser(`trrace${i}`, { fund: '1000000.00' }));
    const { restore } = await tighten('64');
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => market(buyers[i % 8]!, 0, '2')));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((st) => st === 200)).toHaveLength(32);
      expect(statuses.filter((st) => st === 422)).toHaveLength(8);
      expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 2090)).toBe(true);
      expect((await position()).coverageHeadroom).toBe('0.0000');
    } finally {
      await restore();
    }
  });

  it("the cancel of a filled sell gives the seller's gold back: refused with 2090 when that would uncover customers", async () => {
    const seller = await o.newUser('trcancel', { gold: '30.0000' });
    const s = await market(seller, 1, '20');
    expect(s.status, s.text).toBe(200);
    const { restore } = await tighten('5');
    try {
      const r = await o.call('financeApprover', 'POST', `${S}/order/cancel/${s.body.id}`);
      expect(r.status, r.text).toBe(422);
      expect(r.body).toMatchObject({ code: 2090, detail: { rule: 'coverage', metal: 'XAU', shortBy: '15.0000' } });
      const [row] = await o.ts.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [s.body.id]);
      expect(row!.status).toBe('FILLED');
      expect(await walletBalances(o.ts.db, seller)).toMatchObject({ gold: '10.0000', goldHeld: '20.0000' });
      await restore();
      expect((await o.call('financeApprover', 'POST', `${S}/order/cancel/${s.body.id}`)).status).toBe(200);
    } finally {
      await restore();
    }
  });

  it('settings: validated (400 1001 with the field), the permission setTreasuryLimits (403 1150), audited before and after', async () => {
    const bad = await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', band: '-5' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1001, context: 'band' });
    const badTarget = await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', target: '1.23456' });
    expect(badTarget.body).toMatchObject({ code: 1001, context: 'target' });
    const badMetal = await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XYZ', band: '5' });
    expect(badMetal.body).toMatchObject({ code: 1001, context: 'metal' });
    const denied = await o.call('financeMaker', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', band: '5' });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(1150);
    const settings = await o.call<{ items: Array<{ metal: string; band: string; target: string }> }>('none', 'GET', `${S}/treasury/settings`);
    expect(settings.body.items.find((i) => i.metal === 'XAU')).toMatchObject({ band: '10000.0000', target: '68000.0000' });
    const ok = await o.call<{ items: Array<{ metal: string; band: string; target: string; updatedBy: string }> }>('financeApprover', 'PUT', `${S}/treasury/settings`, {
      metal: 'XPT',
      target: '-250.5',
      band: '40',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.items.find((i) => i.metal === 'XPT')).toMatchObject({ target: '-250.5000', band: '40.0000', updatedBy: o.ts.demo.byRole.financeApprover!.username });
    const row = (await auditRows('treasury.settings')).at(-1)!;
    expect(row.detail).toMatchObject({ before: { metal: 'XPT', target: '0.0000', band: '1000.0000' }, after: { metal: 'XPT', target: '-250.5000', band: '40.0000' } });
    await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XPT', target: '0', band: '1000' });
  });

  it('a band crossing writes one audit row and one e-mail per superAdmin, once per crossing, and again when it returns inside', async () => {
    const bands = o.ts.app.jobs.get('treasuryBands')!;
    const superAdmins = await o.ts.db.query<{ email: string }>("SELECT email FROM admins WHERE role = 'superAdmin' AND deleted_at IS NULL");
    const net = new Decimal((await position()).net);
    const mailBefore = (await o.ts.outbox()).length;
    const rowsBefore = (await auditRows('treasury.band')).length;
    // a target 500 g away from the net and a band of 100 g: outside
    await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', target: net.plus(500).toFixed(4), band: '100' });
    expect(await bands.runOnce()).toEqual([{ metal: 'XAU', crossing: 'left', net: net.toFixed(4) }]);
    expect(await bands.runOnce()).toEqual([]); // once per crossing
    expect((await position()).outsideBand).toBe(true);
    const rows = (await auditRows('treasury.band')).slice(rowsBefore);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({ metal: 'XAU', crossing: 'left' });
    const mails = (await o.ts.outbox()).slice(mailBefore);
    expect(mails.map((m) => m.to).sort()).toEqual(superAdmins.map((a) => a.email).sort());
    expect(mails[0]!.subject).toContain('XAU net position outside its band');
    // back inside
    await o.call('financeApprover', 'PUT', `${S}/treasury/settings`, { metal: 'XAU', target: net.toFixed(4), band: '1000' });
    expect(await bands.runOnce()).toEqual([{ metal: 'XAU', crossing: 'returned', net: net.toFixed(4) }]);
    expect((await auditRows('treasury.band')).slice(rowsBefore)).toHaveLength(2);
    expect((await o.ts.outbox()).slice(mailBefore)).toHaveLength(2 * superAdmins.length);
  });

  it('the books fold into one row per book without changing any balance', async () => {
    const before = await position();
    const folded = await o.ts.app.jobs.get('treasuryBooks')!.runOnce();
    expect(Number(folded)).toBeGreaterThan(0);
    const [{ n }] = (await o.ts.db.query<{ n: number }>('SELECT count(*)::int - count(DISTINCT (metal, book))::int AS n FROM treasury_book_deltas')) as [{ n: number }];
    expect(n).toBe(0);
    expect(await position()).toMatchObject({ ...before, mtmMyr: expect.any(String), mtmUsd: expect.any(String), usdMyrExposure: expect.any(String) });
  });
});
