import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { AdjustmentBody, AdjustmentsAnswer, AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { roundTo, SCALE } from '@aurum/domain/money/decimal';
import { HOUSE_BOOKS, houseAccount, parseAccount, type HouseBook, type Posting } from '@aurum/domain/wallet/ledger';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { datesOfEntries, postEntry } from '../ledger/ledger-service.ts';
import { adjustmentDate } from './day-close-service.ts';
import { decideAdjustment, findAdjustment, insertAdjustment, listAdjustments, lockAdjustment, type AdjustmentRow } from './ledger-adjustment-repository.ts';

/**
 * Ledger adjustments (decision 1003): a finance maker proposes postings between house books with a
 * reason; another admin approves (the entry is posted, dated in the first open day) or declines.
 */

const DECIDED_SHOWN = 50;

const bookOf = (account: string): HouseBook => {
  const parsed = parseAccount(account);
  if (parsed?.kind !== 'house') throw new Error(`an adjustment posting outside the house books: ${account}`);
  return parsed.book;
};

function toView(r: AdjustmentRow, postedAt: ReadonlyMap<number, Date>): AdjustmentView {
  return {
    id: r.id,
    status: r.status,
    postings: r.postings.map((p) => ({ from: bookOf(p.from), to: bookOf(p.to), asset: p.asset, amount: p.amount })),
    reason: r.reason,
    declineReason: r.decline_reason,
    submittedBy: r.submitted_by_name,
    submittedAt: new Date(r.submitted_at).toISOString(),
    decidedBy: r.decided_by_name,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    entryId: r.entry_id === null ? null : Number(r.entry_id),
    postedAt: r.entry_id === null ? null : (postedAt.get(Number(r.entry_id))?.toISOString() ?? null),
  };
}

/** The views of adjustment rows, each posted one with the moment its entry is dated. */
async function viewsOf(q: Queryable, rows: readonly AdjustmentRow[]): Promise<AdjustmentView[]> {
  const postedAt = await datesOfEntries(q, rows.flatMap((r) => (r.entry_id === null ? [] : [Number(r.entry_id)])));
  return rows.map((r) => toView(r, postedAt));
}

async function viewOf(q: Queryable, id: number): Promise<AdjustmentView> {
  const row = await findAdjustment(q, id);
  if (!row) throw notFound('adjustment');
  return (await viewsOf(q, [row]))[0]!;
}

export async function adjustmentList(q: Queryable): Promise<AdjustmentsAnswer> {
  return { items: await viewsOf(q, await listAdjustments(q, DECIDED_SHOWN)) };
}

export async function proposeAdjustment(c: Change, body: AdjustmentBody): Promise<AdjustmentView> {
  const postings: Posting[] = body.postings.map((p) => {
    const asset = HOUSE_BOOKS[p.from];
    return { from: houseAccount(p.from), to: houseAccount(p.to), asset, amount: roundTo(p.amount, SCALE[asset]) };
  });
  const id = await insertAdjustment(c.q, { postings, reason: body.reason, by: c.by, at: c.now });
  const view = await viewOf(c.q, id);
  c.audit.after(view);
  return view;
}

/** Locks a pending adjustment another admin submitted, or refuses (404, 1150 for one's own, 409 3232 once decided). */
async function decidable(c: Change, id: number): Promise<void> {
  const row = await lockAdjustment(c.q, id);
  if (!row) throw notFound('adjustment');
  if (!mayDecide({ submittedBy: Number(row.submitted_by) }, c.by)) throw appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);
  if (row.status !== 'pending') throw appError(ErrorCode.LedgerAdjustmentNotPending, `Adjustment ${id} is ${row.status} already.`);
}

/** Posts the adjustment's entry, dated in the first open day (now, or the last moment of an earlier open day). */
export async function approveAdjustment(c: Change, id: number): Promise<AdjustmentView> {
  await decidable(c, id);
  const row = (await findAdjustment(c.q, id))!;
  const entryId = await postEntry(c.q, {
    kind: 'finance.adjustment',
    userId: null,
    note: `adjustment ${id}: ${row.reason}`,
    createdBy: c.by,
    postings: row.postings,
    at: await adjustmentDate(c.q, c.now),
    source: { kind: 'adjustment', id },
  });
  await decideAdjustment(c.q, id, { status: 'approved', by: c.by, at: c.now, entryId, declineReason: null });
  const view = await viewOf(c.q, id);
  c.audit.after(view);
  return view;
}

export async function declineAdjustment(c: Change, id: number, reason: string): Promise<AdjustmentView> {
  await decidable(c, id);
  await decideAdjustment(c.q, id, { status: 'declined', by: c.by, at: c.now, entryId: null, declineReason: reason });
  const view = await viewOf(c.q, id);
  c.audit.after(view);
  return view;
}
