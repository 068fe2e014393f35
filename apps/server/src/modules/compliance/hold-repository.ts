import type { HoldDecision, HoldStatus } from '@aurum/domain/compliance/hold-rules';
import type { HoldView } from '@aurum/domain/compliance/hold-schemas';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

const selectHold = (q: Queryable) =>
  kysely(q)
    .selectFrom('compliance_holds as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('admins as placer', 'placer.id', 'h.placed_by')
    .leftJoin('admins as proposer', 'proposer.id', 'h.proposed_by')
    .leftJoin('admins as decider', 'decider.id', 'h.decided_by')
    .select([
      'h.id',
      'h.user_id',
      'u.username',
      'h.status',
      'h.source',
      'h.note',
      'h.placed_by',
      'placer.username as placed_by_name',
      'h.placed_at',
      'h.proposal',
      'h.proposed_by',
      'proposer.username as proposed_by_name',
      'h.proposed_at',
      'h.proposal_note',
      'decider.username as decided_by_name',
      'h.decided_at',
    ]);

export type HoldRow = Awaited<ReturnType<ReturnType<typeof selectHold>['executeTakeFirstOrThrow']>>;

export function toHoldView(r: HoldRow): HoldView {
  return {
    id: r.id,
    userId: r.user_id,
    username: r.username,
    // written by this module only, through the table's CHECKs
    status: r.status as HoldStatus,
    source: r.source as 'officer' | 'screening',
    note: r.note,
    placedBy: r.placed_by_name,
    placedAt: r.placed_at.toISOString(),
    proposal:
      r.proposal !== null && r.proposed_at !== null
        ? { decision: r.proposal as HoldDecision, by: r.proposed_by_name ?? '', at: r.proposed_at.toISOString(), note: r.proposal_note ?? '' }
        : null,
    decidedBy: r.decided_by_name,
    decidedAt: r.decided_at?.toISOString() ?? null,
  };
}

/**
 * The users among `userIds` under a hold in force (held or frozen). Read inside the transaction
 * that moves value, after its wallet locks: a hold committed before them is seen (decision 1101).
 */
export async function usersHeld(q: Queryable, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await kysely(q).selectFrom('compliance_holds').select('user_id').where('user_id', 'in', [...userIds]).where('status', '<>', 'released').execute();
  return rows.map((r) => r.user_id);
}

/** A new hold in force (the caller has checked that none is; the partial unique index backs it). */
export async function insertHold(q: Queryable, h: { userId: number; source: 'officer' | 'screening'; note: string; by: number | null; at: Date }): Promise<number> {
  const row = await kysely(q)
    .insertInto('compliance_holds')
    .values({ user_id: h.userId, status: 'held', source: h.source, note: h.note, placed_by: h.by, placed_at: h.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findHold(q: Queryable, id: number): Promise<HoldRow | undefined> {
  return selectHold(q).where('h.id', '=', id).executeTakeFirst();
}

/** The hold's user, read without a lock (it never changes), so the wallet can be locked first. */
export async function holdUser(q: Queryable, id: number): Promise<number | undefined> {
  return (await kysely(q).selectFrom('compliance_holds').select('user_id').where('id', '=', id).executeTakeFirst())?.user_id;
}

/** The hold's row locked FOR UPDATE until the transaction ends. */
export async function lockHoldRow(q: Queryable, id: number): Promise<void> {
  await kysely(q).selectFrom('compliance_holds').select('id').where('id', '=', id).forUpdate().execute();
}

export async function setProposal(q: Queryable, id: number, p: { decision: HoldDecision; note: string; by: number; at: Date }): Promise<void> {
  await kysely(q).updateTable('compliance_holds').set({ proposal: p.decision, proposal_note: p.note, proposed_by: p.by, proposed_at: p.at }).where('id', '=', id).execute();
}

/** The agreed decision: the new status, who agreed and when; the proposal is cleared (the audit trail keeps it). */
export async function applyDecision(q: Queryable, id: number, d: { status: HoldStatus; by: number; at: Date }): Promise<void> {
  await kysely(q)
    .updateTable('compliance_holds')
    .set({ status: d.status, decided_by: d.by, decided_at: d.at, proposal: null, proposal_note: null, proposed_by: null, proposed_at: null })
    .where('id', '=', id)
    .execute();
}

/** The holds, newest first; `status` null: those in force (held and frozen). Bounded by `limit`. */
export async function listHolds(q: Queryable, status: HoldStatus | null, limit: number): Promise<HoldRow[]> {
  const base = selectHold(q);
  const filtered = status === null ? base.where('h.status', '<>', 'released') : base.where('h.status', '=', status);
  return filtered.orderBy('h.id', 'desc').limit(limit).execute();
}

/** The customer's hold in force (held or frozen), if any: at most one (the partial unique index). */
export async function findHoldInForce(q: Queryable, userId: number): Promise<HoldRow | undefined> {
  return selectHold(q).where('h.user_id', '=', userId).where('h.status', '<>', 'released').executeTakeFirst();
}
