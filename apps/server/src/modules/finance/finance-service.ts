import { glAccountOf, type GlAccount } from '@aurum/domain/finance/chart-of-accounts';
import type { BalancesAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { trialBalance, type GlFigures, type TrialBalanceUnit } from '@aurum/domain/finance/trial-balance';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../db/db.ts';
import { bookFigures, closeEndedBy } from './finance-repository.ts';

/** A GL account as the answers show it (without the journal books it gathers). */
const view = (a: GlAccount) => ({ code: a.code, name: a.name, type: a.type, unit: a.unit });

/**
 * The journal's figures by GL account: the opening at `from` and the movements of [from, before).
 * The read starts from the snapshot of the latest close ended by `from`, so it sums only the
 * postings since that close, never the whole journal (decision 1002).
 */
async function glFigures(q: Queryable, from: Date, before: Date): Promise<GlFigures[]> {
  const books = await bookFigures(q, await closeEndedBy(q, from), from, before);
  return books.map((b) => {
    const gl = glAccountOf(b.book);
    // the journal's CHECK constraints admit only accounts the chart maps
    if (!gl) throw new Error(`journal account ${b.book} has no GL account`);
    return { code: gl.code, opening: b.opening, debits: b.debits, credits: b.credits };
  });
}

/** The trial balance between two moments, per unit. */
export async function trialBalanceBetween(q: Queryable, from: Date, before: Date): Promise<TrialBalanceUnit[]> {
  return trialBalance(await glFigures(q, from, before));
}

/** The trial balance of one business day (Asia/Kuala_Lumpur): opening, the day's movements, closing. */
export async function trialBalanceOfDay(q: Queryable, date: string): Promise<TrialBalanceAnswer> {
  const from = startOfBusinessDay(date);
  const to = startOfBusinessDay(date, 1);
  const units = await trialBalanceBetween(q, from, to);
  return {
    date,
    from: from.toISOString(),
    to: to.toISOString(),
    units: units.map((u) => ({ ...u, rows: u.rows.map((r) => ({ ...r, account: view(r.account) })) })),
  };
}

/** Every GL account's balance at a moment (postings made before it), on its debit or credit side. */
export async function balancesAt(q: Queryable, at: Date): Promise<BalancesAnswer> {
  const units = await trialBalanceBetween(q, at, at);
  return {
    at: at.toISOString(),
    units: units.map((u) => ({
      unit: u.unit,
      rows: u.rows.map((r) => ({ account: view(r.account), balance: r.closing })),
      totals: u.totals.closing,
      balanced: u.balanced,
    })),
  };
}
