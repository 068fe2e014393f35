import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { backdatedMoment, firstOpenDay, valueMoment } from '@aurum/domain/finance/day-close';
import type { AdjustmentBody, AdjustmentsAnswer, AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { roundTo, SCALE } from '@aurum/domain/money/decimal';
import { reversalPostings } from '@aurum/domain/orders/order-postings';
import { businessDate } from '@aurum/domain/system/business-time';
import { HOUSE_BOOKS, houseAccount, parseAccount, type HouseBook, type Posting } from '@aurum/domain/wallet/ledger';
import { appError, invalidFormat, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { uniquely } from '../../db/unique-violation.ts';
import { latestCloses, refuseClosedMoment } from '../ledger/ledger-close-service.ts';
import { datesOfEntries, postEntry } from '../ledger/ledger-service.ts';
import {
  decideAdjustment,
  findAdjustment,
  insertAdjustment,
  listAdjustments,
  lockAdjustment,
  REVERSED_ONCE_INDEX,
  countPendingAdjustmentRows,
  pendingAdjustmentRows,
  setEvidence,
  type AdjustmentRow,
} from './ledger-adjustment-repository.ts';

/**
 * Ledger adjustments (decisions 1003, 1044): a finance maker proposes postings between house books (a
 * fix, an expense, capital) with a reason and a value date, or the reversal of an approved one;
 * another admin approves (the entry is posted, dated in its value date) or declines.
 */

const DECIDED_SHOWN = 50;

const bookOf = (account: string): HouseBook => {
  const parsed = parseAccount(account);
  if (parsed?.kind !== 'house') throw new Error(`an adjustment posting outside the house books: ${account}`);
  return parsed.book;
};

function toView(r: AdjustmentRow, postedAt: ReadonlyMap<number, Date>): AdjustmentView {
  return {
    id: Number(r.id),
    status: r.status,
    postings: r.postings.map((p) => ({ from: bookOf(p.from), to: bookOf(p.to), asset: p.asset, amount: p.amount })),
    reason: r.reason,
    declineReason: r.decline_reason,
    submittedBy: r.submitted_by_name,
    submittedAt: new Date(r.submitted_at).toISOString(),
    decidedBy: r.decided_by_name,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    valueDate: r.value_date,
    reverses: r.reverses === null ? null : Number(r.reverses),
    reversedBy: r.reversed_by === null ? null : Number(r.reversed_by),
    evidence: r.evidence_key !== null,
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

/** The first business day postings may still be dated in now. */
async function openFrom(q: Queryable, now: Date): Promise<string> {
  const [latest] = await latestCloses(q, 1);
  return firstOpenDay(latest?.date ?? null, businessDate(now));
}

/** The value date of a proposal: the one chosen (not after today: 400 1001 valueDate; not in a closed day: 409 3230), else the first open day. */
async function valueDateOf(c: Change, chosen: string | undefined): Promise<string> {
  const open = await openFrom(c.q, c.now);
  if (chosen === undefined) return open;
  const at = valueMoment(chosen, c.now);
  if (at === null) throw invalidFormat('valueDate');
  await refuseClosedMoment(c.q, at, 'The adjustment');
  return chosen;
}

/** The postings that turn an approved adjustment round (404 when there is none; 409 3232 when it is not approved). */
async function reversalOf(q: Queryable, id: number): Promise<Posting[]> {
  const original = await findAdjustment(q, id);
  if (!original) throw notFound('adjustment');
  if (original.status !== 'approved') throw appError(ErrorCode.LedgerAdjustmentNotPending, `Adjustment ${id} is ${original.status}: only an approved adjustment can be reversed.`);
  return reversalPostings(original.postings);
}

export async function proposeAdjustment(c: Change, body: AdjustmentBody): Promise<AdjustmentView> {
  const postings: Posting[] =
    body.reverses !== undefined
      ? await reversalOf(c.q, body.reverses)
      : body.postings!.map((p) => {
          const asset = HOUSE_BOOKS[p.from];
          return { from: houseAccount(p.from), to: houseAccount(p.to), asset, amount: roundTo(p.amount, SCALE[asset]) };
        });
  const valueDate = await valueDateOf(c, body.valueDate);
  const id = await uniquely(
    c.q,
    () => insertAdjustment(c.q, { postings, reason: body.reason, by: c.by, at: c.now, valueDate, reverses: body.reverses ?? null }),
    (index) => (index === REVERSED_ONCE_INDEX ? appError(ErrorCode.LedgerAdjustmentNotPending, `Adjustment ${body.reverses} is reversed already.`) : null),
  );
  const view = await viewOf(c.q, id);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

/** Locks a pending adjustment another admin submitted, or refuses (404, 1150 for one's own, 409 3232 once decided). */
async function decidable(c: Change, id: number): Promise<void> {
  const row = await lockAdjustment(c.q, id);
  if (!row) throw notFound('adjustment');
  if (!mayDecide({ submittedBy: Number(row.submitted_by) }, c.by)) throw appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);
  if (row.status !== 'pending') throw appError(ErrorCode.LedgerAdjustmentNotPending, `Adjustment ${id} is ${row.status} already.`);
}

/**
 * Posts the adjustment's entry, dated in its value date (its last moment, or now when it is today);
 * a value date closed since it was proposed is 409 (3230) and nothing is posted. Adjustments made
 * before value dates are dated in the first open day.
 */
export async function approveAdjustment(c: Change, id: number): Promise<AdjustmentView> {
  await decidable(c, id);
  const row = (await findAdjustment(c.q, id))!;
  const valueDate = row.value_date ?? (await openFrom(c.q, c.now));
  await refuseClosedMoment(c.q, valueMoment(valueDate, c.now)!, `Adjustment ${id}`);
  const entryId = await postEntry(c.q, {
    kind: 'finance.adjustment',
    userId: null,
    note: `adjustment ${id}: ${row.reason}`,
    createdBy: c.by,
    postings: row.postings,
    at: backdatedMoment(valueDate, c.now),
    source: { kind: 'adjustment', id },
  });
  await decideAdjustment(c.q, id, { status: 'approved', by: c.by, at: c.now, entryId, declineReason: null });
  const view = await viewOf(c.q, id);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

export async function declineAdjustment(c: Change, id: number, reason: string): Promise<AdjustmentView> {
  await decidable(c, id);
  await decideAdjustment(c.q, id, { status: 'declined', by: c.by, at: c.now, entryId: null, declineReason: reason });
  const view = await viewOf(c.q, id);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

/** What a stored piece of evidence needs: where it lives (the receipts' storage) and how it is named there. */
export interface EvidenceStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/**
 * Keeps the evidence of a pending adjustment (an image through the receipts' pipeline, decision
 * 0523), uploaded by the admin who proposed it; it replaces any earlier one. 403 for anyone else,
 * 409 3232 once decided.
 */
export async function attachEvidence(
  c: Change & { onRollback: (undo: () => Promise<void>) => void },
  store: EvidenceStore,
  id: number,
  evidence: { bytes: Buffer; contentType: string; key: string },
): Promise<AdjustmentView> {
  const row = await lockAdjustment(c.q, id);
  if (!row) throw notFound('adjustment');
  if (Number(row.submitted_by) !== c.by) throw appError(ErrorCode.Forbidden, 'Only the admin who proposed an adjustment adds its evidence.');
  if (row.status !== 'pending') throw appError(ErrorCode.LedgerAdjustmentNotPending, `Adjustment ${id} is ${row.status} already.`);
  await setEvidence(c.q, id, { key: evidence.key, type: evidence.contentType });
  await store.put(evidence.key, evidence.bytes);
  c.onRollback(() => store.delete(evidence.key));
  const view = await viewOf(c.q, id);
  c.audit.note('evidence', evidence.contentType);
  c.audit.after(view);
  // what awaits a second admin changed: the inboxes' badges and lists
  await c.events.publish(c.q, { kind: 'inbox' });
  return view;
}

/** The evidence of an adjustment: its bytes and type (404 without one). */
export async function adjustmentEvidence(q: Queryable, store: EvidenceStore, id: number): Promise<{ bytes: Buffer; type: string }> {
  const row = await findAdjustment(q, id);
  if (!row?.evidence_key || !row.evidence_type) throw notFound('evidence');
  const bytes = await store.get(row.evidence_key);
  if (!bytes) throw notFound('evidence');
  return { bytes, type: row.evidence_type };
}

/** The pending adjustments, oldest first, at most `limit`, with who submitted them (the checker's inbox). */
export async function pendingAdjustments(q: Queryable, limit: number): Promise<Array<AdjustmentView & { submittedById: number }>> {
  const rows = await pendingAdjustmentRows(q, limit);
  const views = await viewsOf(q, rows);
  return views.map((v, i) => ({ ...v, submittedById: Number(rows[i]!.submitted_by) }));
}

/** How many adjustments are pending and how many of them this admin may decide. */
export async function countPendingAdjustments(q: Queryable, adminId: number): Promise<{ total: number; decidable: number }> {
  return countPendingAdjustmentRows(q, adminId);
}
