import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import type { BalancesAnswer } from '@aurum/domain/finance/finance-schemas';
import type { BalanceSheetAnswer, IncomeStatementAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import type { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import type { PnlAnswer } from '@aurum/domain/finance/pnl-schemas';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { journalTestServer } from '../../../testing/journal-posting.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';

/**
 * The books a year at a time, on a journal that begins on 2025-12-30 (the demo seed's entries are dated
 * today, later): an early close refused, a day closed, adjustments with a value date, evidence and a
 * reversal, a hedge in the closed day refused, the month and the year closed by a second admin with
 * the year's closing entry, the balance sheet and the income statement of the closed period.
 */
describe(`the books through a year's end, on ${driver}`, () => {
  const bed = journalTestServer();
  const { tokenOf, post } = bed;
  const as = async (role: string) => ({ token: await tokenOf(role) });
  const get = async <T>(path: string) => bed.api.call<T>('GET', `${SECURE}${path}`, await as('none'));
  const count = async (table: string) => Number((await bed.ts.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const close = async (date: string) => bed.api.call('POST', `${SECURE}/ledger/closes`, { ...(await as('financeApprover')), body: { date } });
  const propose = async (body: unknown) => bed.api.call<ProposalView>('POST', `${SECURE}/ledger/adjustments`, { ...(await as('financeMaker')), body });
  const balanceOf = async (at: string, code: string) => {
    const b = (await get<BalancesAnswer>(`/ledger/balances?at=${encodeURIComponent(at)}`)).body;
    return b.units.flatMap((u) => u.rows).find((r) => r.account.code === code)!.balance;
  };

  it('refuses a first close before the journal begins (an early close of years back), with nothing closed', async () => {
    await post('2025-12-30T10:00:00+08:00', 'house:tradingMyr', 'house:spread', 'MYR', '100.00');
    await post('2025-12-30T11:00:00+08:00', 'house:bankCharges', 'house:bank', 'MYR', '10.00');
    const early = await close('2020-01-01');
    expect([early.status, early.body]).toMatchObject([422, { code: ErrorCode.DayCloseRefused, detail: { rule: 'beforeJournal', first: '2025-12-30' } }]);
    expect(await count('ledger_day_closes')).toBe(0);
    expect((await close('2025-12-31')).status).toBe(200);
  });

  it('bounds an adjustment amount at proposal, naming the field, and saves nothing', async () => {
    const before = await count('ledger_adjustments');
    const huge = await propose({ postings: [{ from: 'bankCharges', to: 'bank', amount: '99999999999999999999999' }], reason: 'too much' });
    expect([huge.status, huge.body.code, huge.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'postings.0.amount']);
    const both = await propose({ postings: [{ from: 'bankCharges', to: 'bank', amount: '1' }], reverses: 1, reason: 'both' });
    expect([both.status, both.body.code]).toEqual([400, ErrorCode.InvalidFormat]);
    expect(await count('ledger_adjustments')).toBe(before);
  });

  it('dates an adjustment in the open day its maker chose, refuses a closed or a future one, and re-checks at approval', async () => {
    const closed = await propose({ postings: [{ from: 'custodyFees', to: 'bank', amount: '5.00' }], reason: 'custody of December', valueDate: '2025-12-31' });
    expect([closed.status, closed.body.code]).toEqual([409, ErrorCode.BusinessDayClosed]);
    expect((closed.body as unknown as { context: string }).context).toMatch(/2025-12-31/);
    const future = await propose({ postings: [{ from: 'custodyFees', to: 'bank', amount: '5.00' }], reason: 'custody', valueDate: '2099-01-01' });
    expect([future.status, future.body.code, future.body.context]).toEqual([400, ErrorCode.InvalidFormat, 'valueDate']);

    const ok = await bed.api.call<AdjustmentView>('POST', `${SECURE}/ledger/adjustments`, {
      ...(await as('financeMaker')),
      body: { postings: [{ from: 'custodyFees', to: 'bank', amount: '5.00' }], reason: 'custody of January', valueDate: '2026-01-02' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ valueDate: '2026-01-02', evidence: false, reverses: null });
    // evidence from its maker only; served back as the image
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const upload = async (role: string) => {
      const form = new FormData();
      form.append('evidence', new Blob([png], { type: 'image/png' }), 'invoice.png');
      return fetch(`${bed.ts.url}${SECURE}/ledger/adjustments/${ok.body.id}/evidence`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf(role)}` } });
    };
    expect((await upload('superAdmin')).status).toBe(403);
    const uploaded = await upload('financeMaker');
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(((await uploaded.json()) as AdjustmentView).evidence).toBe(true);
    const image = await fetch(`${bed.ts.url}${SECURE}/ledger/adjustments/${ok.body.id}/evidence`, { headers: { authorization: `Bearer ${await tokenOf('none')}` } });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

    const approved = await bed.api.call<AdjustmentView>('POST', `${SECURE}/ledger/adjustments/${ok.body.id}/approve`, await as('financeApprover'));
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.postedAt).toBe(new Date(startOfBusinessDay('2026-01-02', 1).getTime() - 1).toISOString());

    // proposed for an open day that closes before the approval: refused then, nothing posted, still pending
    const late = await propose({ postings: [{ from: 'providerFees', to: 'bank', amount: '3.00' }], reason: 'provider fee', valueDate: '2026-01-01' });
    expect(late.status).toBe(200);
    expect((await close('2026-01-01')).status).toBe(422); // the year 2025 must close first
    const entries = await count('ledger_entries');
    await bed.ts.db.query(`INSERT INTO ledger_day_closes (business_date, starts_at, ends_at, closed_by) SELECT '2026-01-01', ends_at, $1, (SELECT id FROM admins ORDER BY id LIMIT 1) FROM ledger_day_closes WHERE business_date = '2025-12-31'`, [startOfBusinessDay('2026-01-02').toISOString()]);
    const refused = await bed.api.call('POST', `${SECURE}/ledger/adjustments/${late.body.id}/approve`, await as('financeApprover'));
    expect([refused.status, refused.body.code]).toEqual([409, ErrorCode.BusinessDayClosed]);
    expect(await count('ledger_entries')).toBe(entries);
    expect((await bed.api.call<{ items: AdjustmentView[] }>('GET', `${SECURE}/ledger/adjustments`, await as('none'))).body.items.find((a) => a.id === late.body.id)!.status).toBe('pending');
    await bed.ts.db.query(`DELETE FROM ledger_day_closes WHERE business_date = '2026-01-01'`);
    expect((await bed.api.call('POST', `${SECURE}/ledger/adjustments/${late.body.id}/decline`, { ...(await as('financeApprover')), body: { reason: 'retry later' } })).status).toBe(200);

    // a reversal by reference: the postings turned round, once
    const reversal = await propose({ reverses: ok.body.id, reason: 'booked twice', valueDate: '2026-01-02' });
    expect(reversal.status, reversal.text).toBe(200);
    expect(reversal.body).toMatchObject({ reverses: ok.body.id, postings: [{ from: 'bank', to: 'custodyFees', asset: 'MYR', amount: '5.00' }] });
    const twice = await propose({ reverses: ok.body.id, reason: 'again', valueDate: '2026-01-02' });
    expect([twice.status, twice.body.code]).toEqual([409, ErrorCode.LedgerAdjustmentNotPending]);
  });

  it('refuses a hedge traded in a closed day with 3230 and writes nothing; the closed day\'s P&L stays', async () => {
    const pnl = async () => (await get<PnlAnswer>('/finance/pnl?from=2025-12-30&to=2025-12-31')).body;
    const before = await pnl();
    const hedges = await count('hedges');
    const entries = await count('ledger_entries');
    const r = await bed.api.call('POST', `${SECURE}/hedge/create`, {
      ...(await as('financeMaker')),
      body: { clientRef: 'closed-day', provider: 'Metalor', metal: 'XAU', side: 'BUY', quantity: '1', price: '400', currency: 'MYR', fee: '10', tradedAt: '2025-12-31T03:00:00Z' },
    });
    expect([r.status, r.body.code]).toEqual([409, ErrorCode.BusinessDayClosed]);
    expect(await count('hedges')).toBe(hedges);
    expect(await count('ledger_entries')).toBe(entries);
    expect(await pnl()).toEqual(before);
    expect(before.totals).toMatchObject({ spread: '100.00', expenses: '-10.00', total: '90.00' });
  });

  it('closes the month and then the year on a second admin: income and expense into retained earnings at the new year\'s first moment', async () => {
    const month = await bed.api.call<ProposalView>('POST', `${SECURE}/ledger/periods/close`, { ...(await as('superAdmin')), body: { period: '2025-12' } });
    expect(month.status, month.text).toBe(200);
    const early = await bed.api.call<ProposalView>('POST', `${SECURE}/ledger/periods/close`, { ...(await as('superAdmin')), body: { period: '2025' } });
    expect([early.status, early.body]).toMatchObject([422, { code: ErrorCode.DayCloseRefused, detail: { rule: 'monthOpen', open: '2025-12' } }]);
    expect((await bed.api.call('POST', `${SECURE}/ledger/proposals/${month.body.id}/approve`, await as('superAdmin'))).status).toBe(403);
    expect((await bed.api.call('POST', `${SECURE}/ledger/proposals/${month.body.id}/approve`, await as('financeApprover'))).status).toBe(200);

    const year = await bed.api.call<ProposalView>('POST', `${SECURE}/ledger/periods/close`, { ...(await as('superAdmin')), body: { period: '2025' } });
    expect(year.status, year.text).toBe(200);
    // what approving it will post
    expect(year.body.effect!.posts).toEqual(
      expect.arrayContaining([
        { from: 'house:spread', to: 'house:retainedMyr', asset: 'MYR', amount: '100.00' },
        { from: 'house:retainedMyr', to: 'house:bankCharges', asset: 'MYR', amount: '10.00' },
      ]),
    );
    const approved = await bed.api.call<ProposalView>('POST', `${SECURE}/ledger/proposals/${year.body.id}/approve`, await as('financeApprover'));
    expect(approved.status, approved.text).toBe(200);
    const closes = (await get<DayClosesAnswer>('/ledger/closes')).body;
    expect(closes).toMatchObject({ lastClosed: '2025-12-31', lastClosedMonth: '2025-12', lastClosedYear: '2025' });

    const newYear = '2026-01-01T00:00:00.001+08:00';
    expect(await balanceOf(newYear, '4100-MYR')).toEqual({ debit: '0.00', credit: '0.00' });
    expect(await balanceOf(newYear, '5100-MYR')).toEqual({ debit: '0.00', credit: '0.00' });
    expect(await balanceOf(newYear, '3900-MYR')).toEqual({ debit: '0.00', credit: '90.00' });
    // the closed year's last moment is unchanged by the closing entry
    expect(await balanceOf('2025-12-31T23:59:59.999+08:00', '4100-MYR')).toEqual({ debit: '0.00', credit: '100.00' });
    // now the next year's first day may close; a day of the closed year may not be reopened
    expect((await close('2026-01-01')).status).toBe(200);
    const reopen = await bed.api.call('POST', `${SECURE}/ledger/closes/2025-12-31/reopen`, { ...(await as('superAdmin')), body: { reason: 'audit' } });
    expect([reopen.status, reopen.body]).toMatchObject([422, { code: ErrorCode.DayCloseRefused, detail: { rule: 'yearClosed', year: '2025' } }]);
  });

  it('states the closed year: a balance sheet that balances, an income statement equal to the P&L, and neither for an open day', async () => {
    const sheet = await get<BalanceSheetAnswer>('/ledger/balance-sheet?date=2025-12-31');
    expect(sheet.status, sheet.text).toBe(200);
    for (const u of sheet.body.units) expect(u.balanced, u.unit).toBe(true);
    const myr = sheet.body.units.find((u) => u.unit === 'MYR')!;
    // the year's result is still income at its last moment: the closing entry is dated after it
    expect(myr.result.amount).toBe('90.00');
    const bank = myr.assets.find((l) => l.account.code === '1100-MYR')!;
    expect(bank.amount).toBe('-10.00'); // the bank charge, with nothing deposited before the journal began

    const statement = await get<IncomeStatementAnswer>('/ledger/income-statement?from=2025-12-01&to=2025-12-31');
    expect(statement.status, statement.text).toBe(200);
    const pnl = (await get<PnlAnswer>('/finance/pnl?from=2025-12-01&to=2025-12-31')).body;
    expect(statement.body.netMyr).toBe('90.00');
    expect(statement.body.netMyr).toBe(pnl.totals.total);
    const lines = statement.body.units.find((u) => u.unit === 'MYR')!;
    expect(lines.income.map((l) => [l.account.code, l.amount])).toEqual([['4100-MYR', '100.00']]);
    expect(lines.expenses.map((l) => [l.account.code, l.amount])).toEqual([['5100-MYR', '10.00']]);
    // the new year's first day holds the closing entry, which is not income
    expect((await get<IncomeStatementAnswer>('/ledger/income-statement?from=2026-01-01&to=2026-01-01')).body.netMyr).toBe('0.00');

    const open = await get('/ledger/balance-sheet?date=2026-01-02');
    expect([open.status, (open.body as { code?: number }).code]).toEqual([422, ErrorCode.RangeNotClosed]);
    const wide = await get('/ledger/income-statement?from=2024-01-01&to=2025-12-31');
    expect([wide.status, (wide.body as { context?: string }).context]).toEqual([400, 'to']);
  });
});
