import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { debitAndCredit, glAccountOf } from '@aurum/domain/finance/chart-of-accounts';
import { dayAfter } from '@aurum/domain/finance/day-close';
import type { BalancesAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import type { BalanceSheetAnswer, IncomeStatementAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import type { DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import { nextMonth } from '@aurum/domain/finance/periods';
import type { PnlAnswer } from '@aurum/domain/finance/pnl-schemas';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { otherAdminToken } from '../../../testing/client.ts';
import { journalTestServer, postDated } from '../../../testing/journal-posting.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';
const SEED = Number(process.env.BOOKS_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The journal begins a few days before a year's end, so that the months and the year close too. */
const FIRST = '2024-12-30';

type Step =
  | { kind: 'post'; day: number; what: 'deposit' | 'gold' | 'buy' | 'income' | 'expense' | 'capital'; cents: number }
  | { kind: 'intoClosed'; pick: number }
  | { kind: 'adjustment'; day: number; cents: number }
  | { kind: 'hedge'; day: number; grams: number; fee: number }
  | { kind: 'close' }
  | { kind: 'closeMonth' }
  | { kind: 'closeYear' }
  | { kind: 'reopen'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('post' as const), day: fc.nat(2), what: fc.constantFrom('deposit' as const, 'gold' as const, 'buy' as const, 'income' as const, 'expense' as const, 'capital' as const), cents: fc.integer({ min: 1, max: 500_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('intoClosed' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjustment' as const), day: fc.nat(2), cents: fc.integer({ min: 1, max: 100_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hedge' as const), day: fc.nat(2), grams: fc.integer({ min: 1, max: 50 }), fee: fc.integer({ min: 0, max: 2000 }) }) },
  { weight: 5, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'closeMonth' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'closeYear' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const), pick: fc.nat() }) },
);

/**
 * Random activity on the books (decisions 1040-1047), on one server: postings of every kind dated in
 * open days, entries tried in closed days, adjustments and hedges through the API, days closed in
 * order, months and years closed and days reopened by a second admin. After every close, each closed
 * day's trial balance, P&L, balance sheet, income statement, export and statement are what they were
 * when it closed; every trial balance and balance sheet balances; the trial balance is what the raw
 * journal says, account by account; the income statement's net is the P&L's total. The seed is in
 * the test's name; BOOKS_SEED replays it.
 */
describe(`the books over random activity, closes and reopenings, on ${driver}`, () => {
  const bed = journalTestServer();
  const secondSuperAdmin = otherAdminToken(() => bed.ts, 'superAdmin', 'propertyroot2');

  it(`never change a closed day, and agree with the journal (seed ${SEED})`, async () => {
    const steps = fc.sample(fc.array(step, { minLength: 50, maxLength: 50 }), { seed: SEED, numRuns: 1 })[0]!;
    const { api, tokenOf } = bed;
    const as = async (role: string) => ({ token: await tokenOf(role) });
    const get = async <T>(path: string) => {
      const r = await api.call<T>('GET', `${SECURE}${path}`, await as('none'));
      expect(r.status, `${path}: ${r.text}`).toBe(200);
      return r.body;
    };
    const text = async (path: string) => (await fetch(`${bed.ts.url}${SECURE}${path}`, { headers: { authorization: `Bearer ${await tokenOf('financeMaker')}` } })).text();
    const user = bed.userId;
    const noon = (date: string) => new Date(startOfBusinessDay(date).getTime() + 12 * 3_600_000).toISOString();
    let lastClosed: string | null = null;
    /** What each closed day showed when it closed. */
    const seen = new Map<string, string>();
    const firstOpen = () => (lastClosed === null ? FIRST : dayAfter(lastClosed));
    const figuresOf = async (d: string) =>
      JSON.stringify([
        await get<TrialBalanceAnswer>(`/ledger/trial-balance?date=${d}`),
        // the P&L's figures (it also says through which day the books are closed now, which moves on)
        { ...(await get<PnlAnswer>(`/finance/pnl?from=${d}&to=${d}`)), revaluedThrough: null },
        await get<BalanceSheetAnswer>(`/ledger/balance-sheet?date=${d}`),
        await get<IncomeStatementAnswer>(`/ledger/income-statement?from=${d}&to=${d}`),
        await text(`/export/journal?from=${d}&to=${d}`),
        await get(`/statements/${user}?from=${d}&to=${d}`),
      ]);

    /** The trial balance's closings against the raw journal, account by account, and the statements' own rules. */
    async function agree(d: string) {
      const tb = await get<TrialBalanceAnswer>(`/ledger/trial-balance?date=${d}`);
      for (const u of tb.units) expect(u.balanced, `${d} ${u.unit}`).toBe(true);
      const rows = await bed.ts.db.query<{ from_account: string; to_account: string; amount: string }>(
        'SELECT p.from_account, p.to_account, p.amount::text AS amount FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.created_at < $1',
        [startOfBusinessDay(d, 1).toISOString()],
      );
      const debitMinusCredit = new Map<string, Decimal>();
      for (const r of rows) {
        const { debit, credit } = debitAndCredit({ from: r.from_account, to: r.to_account });
        const dCode = glAccountOf(debit)!.code;
        const cCode = glAccountOf(credit)!.code;
        debitMinusCredit.set(dCode, (debitMinusCredit.get(dCode) ?? new Decimal(0)).plus(r.amount));
        debitMinusCredit.set(cCode, (debitMinusCredit.get(cCode) ?? new Decimal(0)).minus(r.amount));
      }
      for (const u of tb.units) {
        for (const r of u.rows) {
          const journal = debitMinusCredit.get(r.account.code) ?? new Decimal(0);
          expect(new Decimal(r.closing.debit).minus(r.closing.credit).toFixed(SCALE[u.unit]), `${d} ${r.account.code}`).toBe(roundTo(journal, SCALE[u.unit]));
        }
      }
      const sheet = await get<BalanceSheetAnswer>(`/ledger/balance-sheet?date=${d}`);
      for (const u of sheet.units) expect(u.balanced, `balance sheet ${d} ${u.unit}`).toBe(true);
      const statement = await get<IncomeStatementAnswer>(`/ledger/income-statement?from=${d}&to=${d}`);
      expect(statement.netMyr, `income statement ${d}`).toBe((await get<PnlAnswer>(`/finance/pnl?from=${d}&to=${d}`)).totals.total);
      const at = await get<BalancesAnswer>(`/ledger/balances?at=${encodeURIComponent(startOfBusinessDay(d, 1).toISOString())}`);
      expect(at.units.map((u) => u.rows.map((r) => r.balance))).toEqual(tb.units.map((u) => u.rows.map((r) => r.closing)));
    }

    async function checkClosed() {
      for (const [d, figures] of seen) expect(await figuresOf(d), `closed day ${d} changed`).toBe(figures);
    }

    const amount = (cents: number) => new Decimal(cents).div(100).toFixed(2);
    const POSTINGS: Record<Extract<Step, { kind: 'post' }>['what'], (cents: number) => { from: string; to: string; asset: string; amount: string }> = {
      deposit: (c) => ({ from: 'house:bank', to: `user:${user}:fund`, asset: 'MYR', amount: amount(c) }),
      gold: (c) => ({ from: 'house:vault', to: `user:${user}:gold`, asset: 'XAU', amount: new Decimal(c).div(10_000).toFixed(4) }),
      buy: (c) => ({ from: 'house:creditLine', to: `user:${user}:credit`, asset: 'MYR', amount: amount(c) }),
      income: (c) => ({ from: 'house:tradingMyr', to: 'house:spread', asset: 'MYR', amount: amount(c) }),
      expense: (c) => ({ from: 'house:bankCharges', to: 'house:bank', asset: 'MYR', amount: amount(c) }),
      capital: (c) => ({ from: 'house:bank', to: 'house:capital', asset: 'MYR', amount: amount(c) }),
    };
    const decide = async (proposal: { status: number; body: ProposalView; text: string }) => {
      if (proposal.status !== 200) return false;
      const r = await api.call('POST', `${SECURE}/ledger/proposals/${proposal.body.id}/approve`, { token: await secondSuperAdmin() });
      expect(r.status, r.text).toBe(200);
      return true;
    };

    // the journal begins on its first day: the dealer's capital
    await postDated(bed.ts.db, null, { at: noon(FIRST), ...POSTINGS.capital(10_000_000) });
    let hedges = 0;
    let closesMade = 0;
    const periodsClosed: string[] = [];
    const reopened: string[] = [];
    for (const s of steps) {
      const open = dayAfter(firstOpen(), 'day' in s ? s.day : 0);
      if (s.kind === 'post') {
        await postDated(bed.ts.db, user, { at: noon(open), ...POSTINGS[s.what](s.cents) });
      } else if (s.kind === 'intoClosed') {
        if (lastClosed === null) continue;
        const closed = [...seen.keys()];
        const day = closed[s.pick % closed.length]!;
        const refused = await postDated(bed.ts.db, user, { at: noon(day), ...POSTINGS.income(100) }).then(() => null, (e: { code?: string }) => e);
        expect(refused?.code, `an entry in the closed ${day}`).toBe('AU001');
        const adjustment = await api.call('POST', `${SECURE}/ledger/adjustments`, { ...(await as('financeMaker')), body: { postings: [{ from: 'custodyFees', to: 'bank', amount: '1.00' }], reason: 'late', valueDate: day } });
        expect([adjustment.status, adjustment.body.code]).toEqual([409, ErrorCode.BusinessDayClosed]);
      } else if (s.kind === 'adjustment') {
        const proposed = await api.call<{ id: number }>('POST', `${SECURE}/ledger/adjustments`, { ...(await as('financeMaker')), body: { postings: [{ from: 'custodyFees', to: 'bank', amount: amount(s.cents) }], reason: 'custody', valueDate: open } });
        expect(proposed.status, proposed.text).toBe(200);
        expect((await api.call('POST', `${SECURE}/ledger/adjustments/${proposed.body.id}/approve`, await as('financeApprover'))).status).toBe(200);
      } else if (s.kind === 'hedge') {
        const r = await api.call('POST', `${SECURE}/hedge/create`, {
          ...(await as('financeMaker')),
          body: { clientRef: `property-${SEED}-${hedges++}`, provider: 'Metalor', metal: 'XAU', side: 'BUY', quantity: String(s.grams), price: '400', currency: 'MYR', fee: amount(s.fee), tradedAt: noon(open) },
        });
        expect(r.status, r.text).toBe(200);
      } else if (s.kind === 'close') {
        const day = firstOpen();
        const r = await api.call('POST', `${SECURE}/ledger/closes`, { ...(await as('financeApprover')), body: { date: day } });
        if (r.status !== 200) {
          // a day of the next year waits for the year's close, the only refusal this sequence meets
          expect(r.body, r.text).toMatchObject({ code: ErrorCode.DayCloseRefused, detail: { rule: 'yearOpen' } });
          continue;
        }
        lastClosed = day;
        closesMade++;
        await agree(day);
        seen.set(day, await figuresOf(day));
        await checkClosed();
      } else if (s.kind === 'closeMonth' || s.kind === 'closeYear') {
        const closes = await get<DayClosesAnswer>('/ledger/closes');
        if (closes.lastClosed === null) continue;
        const firstClosed = [...seen.keys()].sort()[0] ?? closes.lastClosed;
        const period =
          s.kind === 'closeMonth' ? (closes.lastClosedMonth === null ? firstClosed.slice(0, 7) : nextMonth(closes.lastClosedMonth)) : closes.lastClosed.slice(0, 4);
        const proposed = await api.call<ProposalView>('POST', `${SECURE}/ledger/periods/close`, { ...(await as('financeApprover')), body: { period } });
        if (await decide(proposed)) periodsClosed.push(period);
        else expect(proposed.body, proposed.text).toMatchObject({ code: ErrorCode.DayCloseRefused });
        await checkClosed();
      } else {
        const closes = await get<DayClosesAnswer>('/ledger/closes');
        const candidates = [...seen.keys()].filter((d) => closes.lastClosedYear === null || d.slice(0, 4) > closes.lastClosedYear);
        if (candidates.length === 0) continue;
        const day = candidates[s.pick % candidates.length]!;
        const proposed = await api.call<ProposalView>('POST', `${SECURE}/ledger/closes/${day}/reopen`, { ...(await as('superAdmin')), body: { reason: 'property' } });
        expect(proposed.status, proposed.text).toBe(200);
        await decide(proposed);
        reopened.push(day);
        for (const d of [...seen.keys()]) if (d >= day) seen.delete(d);
        lastClosed = (await get<DayClosesAnswer>('/ledger/closes')).lastClosed;
        await checkClosed();
      }
    }
    await checkClosed();
    console.info(`books property (seed ${SEED}) on ${driver}: ${closesMade} closes, periods closed ${periodsClosed.join(', ') || 'none'}, reopened ${reopened.join(', ') || 'none'}`);
    // a sequence of 50 steps closes days (the odds of none are about 1 in 4,000,000)
    expect(closesMade).toBeGreaterThan(0);
  }, 600_000);
});
