import type { Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import { asDate, isoDate, kysely } from '../../db/query-builder.ts';

/** Ledger adjustments (decision 1003), all SQL. */

export interface AdjustmentRow {
  id: number;
  status: 'pending' | 'approved' | 'declined';
  postings: Posting[];
  reason: string;
  decline_reason: string | null;
  submitted_by: number;
  submitted_by_name: string;
  submitted_at: Date;
  decided_by_name: string | null;
  decided_at: Date | null;
  entry_id: number | null;
  value_date: string | null;
  evidence_key: string | null;
  evidence_type: string | null;
  reverses: number | null;
  reversed_by: number | null;
}

function selectAdjustments(q: Queryable) {
  return kysely(q)
    .selectFrom('ledger_adjustments as j')
    .innerJoin('admins as s', 's.id', 'j.submitted_by')
    .leftJoin('admins as d', 'd.id', 'j.decided_by')
    .select((eb) => [
      'j.id',
      'j.status',
      'j.postings',
      'j.reason',
      'j.decline_reason',
      'j.submitted_by',
      's.username as submitted_by_name',
      'j.submitted_at',
      'd.username as decided_by_name',
      'j.decided_at',
      'j.entry_id',
      isoDate(eb.ref('j.value_date')).as('value_date'),
      'j.evidence_key',
      'j.evidence_type',
      'j.reverses',
      eb.selectFrom('ledger_adjustments as r').select('r.id').whereRef('r.reverses', '=', 'j.id').where('r.status', '<>', 'declined').limit(1).as('reversed_by'),
    ])
    .$castTo<AdjustmentRow>();
}

/** The pending adjustments first (oldest first), then the latest decided ones. */
export async function listAdjustments(q: Queryable, decidedShown: number): Promise<AdjustmentRow[]> {
  const pending = await selectAdjustments(q).where('j.status', '=', 'pending').orderBy('j.id').execute();
  const decided = await selectAdjustments(q).where('j.status', '<>', 'pending').orderBy('j.id', 'desc').limit(decidedShown).execute();
  return [...pending, ...decided];
}

export async function findAdjustment(q: Queryable, id: number): Promise<AdjustmentRow | undefined> {
  return selectAdjustments(q).where('j.id', '=', id).executeTakeFirst();
}

/** Locks an adjustment for its decision. */
export async function lockAdjustment(q: Queryable, id: number): Promise<{ status: string; submitted_by: number } | undefined> {
  return kysely(q).selectFrom('ledger_adjustments').select(['status', 'submitted_by']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The unique index that lets an adjustment be reversed once. */
export const REVERSED_ONCE_INDEX = 'ledger_adjustments_reversed_once';

export async function insertAdjustment(q: Queryable, a: { postings: Posting[]; reason: string; by: number; at: Date; valueDate: string; reverses: number | null }): Promise<number> {
  const row = await kysely(q)
    .insertInto('ledger_adjustments')
    .values({ postings: JSON.stringify(a.postings), reason: a.reason, submitted_by: a.by, submitted_at: a.at, value_date: asDate(a.valueDate), reverses: a.reverses })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function decideAdjustment(
  q: Queryable,
  id: number,
  d: { status: 'approved' | 'declined'; by: number; at: Date; entryId: number | null; declineReason: string | null },
): Promise<void> {
  await kysely(q)
    .updateTable('ledger_adjustments')
    .set({ status: d.status, decided_by: d.by, decided_at: d.at, entry_id: d.entryId, decline_reason: d.declineReason })
    .where('id', '=', id)
    .execute();
}

/** Keeps the evidence of a pending adjustment (its storage key and type). */
export async function setEvidence(q: Queryable, id: number, evidence: { key: string; type: string }): Promise<void> {
  await kysely(q).updateTable('ledger_adjustments').set({ evidence_key: evidence.key, evidence_type: evidence.type }).where('id', '=', id).execute();
}

/** The pending adjustments, oldest first, at most `limit` (the checker's inbox). */
export async function pendingAdjustmentRows(q: Queryable, limit: number): Promise<AdjustmentRow[]> {
  return selectAdjustments(q).where('j.status', '=', 'pending').orderBy('j.submitted_at').orderBy('j.id').limit(limit).execute();
}

/** How many adjustments are pending, and how many of them this admin did not submit. */
export async function countPendingAdjustmentRows(q: Queryable, adminId: number): Promise<{ total: number; decidable: number }> {
  const row = await kysely(q)
    .selectFrom('ledger_adjustments')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('submitted_by', '<>', adminId).as('decidable')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), decidable: Number(row.decidable) };
}
