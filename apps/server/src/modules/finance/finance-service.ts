import { glAccountOf, type GlAccount } from '@aurum/domain/finance/chart-of-accounts';
import type { BalancesAnswer, TrialBalanceAnswer } from '@aurum/domain/finance/finance-schemas';
import { trialBalance, type GlFigures, type TrialBalanceUnit } from '@aurum/domain/finance/trial-balance';
import { Decimal } from '@aurum/domain/money/decimal';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../db/db.ts';
import { sumsByBook } from '../ledger/ledger-read-service.ts';

/** A GL account as the answers show it (without the journal books it gathers). */
const view = (a: GlAccount) => ({ code: a.code, name: a.name, type: a.type, unit: a.unit });

/** The GL code of a journal account (the journal's CHECK constraints admit only accounts the chart maps). */
function glCode(account: string): string {
  const gl = glAccountOf(account);
  if (!gl) throw new Error(`journal account ${account} has no GL account`);
  return gl.code;
}

/**
 * The journal's figures by GL account: the opening at `from` and the movements of [from, before).
 * The read starts from the snapshot of the latest close ended by `from`, so it sums only the
 * postings since that close, never the whole journal (decision 1002).
 */
async function glFigures(q: Queryable, from: Date, before: Date): Promise<GlFigures[]> {
  const byCode = new Map<string, { opening: Decimal; debits: Decimal; credits: Decimal }>();
  const at = (code: string) => {
    let f = byCode.get(code);
    if (!f) byCode.set(code, (f = { opening: new Decimal(0), debits: new Decimal(0), credits: new Decimal(0) }));
    return f;
  };
  for (const r of await sumsByBook(q, from, before)) {
    if (r.to_book === null) {
      // a book of the snapshot: its balance at the close's end
      at(glCode(r.from_book)).opening = at(glCode(r.from_book)).opening.plus(r.earlier);
      continue;
    }
    const debit = at(glCode(r.from_book));
    const credit = at(glCode(r.to_book));
    debit.opening = debit.opening.minus(r.earlier);
    credit.opening = credit.opening.plus(r.earlier);
    debit.debits = debit.debits.plus(r.within);
    credit.credits = credit.credits.plus(r.within);
  }
  return [...byCode].map(([code, f]) => ({ code, opening: f.opening.toFixed(), debits: f.debits.toFixed(), credits: f.credits.toFixed() }));
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
