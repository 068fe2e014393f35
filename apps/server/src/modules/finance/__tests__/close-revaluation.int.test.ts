import { describe, expect, it } from 'vitest';
import type { BalancesAnswer } from '@aurum/domain/finance/finance-schemas';
import type { PnlAnswer } from '@aurum/domain/finance/pnl-schemas';
import { hedgeBooking, usdOutstanding, usdRevaluation } from '@aurum/domain/hedges/hedge-postings';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { dayAfter } from '@aurum/domain/finance/day-close';
import { journalTestServer } from '../../../testing/journal-posting.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';
const D = dayAfter(businessDate(new Date()), -3);

/**
 * A USD hedge left unsettled over a close (decisions 1041, 1042): booked at its rate, revalued at the
 * day's closing USD/MYR mid from the treasury's history (1410 against 4900), the revaluation reversed
 * at the next day's start; settled later, it leaves nothing with its provider.
 */
describe(`a close revalues the USD a hedge leaves with its provider, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf } = bed;
  const as = async (role: string) => ({ token: await tokenOf(role) });
  const balance = async (at: Date, code: string) => {
    const b = (await bed.api.call<BalancesAnswer>('GET', `${SECURE}/ledger/balances?at=${encodeURIComponent(at.toISOString())}`, await as('none'))).body;
    return b.units.flatMap((u) => u.rows).find((r) => r.account.code === code)!.balance;
  };

  it('posts the revaluation at the closing rate and reverses it the next day; the provider is paid in full at settlement', async () => {
    const tradedAt = new Date(startOfBusinessDay(D).getTime() + 3 * 3_600_000);
    const hedge = { clientRef: 'fx-1', provider: 'LBMA Desk', metal: 'XAU', side: 'BUY', quantity: '31.1035', price: '2000', currency: 'USD', fee: '5', tradedAt: tradedAt.toISOString(), exchangeRate: '4.5' };
    const recorded = await bed.api.call<{ id: number }>('POST', `${SECURE}/hedge/create`, { ...(await as('financeMaker')), body: hedge });
    expect(recorded.status, recorded.text).toBe(200);
    // booked at 4.5: the price and fee owed the provider in ringgit
    const owedAtBooking = (await balance(new Date(tradedAt.getTime() + 1), '2400-MYR')).credit;
    const booked = hedgeBooking({ side: 'BUY', metal: 'XAU', quantity: hedge.quantity, price: hedge.price, currency: 'USD', fee: hedge.fee }, '4.5')!;
    expect(owedAtBooking).toBe(new Decimal(booked.costMyr).plus(booked.feeMyr).toFixed(2));
    expect(booked.feeMyr).toBe('22.50');
    // the treasury valued the day's end at 4.6
    await bed.ts.db.query(`INSERT INTO treasury_history (metal, at, net, usd_per_ounce, usd_myr) VALUES ('XAU', $1, 0, 2000, 4.6)`, [new Date(startOfBusinessDay(D, 1).getTime() - 300_000).toISOString()]);
    const closed = await bed.api.call('POST', `${SECURE}/ledger/closes`, { ...(await as('financeApprover')), body: { date: D } });
    expect(closed.status, closed.text).toBe(200);

    const expected = usdRevaluation(usdOutstanding({ side: 'BUY', quantity: hedge.quantity, price: hedge.price, fee: hedge.fee }), '4.5', '4.6');
    expect(roundTo(expected, 2)).toBe('-200.50');
    const end = startOfBusinessDay(D, 1);
    // a loss: the USD owed costs more ringgit at the closing rate
    expect(await balance(end, '1410-MYR')).toEqual({ debit: '0.00', credit: '200.50' });
    expect(await balance(new Date(end.getTime() + 1), '1410-MYR')).toEqual({ debit: '0.00', credit: '0.00' });
    const pnl = (await bed.api.call<PnlAnswer>('GET', `${SECURE}/finance/pnl?from=${D}&to=${D}`, await as('none'))).body;
    // the day's result: the revaluation and the hedge's fee (22.50 at the booked rate)
    expect(pnl.totals).toMatchObject({ revaluation: '-200.50', hedges: '-22.50' });

    const settled = await bed.api.call('POST', `${SECURE}/hedge/settle/${recorded.body.id}`, await as('financeMaker'));
    expect(settled.status, settled.text).toBe(200);
    expect(await balance(new Date(Date.now() + 60_000), '2400-MYR')).toEqual({ debit: '0.00', credit: '0.00' });
  });
});
