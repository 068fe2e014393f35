import type { Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

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
}

function selectAdjustments(q: Queryable) {
  return kysely(q)
    .selectFrom('ledger_adjustments as j')
    .innerJoin('admins as s', 's.id', 'j.submitted_by')
    .leftJoin('admins as d', 'd.id', 'j.decided_by')
    .select([
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

export async function insertAdjustment(q: Queryable, a: { postings: Posting[]; reason: string; by: number; at: Date }): Promise<number> {
  const row = await kysely(q)
    .insertInto('ledger_adjustments')
    .values({ postings: JSON.stringify(a.postings), reason: a.reason, submitted_by: a.by, submitted_at: a.at })
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
