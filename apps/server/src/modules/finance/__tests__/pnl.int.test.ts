import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import type { PnlAnswer, PnlDrillAnswer, PnlRow } from '@aurum/domain/finance/pnl-schemas';
import { Decimal } from '@aurum/domain/money/decimal';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const DAY = 86_400_000;
const D1 = '2030-01-07';
const PAID = '2030-01-20';

/**
 * Orders filled and paid with interest through the API, a hedge of one of them, and treasury
 * history points around the first day, which is then closed: the P&L's figures are the income and
 * expense books' movements in the trial balance of the same days, grouped by metal and category,
 * its total the GL's income less expense, and a drill-down gives the postings that sum to a figure
 * (decisions 1030, 1045).
 */
describe(`the dealer's P&L on ${driver}`, () => {
  let o: OrderTestServer;
  let buyId = 0;
  let sellId = 0;
  beforeAll(async () => {
    o = await startOrderServer();
    // a wholesaler buys 10 g on credit (market), settled, paid overdue with MYR interest on the 20th
    const buyer = await o.newUser('pnlbuyer', { fund: '1000.00', credit: '100000.00' }, { premium: '0.500', fee_adjust_mode: 'both', interest_rate: '0.020000', category: 'wholesaler' });
    const created = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/create`, {
      userId: buyer, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', goodTillDate: null, comment: null,
    });
    expect(created.status, created.text).toBe(200);
    buyId = created.body.id;
    // an individual sells 10 g offline at 295 under a cost of 300: a spread of 50
    const seller = await o.newUser('pnlseller', { gold: '10.0000' }, { category: 'individual' });
    const sold = await o.call<{ id: number }>('financeMaker', 'POST', `${S}/order/customize`, {
      userId: seller, action: 1, symbol: 'XAU/MYR', currency: 'MYR', quantity: '10', source: 'Desk', costPrice: '300.000', quotePrice: '295.000', exchangeRate: '4.5000', finalPrice: '295.000', note: null, useAhtConfig: false,
    });
    expect(sold.status, sold.text).toBe(200);
    sellId = sold.body.id;
    // the house hedges the buy at 1 MYR a gram under its mid, with a fee of 2.50
    const [mid] = await o.ts.db.query<{ mid: string }>('SELECT mid_myr_per_gram AS mid FROM orders WHERE id = $1', [buyId]);
    const hedge = await o.call('financeMaker', 'POST', `${S}/hedge/create`, {
      clientRef: 'pnl-hedge', provider: 'Metalor', providerOrderId: 'MT-PNL', metal: 'XAU', side: 'BUY', quantity: '10',
      price: new Decimal(mid!.mid).minus(1).toDecimalPlaces(3).toFixed(3), currency: 'MYR', fee: '2.50', tradedAt: '2030-01-07T03:00:00Z', orders: [{ orderId: buyId, quantity: '10' }],
    });
    expect(hedge.status, hedge.text).toBe(200);
    // the treasury held 100 g at 400 a gram when the day began, 90 g at 405 when it ended
    await o.ts.db.query(`INSERT INTO treasury_history (metal, at, net, mtm_myr) VALUES ('XAU', '2030-01-06T15:55:00Z', 100, 40000), ('XAU', '2030-01-07T15:55:00Z', 90, 36450)`);

    expect((await o.call('financeApprover', 'POST', `${S}/order/settle/${buyId}/${buyer}`)).body).toMatchObject({ status: 'SETTLED' });
    o.advance(13 * DAY);
    await o.waitForPrice();
    const owed = (await o.call<{ value: string }>('none', 'POST', `${S}/order/total_owed`, { orderId: buyId, paymentDate: PAID })).body.value;
    await o.deposit(buyer, { fund: owed });
    const paid = await o.call('financeMaker', 'POST', `${S}/order/payment/create`, { userId: buyer, orderId: buyId, note: null, amount: owed, paymentDate: PAID });
    expect(paid.body).toMatchObject({ status: 'PAID' });
    // the test's clock moves the server, not the database's now(): date the orders' entries when the server saw them
    await o.ts.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE ledger_entries DISABLE TRIGGER ALL');
      await tx.query(
        `UPDATE ledger_entries e SET created_at = CASE WHEN ol.purpose IN ('payment', 'complete') THEN $2::timestamptz ELSE o.filled_at END
         FROM order_ledger_entries ol JOIN orders o ON o.id = ol.order_id WHERE ol.entry_id = e.id AND o.id = ANY($1::bigint[])`,
        [[buyId, sellId], '2030-01-20T03:00:00Z'],
      );
      await tx.query('ALTER TABLE ledger_entries ENABLE TRIGGER ALL');
    });
    // the close of the first day posts its revaluation (decision 1041)
    const closed = await o.call('financeApprover', 'POST', `${S}/ledger/closes`, { date: D1 });
    expect(closed.status, closed.text).toBe(200);
  });
  afterAll(() => o?.ts.close());

  const pnl = async (query: string) => {
    const r = await o.call<PnlAnswer>('none', 'GET', `${S}/finance/pnl?${query}`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  /** An income GL account's movement (credits minus debits) in a day's trial balance. */
  const moved = async (date: string, code: string) => {
    const tb = (await o.call<TrialBalanceAnswer>('none', 'GET', `${S}/ledger/trial-balance?date=${date}`)).body;
    const row = tb.units.flatMap((u) => u.rows).find((r) => r.account.code === code);
    return row ? new Decimal(row.movements.credit).minus(row.movements.debit) : new Decimal(0);
  };
  const sum = (rows: PnlRow[], c: keyof PnlRow, where: (r: PnlRow) => boolean = () => true) =>
    rows.filter(where).reduce((t, r) => t.plus(r[c] ?? 0), new Decimal(0));

  it('gives each day the income books\' movements of its trial balance, per metal and category, with hedges and revaluation', async () => {
    const a = await pnl(`from=${D1}&to=${PAID}&groupBy=day`);
    expect(a.periods).toHaveLength(14);
    for (const day of [D1, PAID]) {
      const of = (r: PnlRow) => r.period === day;
      expect(sum(a.rows, 'spread', of).toFixed(2), `spread ${day}`).toBe((await moved(day, '4100-MYR')).toFixed(2));
      expect(sum(a.rows, 'fees', of).toFixed(2), `fees ${day}`).toBe((await moved(day, '4200-MYR')).toFixed(2));
      expect(sum(a.rows, 'interest', of).toFixed(2), `interest ${day}`).toBe((await moved(day, '4300-MYR')).toFixed(2));
    }
    const row = (period: string, category: string | null) => a.rows.find((r) => r.period === period && r.category === category && (r.metal === 'XAU' || category === null));
    expect(row(D1, 'individual')).toMatchObject({ metal: 'XAU', spread: '50.00', fees: '0.00', volumeGrams: '10.0000', volumeMyr: '2950.00', interest: '0.00' });
    expect(new Decimal(row(PAID, 'wholesaler')!.interest).gt(0)).toBe(true);
    // the hedge bought 1 MYR a gram under the buy's mid for 10 g, less its fee; the position of 100 g rose 5 a gram
    expect(row(D1, 'wholesaler')).toMatchObject({ hedges: '10.00', volumeGrams: '10.0000' });
    expect(a.rows.find((r) => r.period === D1 && r.metal === 'XAU' && r.category === null)).toMatchObject({ hedges: '-2.50', revaluation: '500.00' });
    // the close's revaluation is reversed at the next day's start, and that day is open: none posted for it yet
    expect(a.rows.find((r) => r.period === dayAfter(D1) && r.metal === 'XAU' && r.category === null)).toMatchObject({ revaluation: '-500.00' });
    expect(a.totals.revaluation).toBe('0.00');
    expect((await pnl(`from=${D1}&to=${D1}`)).totals.revaluation).toBe('500.00');
    expect(a.totals.total).toBe(new Decimal(a.totals.spread).plus(a.totals.fees).plus(a.totals.interest).plus('7.50').toFixed(2));
    expect(a.periods.find((p) => p.period === D1)!.total).toBe(sum(a.rows, 'total', (r) => r.period === D1).toFixed(2));
    expect(a.revaluedThrough).toBe(D1);
    // the total is the GL's income less its expense in ringgit, day by day
    let gl = new Decimal(0);
    for (const p of a.periods) {
      const tb = (await o.call<TrialBalanceAnswer>('none', 'GET', `${S}/ledger/trial-balance?date=${p.period}`)).body;
      for (const r of tb.units.find((u) => u.unit === 'MYR')!.rows) {
        if (r.account.type === 'income' || r.account.type === 'expense') gl = gl.plus(r.movements.credit).minus(r.movements.debit);
      }
    }
    expect(a.totals.total).toBe(gl.toFixed(2));

    const month = await pnl(`from=${D1}&to=${PAID}&groupBy=month`);
    expect(month.periods.map((p) => p.period)).toEqual(['2030-01']);
    expect(month.totals).toEqual(a.totals);
    const wholesale = await pnl(`from=${D1}&to=${PAID}&category=wholesaler&metal=XAU`);
    expect(wholesale.rows.every((r) => r.category === 'wholesaler' && r.metal === 'XAU')).toBe(true);
    expect(wholesale.totals).toMatchObject({ revaluation: '0.00', hedges: '10.00', volumeGrams: '10.0000' });
    expect(wholesale.totals.spread).toBe(sum(a.rows, 'spread', (r) => r.category === 'wholesaler').toFixed(2));
  });

  it('drills a figure down to the postings and orders that sum to it', async () => {
    const a = await pnl(`from=${D1}&to=${D1}`);
    const spread = (await o.call<PnlDrillAnswer>('none', 'GET', `${S}/finance/pnl/drill?figure=spread&from=${D1}&to=${D1}&category=wholesaler`)).body;
    expect(spread.count).toBe(spread.lines.length);
    expect(spread.lines).toEqual([expect.objectContaining({ kind: 'order.income', orderId: buyId, category: 'wholesaler', metal: 'XAU', unit: 'MYR' })]);
    expect(spread.sums).toEqual([{ unit: 'MYR', amount: a.rows.find((r) => r.category === 'wholesaler')!.spread }]);
    const all = (await o.call<PnlDrillAnswer>('none', 'GET', `${S}/finance/pnl/drill?figure=spread&from=${D1}&to=${D1}`)).body;
    expect(all.sums[0]!.amount).toBe(a.totals.spread);
    expect(all.lines.reduce((t, l) => t.plus(l.amount), new Decimal(0)).toFixed(2)).toBe(a.totals.spread);

    const volume = (await o.call<PnlDrillAnswer>('none', 'GET', `${S}/finance/pnl/drill?figure=volume&from=${D1}&to=${D1}`)).body;
    expect(volume.lines.map((l) => l.orderId).sort()).toEqual([buyId, sellId].sort());
    expect(volume.sums).toEqual([{ unit: 'MYR', amount: a.totals.volumeMyr }, { unit: 'grams', amount: a.totals.volumeGrams }]);
    const hedges = (await o.call<PnlDrillAnswer>('none', 'GET', `${S}/finance/pnl/drill?figure=hedges&from=${D1}&to=${D1}`)).body;
    expect(hedges.lines.map((l) => [l.kind, l.amount, l.hedgeId !== null])).toEqual(expect.arrayContaining([['hedge.result', '10.00', true], ['hedge.trade', '-2.50', true]]));
    expect(hedges.lines.find((l) => l.kind === 'hedge.result')).toMatchObject({ category: 'wholesaler', note: `hedge ${hedges.lines[0]!.hedgeId} against order ${buyId}` });
    const reval = (await o.call<PnlDrillAnswer>('none', 'GET', `${S}/finance/pnl/drill?figure=revaluation&from=${D1}&to=${D1}`)).body;
    expect(reval.lines).toEqual([expect.objectContaining({ kind: 'finance.close', metal: 'XAU', amount: '500.00' })]);
  });

  it('refuses bad input with 1001 naming the field', async () => {
    const bad = [
      ['from=2030-02-30&to=2030-03-01', 'from'],
      ['from=2030-03-02&to=2030-03-01', 'to'],
      ['from=2030-01-01&to=2031-06-01', 'to'],
      ['from=2030-01-01&to=2030-01-02&groupBy=week', 'groupBy'],
      ['from=2030-01-01&to=2030-01-02&metal=CU', 'metal'],
      ['from=2030-01-01&to=2030-01-02&category=banker', 'category'],
      ['drill?from=2030-01-01&to=2030-01-02&figure=total', 'figure'],
      ['drill?to=2030-01-02&figure=spread', 'from'],
    ] as const;
    for (const [query, field] of bad) {
      const path = query.startsWith('drill') ? `${S}/finance/pnl/${query}` : `${S}/finance/pnl?${query}`;
      const r = await o.call('none', 'GET', path);
      expect([r.status, r.body.code, r.body.context], query).toEqual([400, 1001, field]);
    }
  });

  it("answers the calendar's far edges at once, 400 1001 naming the field, to the read-only viewer, and keeps serving", async () => {
    // the P&L at 9999-12-31 once never answered: its day loop compared texts, and the day after 9999-12-31 is none
    const calendar = { rule: 'calendar', first: '2000-01-01', last: '2100-12-31' };
    const edges = [
      ['from=9999-12-31&to=9999-12-31', 'from'],
      ['from=0001-01-01&to=0001-01-01', 'from'],
      ['from=2026-01-01&to=9999-12-31', 'to'],
      ['from=1999-12-31&to=2000-01-01', 'from'],
      ['from=2100-12-31&to=2101-01-01', 'to'],
    ] as const;
    for (const [query, field] of edges) {
      for (const path of [`${S}/finance/pnl?${query}`, `${S}/finance/pnl?${query}&groupBy=month`, `${S}/finance/pnl/drill?${query}&figure=revaluation`]) {
        const r = await o.call<{ detail?: unknown }>('none', 'GET', path);
        expect([r.status, r.body.code, r.body.context, r.body.detail], path).toEqual([400, 1001, field, calendar]);
      }
    }
    expect((await fetch(`${o.ts.url}/healthz`)).status).toBe(200);
    // the widest range the P&L reads: 366 days, at the calendar's first and last days
    for (const [from, to, days] of [['2000-01-01', '2000-12-31', 366], ['2100-01-01', '2100-12-31', 365], ['2099-12-31', '2100-12-31', 366]] as const) {
      const pnl = await o.call<PnlAnswer>('none', 'GET', `${S}/finance/pnl?from=${from}&to=${to}`);
      expect(pnl.status, pnl.text).toBe(200);
      expect(pnl.body.periods).toHaveLength(days);
      expect([pnl.body.periods[0]!.period, pnl.body.periods.at(-1)!.period]).toEqual([from, to]);
      const months = await o.call<PnlAnswer>('none', 'GET', `${S}/finance/pnl?from=${from}&to=${to}&groupBy=month`);
      expect(months.body.periods.length, months.text).toBeGreaterThanOrEqual(12);
      const drill = await o.call<PnlDrillAnswer>('none', 'GET', `${S}/finance/pnl/drill?from=${from}&to=${to}&figure=revaluation`);
      expect(drill.status, drill.text).toBe(200);
    }
    // one day wider is refused with the span in the detail
    const wider = await o.call<{ detail?: unknown }>('none', 'GET', `${S}/finance/pnl?from=2000-01-01&to=2001-01-01`);
    expect([wider.status, wider.body.code, wider.body.context, wider.body.detail]).toEqual([400, 1001, 'to', { rule: 'maxDays', value: 366 }]);
  });
});
