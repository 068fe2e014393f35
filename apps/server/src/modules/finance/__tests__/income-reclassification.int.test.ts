import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancesAnswer, ReclassifyIncomeAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { completePostings, fillPostings, settlePostings } from '@aurum/domain/orders/order-postings';
import { businessClock } from '@aurum/domain/system/business-time';
import { GRAMS_PER_TROY_OUNCE } from '@aurum/domain/system/metals';
import type { Posting } from '@aurum/domain/wallet/ledger';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens } from '../../../testing/client.ts';
import { walletBalances } from '../../wallet/wallet-service.ts';
import { postEntry } from '../../ledger/ledger-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

interface OldOrder {
  action: 'BUY' | 'SELL';
  orderType: 'MARKET' | 'OFF_LINE';
  status: 'FILLED' | 'PAID' | 'REVERTED';
  grams: string;
  myrPrice: string;
  costPrice: string | null;
  exchangeRate: string;
  userFee: string | null;
  globalFee: string | null;
}

describe(`the one-time reclassification of income booked before the income accounts, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokenOf = roleTokens(() => ts);
  let buyer: number;
  let seller: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterAll(() => ts?.close());

  const call = async <T>(method: string, path: string, role = 'financeApprover', body?: unknown) =>
    api.call<T>(method, `${SECURE}${path}`, { token: await tokenOf(role), ...(body !== undefined ? { body } : {}) });

  async function newUser(name: string, postings: (id: number) => Posting[]): Promise<number> {
    const [u] = await ts.db.query<{ id: number }>(
      `INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ($1, $2, '65', $3) RETURNING id`,
      [name, `${name}@example.com`, String(91000000 + Math.floor(Math.random() * 900000))],
    );
    const id = Number(u!.id);
    await ts.db.transaction((tx) => postEntry(tx, { kind: 'deposit', userId: id, createdBy: null, postings: postings(id) }));
    return id;
  }

  /** An order as the server before the income books wrote it: no mid, its postings by the old rule, linked to it. */
  async function oldOrder(key: string, userId: number, o: OldOrder, steps: Array<{ purpose: string; postings: Posting[] }>, payments: Array<{ toInterest: string; toPrincipal: string }> = []): Promise<number> {
    const amount = roundTo(new Decimal(o.myrPrice).times(o.grams), 2);
    const [row] = await ts.db.query<{ id: number }>(
      `INSERT INTO orders (execution_id, user_id, action, order_type, status, symbol, currency, quantity_gram, cost_price, quote_price, myr_price, exchange_rate, amount,
                           balance_deducted, gold_reserved, user_fee, global_fee, filled_at)
       VALUES ($1, $2, $3, $4, $5, 'XAU/MYR', 'MYR', $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, now()) RETURNING id`,
      [`EXOLD${key}`, userId, o.action, o.orderType, o.status, o.grams, o.costPrice, o.myrPrice, o.exchangeRate, amount, o.action === 'BUY' ? amount : '0', o.action === 'SELL' ? '3' : '0', o.userFee, o.globalFee],
    );
    const id = Number(row!.id);
    for (const p of payments) {
      const paid = new Decimal(p.toInterest).plus(p.toPrincipal).toFixed();
      await ts.db.query(
        `INSERT INTO order_payments (order_id, kind, amount, to_interest, to_principal, payment_date, interest_in_income) VALUES ($1, $2, $3, $4, $5, '2030-01-20', false)`,
        [id, o.action === 'BUY' ? 'MYR' : 'XAU', paid, p.toInterest, p.toPrincipal],
      );
    }
    for (const s of steps) {
      const postings = s.postings.filter((p) => new Decimal(p.amount).gt(0));
      const entryId = await ts.db.transaction((tx) => postEntry(tx, { kind: `order.${s.purpose}`, userId, createdBy: null, postings }));
      await ts.db.query('INSERT INTO order_ledger_entries (order_id, entry_id, purpose) VALUES ($1, $2, $3)', [id, entryId, s.purpose]);
    }
    return id;
  }

  const gl = async () => {
    const r = await call<BalancesAnswer>('GET', `/ledger/balances?at=${encodeURIComponent('2100-01-01T00:00:00Z')}`, 'none');
    expect(r.status, r.text).toBe(200);
    const out = new Map<string, string>();
    for (const u of r.body.units) for (const row of u.rows) out.set(row.account.code, new Decimal(row.balance.credit).minus(row.balance.debit).toFixed());
    return out;
  };
  const wallets = async () => {
    const users = await ts.db.query<{ id: number }>('SELECT id FROM users ORDER BY id');
    return Promise.all(users.map(async (u) => ({ id: Number(u.id), wallet: await walletBalances(ts.db, Number(u.id)) })));
  };
  const count = async (sql: string) => Number((await ts.db.query<{ n: number }>(sql))[0]!.n);

  // the old rule's books for each order (user books exactly what they were)
  const liveBuy: OldOrder = { action: 'BUY', orderType: 'MARKET', status: 'PAID', grams: '10', myrPrice: '292.000', costPrice: '2001.00', exchangeRate: '4.5000', userFee: '0.500', globalFee: '1.500' };
  const offlineSell: OldOrder = { action: 'SELL', orderType: 'OFF_LINE', status: 'PAID', grams: '5', myrPrice: '295.000', costPrice: '300.000', exchangeRate: '4.5000', userFee: null, globalFee: null };
  const revertedBuy: OldOrder = { ...liveBuy, status: 'REVERTED', grams: '1' };
  const noCost: OldOrder = { ...liveBuy, status: 'FILLED', grams: '1', costPrice: null };

  it('seeds orders filled and paid under the old rule', async () => {
    buyer = await newUser('oldbuyer', (id) => [{ from: 'house:bank', to: `user:${id}:fund`, asset: 'MYR', amount: '10000.00' }]);
    seller = await newUser('oldseller', (id) => [{ from: 'house:vault', to: `user:${id}:gold`, asset: 'XAU', amount: '10.0000' }]);
    const r = (balanceDeducted: string, goldReserved: string) => ({ balanceDeducted, creditDeducted: '0.00', goldReserved });
    // a funded live buy of 10 g at 292.000: filled, settled, paid on settlement
    ids.liveBuy = await oldOrder('A', buyer, liveBuy, [
      { purpose: 'fill', postings: fillPostings(buyer, 'BUY', r('2920.00', '0')) },
      { purpose: 'settle', postings: settlePostings(buyer, '2920.00', '0') },
      { purpose: 'complete', postings: completePostings(buyer, 'BUY', '10', '2920.00') },
    ]);
    // an offline sell of 5 g at 295 (cost 300): 3 g reserved, 2 g delivered late with 0.0100 g of interest, all to the trading desk
    ids.offlineSell = await oldOrder('B', seller, offlineSell, [
      { purpose: 'fill', postings: fillPostings(seller, 'SELL', r('0.00', '3')) },
      { purpose: 'settle', postings: settlePostings(seller, '0.00', '3') },
      { purpose: 'payment', postings: [{ from: `user:${seller}:gold`, to: 'house:tradingXau', asset: 'XAU', amount: '2.0100' }] },
      { purpose: 'complete', postings: completePostings(seller, 'SELL', '5', '1475.00') },
    ], [{ toInterest: '0.0100', toPrincipal: '2.0000' }]);
    // reverted: everything given back already
    const fill = fillPostings(buyer, 'BUY', r('292.00', '0'));
    ids.reverted = await oldOrder('C', buyer, revertedBuy, [
      { purpose: 'fill', postings: fill },
      { purpose: 'revert', postings: fill.map((p) => ({ ...p, from: p.to, to: p.from })) },
    ]);
    // filled, with no cost price to take a mid from
    ids.noCost = await oldOrder('D', buyer, noCost, [{ purpose: 'fill', postings: fillPostings(buyer, 'BUY', r('292.00', '0')) }]);
    // and one order of today's rule (through the API): it has its mid and its income entry already
    const today = await call<{ id: number }>('POST', '/order/customize', 'financeMaker', {
      userId: buyer, action: 0, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', source: 'Desk', costPrice: '290.000', quotePrice: '291.000', exchangeRate: '4.5000', finalPrice: '293.000', note: null, useAhtConfig: false,
    });
    expect(today.status, today.text).toBe(200);
    await expectLedgerConsistent(ts.db);
  });

  it('moves their spread, fees and interest in ONE audited entry; every customer balance is unchanged and the trial balance still balances', async () => {
    const usersBefore = await wallets();
    const before = await gl();
    const entriesBefore = await count('SELECT count(*) AS n FROM ledger_entries');

    const r = await call<ReclassifyIncomeAnswer>('POST', '/ledger/reclassify-income');
    expect(r.status, r.text).toBe(200);
    // the live buy: mid = ask x rate / 31.1034768 (its cost price), fee (0.5 + 1.5) x 10 = 20.00, spread = 2920 - cost - fee
    const cost = roundTo(new Decimal(roundTo(new Decimal('2001').times('4.5').div(GRAMS_PER_TROY_OUNCE), 8)).times(10), 2);
    const liveSpread = new Decimal(2920).minus(cost).minus(20);
    // the offline sell: cost 300 x 5 = 1500, the customer got 1475, no fee: spread 25
    expect(r.body).toEqual({
      entryId: expect.any(Number),
      orders: 2,
      spread: roundTo(liveSpread.plus(25), 2),
      fees: '20.00',
      interestMyr: '0.00',
      interestXau: '0.0100',
      withoutMid: [ids.noCost],
    });
    expect(await count('SELECT count(*) AS n FROM ledger_entries')).toBe(entriesBefore + 1);
    const entry = await ts.db.query<{ kind: string; user_id: number | null; created_at: Date; from_account: string; to_account: string; amount: string }>(
      'SELECT e.kind, e.user_id, e.created_at, p.from_account, p.to_account, p.amount::text FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id WHERE e.id = $1 ORDER BY p.id',
      [r.body.entryId],
    );
    expect(entry.every((p) => p.kind === 'finance.reclassification' && p.user_id === null && p.from_account.startsWith('house:') && p.to_account.startsWith('house:'))).toBe(true);
    const audit = await ts.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action = 'finance.reclassification'");
    expect(audit).toHaveLength(1);

    expect(await wallets()).toEqual(usersBefore);
    const after = await gl();
    const moved = (code: string) => new Decimal(after.get(code)!).minus(before.get(code)!).toFixed();
    expect(moved('4100-MYR')).toBe(new Decimal(r.body.spread).toFixed());
    expect(moved('4200-MYR')).toBe('20');
    expect(moved('4310-XAU')).toBe('0.01');
    expect(moved('3100-MYR')).toBe(new Decimal(r.body.spread).plus(20).neg().toFixed());
    expect(moved('3200-XAU')).toBe('-0.01');
    const day = businessClock(entry[0]!.created_at).date;
    const trial = await call<TrialBalanceAnswer>('GET', `/ledger/trial-balance?date=${day}`, 'none');
    for (const u of trial.body.units) expect(u.balanced, u.unit).toBe(true);
    await expectLedgerConsistent(ts.db);
  });

  it('run again, posts nothing', async () => {
    const postings = await count('SELECT count(*) AS n FROM ledger_postings');
    const before = await gl();
    const r = await call<ReclassifyIncomeAnswer>('POST', '/ledger/reclassify-income');
    expect(r.body).toMatchObject({ entryId: null, orders: 0, spread: '0.00', fees: '0.00', interestXau: '0.0000' });
    expect(await count('SELECT count(*) AS n FROM ledger_postings')).toBe(postings);
    expect(await gl()).toEqual(before);
  });

  it('a later revert of a reclassified order gives its share back to the trading desk', async () => {
    const before = await gl();
    const reverted = await call('POST', '/order/revert', 'financeApprover', { userId: seller, orderId: ids.offlineSell, reason: 'reclassified, then reverted' });
    expect(reverted.body, reverted.text).toMatchObject({ status: 'REVERTED' });
    const after = await gl();
    expect(new Decimal(after.get('4100-MYR')!).minus(before.get('4100-MYR')!).toFixed()).toBe('-25');
    expect(new Decimal(after.get('4310-XAU')!).minus(before.get('4310-XAU')!).toFixed()).toBe('-0.01');
    expect(await walletBalances(ts.db, seller)).toMatchObject({ gold: '10.0000', fund: '0.00', goldHeld: '0.0000' });
    await expectLedgerConsistent(ts.db);
  });
});
