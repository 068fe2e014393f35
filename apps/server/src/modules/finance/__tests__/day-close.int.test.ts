import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { dayAfter } from '@aurum/domain/finance/day-close';
import type { DayCloseCheckAnswer, DayClosesAnswer, DayCloseView } from '@aurum/domain/finance/day-close-schemas';
import type { BalancesAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import type { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { until } from '../../../testing/until.ts';
import { otherAdminToken } from '../../../testing/client.ts';
import { journalTestServer } from '../../../testing/journal-posting.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/**
 * Days before today (Kuala Lumpur, by the database's clock, which dates the demo seed's entries): the
 * test posts into them directly, as entries of those days would have been written, and closes them
 * in order. The server's clock is the real one, so they have all ended.
 */
const today = businessDate(new Date());
const D1 = dayAfter(today, -4);
const D2 = dayAfter(today, -3);
const D3 = dayAfter(today, -2);
const noon = (date: string) => new Date(startOfBusinessDay(date).getTime() + 12 * 3_600_000).toISOString();

describe(`the day close, its checks, adjustments and reopening, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf, post } = bed;
  const secondSuperAdmin = otherAdminToken(() => bed.ts, 'superAdmin', 'rootwo');


  const as = async (role: string) => ({ token: await tokenOf(role) });
  const check = async (date: string) => (await bed.api.call<DayCloseCheckAnswer>('GET', `${SECURE}/ledger/closes/check?date=${date}`, await as('none'))).body;
  const close = async (date: string, role = 'financeApprover') => bed.api.call<DayCloseView>('POST', `${SECURE}/ledger/closes`, { ...(await as(role)), body: { date } });
  const closes = async () => (await bed.api.call<DayClosesAnswer>('GET', `${SECURE}/ledger/closes`, await as('none'))).body;
  const trial = async (date: string) => (await bed.api.call<TrialBalanceAnswer>('GET', `${SECURE}/ledger/trial-balance?date=${date}`, await as('none'))).body;
  const balances = async (at: string) => (await bed.api.call<BalancesAnswer>('GET', `${SECURE}/ledger/balances?at=${encodeURIComponent(at)}`, await as('none'))).body;
  const row = (t: TrialBalanceAnswer, unit: string, code: string) => t.units.find((u) => u.unit === unit)!.rows.find((r) => r.account.code === code)!;
  const count = async (table: string) => Number((await bed.ts.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

  it('refuses a day that has not ended, and a finance maker, with nothing closed', async () => {
    const todayClose = await close(today);
    expect([todayClose.status, todayClose.body]).toMatchObject([422, { code: ErrorCode.DayCloseRefused, detail: { rule: 'notEnded', today } }]);
    const maker = await close(D1, 'financeMaker');
    expect([maker.status, (maker.body as { code?: number }).code]).toEqual([403, ErrorCode.Forbidden]);
    expect(await count('ledger_day_closes')).toBe(0);
    expect((await closes()).lastClosed).toBeNull();
  });

  it('closes the first day over the whole journal before it; the snapshot answers the same balances as the journal', async () => {
    await post(noon(D1), 'house:bank', `user:${bed.userId}:fund`, 'MYR', '500.00');
    const atEnd = startOfBusinessDay(D1, 1).toISOString();
    const before = await balances(atEnd);
    const trialBefore = await trial(D2);

    const preview = await check(D1);
    expect(preview.refusal).toBeNull();
    expect(preview.checks.map((c) => [c.check, c.ok])).toEqual([
      ['balanced', true],
      ['customerBooks', true],
      ['metalBooks', true],
    ]);
    expect(preview.closable).toBe(true);

    const closed = await close(D1);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ date: D1, from: null, to: atEnd });
    expect(await closes()).toMatchObject({ lastClosed: D1, items: [{ date: D1 }] });

    // read from the snapshot now, not the journal: the same figures
    expect(await balances(atEnd)).toEqual(before);
    expect(await trial(D2)).toEqual(trialBefore);
    const [audit] = await bed.ts.db.query<{ detail: { after: { date: string } } }>("SELECT detail FROM audit_log WHERE action = 'finance.dayClose' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail.after.date).toBe(D1);
  });

  it('refuses an entry dated in the closed day with 3230, and nothing of it is kept', async () => {
    const trialBefore = await trial(D1);
    const entries = await count('ledger_entries');
    const refused = await post(noon(D1), 'house:bank', 'house:tradingMyr', 'MYR', '1.00').then(
      () => null,
      (e: { code?: string }) => e,
    );
    expect(refused?.code).toBe('AU001');
    expect(await count('ledger_entries')).toBe(entries);
    expect(await trial(D1)).toEqual(trialBefore);
    // the day after is open
    await post(noon(D2), 'house:bank', 'house:tradingMyr', 'MYR', '1.00');
    expect(await count('ledger_entries')).toBe(entries + 1);
  });

  it('does not close a day whose checks fail, says which, and keeps the refusal on the trail', async () => {
    // a customer fund taken below zero within D2 (the wallet never would; a broken import could)
    const fund = Number(row(await trial(D2), 'MYR', '2100-MYR').closing.credit);
    await post(noon(D2), `user:${bed.userId}:fund`, 'house:bank', 'MYR', (fund + 1_000_000).toFixed(2));
    const preview = await check(D2);
    expect(preview.closable).toBe(false);
    const customers = preview.checks.find((c) => c.check === 'customerBooks')!;
    expect(customers).toMatchObject({ ok: false, negative: [{ account: `user:${bed.userId}:fund` }] });

    const refused = await close(D2);
    expect([refused.status, refused.body]).toMatchObject([422, { code: ErrorCode.DayCloseRefused, detail: { rule: 'checks', failed: 'customerBooks' } }]);
    expect((await closes()).lastClosed).toBe(D1);
    const [audit] = await bed.ts.db.query<{ detail: { decision: string; date: string } }>("SELECT detail FROM audit_log WHERE action = 'finance.dayClose' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ decision: 'refused', date: D2 });

    // the day is still open: the fix is dated in it, and then it closes
    await post(noon(D2), 'house:bank', `user:${bed.userId}:fund`, 'MYR', (fund + 1_000_000).toFixed(2));
    const again = await close(D2);
    expect(again.status, again.text).toBe(200);
    expect(again.body.from).toBe(startOfBusinessDay(D1, 1).toISOString());
  });

  it('posts an adjustment on a maker and another admin, in the first open day; refuses the maker deciding it and a second decision', async () => {
    const proposed = await bed.api.call<AdjustmentView>('POST', `${SECURE}/ledger/adjustments`, {
      ...(await as('financeMaker')),
      body: { postings: [{ from: 'tradingMyr', to: 'bank', amount: '12.34' }], reason: 'bank charge booked to the desk' },
    });
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.body).toMatchObject({ status: 'pending', postings: [{ from: 'tradingMyr', to: 'bank', asset: 'MYR', amount: '12.34' }], entryId: null });
    const id = proposed.body.id;
    const entries = await count('ledger_entries');

    const own = await bed.api.call('POST', `${SECURE}/ledger/adjustments/${id}/approve`, await as('financeMaker'));
    expect(own.status).toBe(403);
    const self = await bed.api.call('POST', `${SECURE}/ledger/adjustments`, { ...(await as('financeApprover')), body: { postings: [{ from: 'bank', to: 'tradingMyr', amount: '1' }], reason: 'x' } });
    expect(self.status).toBe(403);
    expect(await count('ledger_entries')).toBe(entries);

    const approved = await bed.api.call<AdjustmentView>('POST', `${SECURE}/ledger/adjustments/${id}/approve`, await as('financeApprover'));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('approved');
    // D3 is the first open day and has ended: the entry is dated at its last moment
    expect(approved.body.postedAt).toBe(new Date(startOfBusinessDay(D3, 1).getTime() - 1).toISOString());
    // a bank charge: the bank (an asset) credited, the desk debited
    const t = await trial(D3);
    expect(row(t, 'MYR', '1100-MYR').movements).toEqual({ debit: '0.00', credit: '12.34' });
    expect(row(t, 'MYR', '3100-MYR').movements).toEqual({ debit: '12.34', credit: '0.00' });

    const twice = await bed.api.call('POST', `${SECURE}/ledger/adjustments/${id}/decline`, { ...(await as('superAdmin')), body: { reason: 'late' } });
    expect([twice.status, (twice.body as { code?: number }).code]).toEqual([409, ErrorCode.LedgerAdjustmentNotPending]);
    expect(await count('ledger_entries')).toBe(entries + 1);
  });

  it('refuses malformed adjustments with 1001 and saves nothing', async () => {
    const bodies = [
      { postings: [{ from: 'bank', to: 'bank', amount: '1.00' }], reason: 'same book' },
      { postings: [{ from: 'bank', to: 'vault', amount: '1.00' }], reason: 'two units' },
      { postings: [{ from: 'bank', to: 'tradingMyr', amount: '1.001' }], reason: 'sen' },
      { postings: [{ from: `user:${bed.userId}:fund`, to: 'bank', amount: '1.00' }], reason: 'a customer book' },
      { postings: [], reason: 'nothing' },
      { postings: [{ from: 'bank', to: 'tradingMyr', amount: '1.00' }], reason: '' },
    ];
    const before = await count('ledger_adjustments');
    for (const body of bodies) {
      const r = await bed.api.call('POST', `${SECURE}/ledger/adjustments`, { ...(await as('financeMaker')), body });
      expect([r.status, (r.body as { code?: number }).code], JSON.stringify(body)).toEqual([400, ErrorCode.InvalidFormat]);
    }
    expect(await count('ledger_adjustments')).toBe(before);
  });

  it('reopens any closed day on a superAdmin\'s proposal and a second superAdmin\'s approval, with every later closed day and the reason on the trail', async () => {
    const propose = async (date: string, role: string) => bed.api.call<ProposalView>('POST', `${SECURE}/ledger/closes/${date}/reopen`, { ...(await as(role)), body: { reason: 'late bank statement' } });
    expect((await propose(D1, 'financeApprover')).status).toBe(403);
    const notClosed = await propose(D3, 'superAdmin');
    expect([notClosed.status, notClosed.body]).toMatchObject([422, { code: ErrorCode.DayCloseRefused, detail: { rule: 'notClosed', lastClosed: D2 } }]);

    const balancesBefore = await balances(startOfBusinessDay(D2, 1).toISOString());
    const proposed = await propose(D1, 'superAdmin');
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.body).toMatchObject({ kind: 'dayReopen', target: D1, status: 'pending', effect: { reopensDays: [D1, D2], refusal: null } });
    expect((await closes()).lastClosed).toBe(D2);
    const again = await propose(D1, 'superAdmin');
    expect([again.status, again.body.code]).toEqual([409, ErrorCode.ProposalPending]);
    const own = await bed.api.call('POST', `${SECURE}/ledger/proposals/${proposed.body.id}/approve`, await as('superAdmin'));
    expect(own.status).toBe(403);
    const approver = await bed.api.call('POST', `${SECURE}/ledger/proposals/${proposed.body.id}/approve`, await as('financeApprover'));
    expect(approver.status).toBe(403);
    expect((await closes()).lastClosed).toBe(D2);

    const done = await bed.api.call<ProposalView>('POST', `${SECURE}/ledger/proposals/${proposed.body.id}/approve`, { token: await secondSuperAdmin() });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'approved', decidedBy: 'rootwo' });
    expect(await closes()).toMatchObject({ lastClosed: null, items: [] });
    const [audit] = await bed.ts.db.query<{ detail: { reason: string; reopened: { days: string[] } } }>("SELECT detail FROM audit_log WHERE action = 'finance.proposalApprove' ORDER BY id DESC LIMIT 1");
    expect(audit!.detail).toMatchObject({ reason: 'late bank statement', reopened: { days: [D1, D2] } });
    const twice = await bed.api.call('POST', `${SECURE}/ledger/proposals/${proposed.body.id}/decline`, { token: await secondSuperAdmin(), body: { reason: 'late' } });
    expect([twice.status, twice.body.code]).toEqual([409, ErrorCode.ProposalNotPending]);
    // the journal answers as the snapshots did, D1 takes entries again, and both close again in order
    expect(await balances(startOfBusinessDay(D2, 1).toISOString())).toEqual(balancesBefore);
    await post(noon(D1), 'house:bank', 'house:tradingMyr', 'MYR', '2.00');
    expect((await close(D1)).status).toBe(200);
    expect((await close(D2)).status).toBe(200);
    expect((await close(D2)).body).toMatchObject({ code: ErrorCode.DayCloseRefused, detail: { rule: 'alreadyClosed' } });
  });

  it.runIf(driver === 'postgres')('waits for an entry of the day being written, and refuses one written after the close', async () => {
    // an entry of D3 written and not yet committed when the close starts
    let commit!: () => void;
    const release = new Promise<void>((r) => (commit = r));
    let written!: () => void;
    const isWritten = new Promise<void>((r) => (written = r));
    const writer = bed.ts.db.transaction(async (tx) => {
      const [e] = await tx.query<{ id: number }>(`INSERT INTO ledger_entries (kind, created_at) VALUES ('test.finance', $1) RETURNING id`, [noon(D3)]);
      await tx.query(`INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:bank', 'house:tradingMyr', 'MYR', '7.77')`, [e!.id]);
      written();
      await release;
    });
    await isWritten;
    const closing = close(D3);
    await until('the close waits for the writer', async () => Number((await bed.ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted'))[0]!.n) >= 1, 10_000, 25);
    commit();
    await writer;
    const closed = await closing;
    expect(closed.status, closed.text).toBe(200);
    // the entry committed before the close finished reading: it is in the day's figures and the snapshot
    const day = await trial(D3);
    expect(row(day, 'MYR', '3100-MYR').movements.credit).toBe('7.77');
    const snapshot = await balances(startOfBusinessDay(D3, 1).toISOString());
    expect(snapshot.units.find((u) => u.unit === 'MYR')!.rows.find((r) => r.account.code === '3100-MYR')!.balance).toEqual(row(day, 'MYR', '3100-MYR').closing);

    // a writer that began in the day and writes after the close is refused
    const late = await post(noon(D3), 'house:bank', 'house:tradingMyr', 'MYR', '1.00').then(
      () => null,
      (e: { code?: string }) => e,
    );
    expect(late?.code).toBe('AU001');
  });
});
