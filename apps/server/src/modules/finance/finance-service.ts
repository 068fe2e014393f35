import type { GlAccount } from '@aurum/domain/finance/chart-of-accounts';
import type { BalancesAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { glFiguresOf, trialBalance, type TrialBalanceUnit } from '@aurum/domain/finance/trial-balance';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../db/db.ts';
import { sumsByBook } from '../ledger/ledger-read-service.ts';

/** A GL account as the answers show it (without the journal books it gathers). */
const view = (a: GlAccount) => ({ code: a.code, name: a.name, type: a.type, unit: a.unit });

/**
 * The trial balance between two moments, per unit: the opening at `from` and the movements of
 * [from, before). The read starts from the snapshot of the latest close ended by `from`, so it sums
 * only the postings since that close, never the whole journal (decision 1002).
 */
export async function trialBalanceBetween(q: Queryable, from: Date, before: Date): Promise<TrialBalanceUnit[]> {
  const sums = await sumsByBook(q, from, before);
  return trialBalance(glFiguresOf(sums.map((r) => ({ from: r.from_book, to: r.to_book, earlier: r.earlier, within: r.within }))));
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
