import type { ProposalKind } from '@aurum/domain/finance/period-schemas';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** What a second admin decides besides adjustments: a month's or a year's close, a reopening (decision 1041), all SQL. */

export interface ProposalRow {
  id: number;
  kind: ProposalKind;
  target: string;
  reason: string | null;
  status: 'pending' | 'approved' | 'declined';
  proposed_by: number;
  proposed_by_name: string;
  proposed_at: Date;
  decided_by_name: string | null;
  decided_at: Date | null;
  decline_reason: string | null;
}

const selectProposals = (q: Queryable) =>
  kysely(q)
    .selectFrom('finance_proposals as f')
    .innerJoin('admins as p', 'p.id', 'f.proposed_by')
    .leftJoin('admins as d', 'd.id', 'f.decided_by')
    .select(['f.id', 'f.kind', 'f.target', 'f.reason', 'f.status', 'f.proposed_by', 'p.username as proposed_by_name', 'f.proposed_at', 'd.username as decided_by_name', 'f.decided_at', 'f.decline_reason'])
    .$castTo<ProposalRow>();

/** The pending proposals (oldest first), then the latest decided ones. */
export async function listProposals(q: Queryable, decidedShown: number): Promise<ProposalRow[]> {
  const pending = await selectProposals(q).where('f.status', '=', 'pending').orderBy('f.id').execute();
  const decided = await selectProposals(q).where('f.status', '<>', 'pending').orderBy('f.id', 'desc').limit(decidedShown).execute();
  return [...pending, ...decided];
}

/** The pending proposals of some kinds, oldest first, at most `limit` (the checker's inbox). */
export async function pendingProposals(q: Queryable, kinds: readonly ProposalKind[], limit: number): Promise<ProposalRow[]> {
  if (kinds.length === 0) return [];
  return selectProposals(q).where('f.status', '=', 'pending').where('f.kind', 'in', [...kinds]).orderBy('f.proposed_at').orderBy('f.id').limit(limit).execute();
}

/** How many proposals of these kinds are pending, and how many of them this admin did not propose. */
export async function countPendingProposals(q: Queryable, kinds: readonly ProposalKind[], adminId: number): Promise<{ total: number; decidable: number }> {
  if (kinds.length === 0) return { total: 0, decidable: 0 };
  const row = await kysely(q)
    .selectFrom('finance_proposals')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('id').filterWhere('proposed_by', '<>', adminId).as('decidable')])
    .where('status', '=', 'pending')
    .where('kind', 'in', [...kinds])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), decidable: Number(row.decidable) };
}

export async function findProposal(q: Queryable, id: number): Promise<ProposalRow | undefined> {
  return selectProposals(q).where('f.id', '=', id).executeTakeFirst();
}

/** Locks a proposal for its decision. */
export async function lockProposal(q: Queryable, id: number) {
  return kysely(q).selectFrom('finance_proposals').select(['id', 'kind', 'target', 'reason', 'status', 'proposed_by']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The unique index that keeps one pending proposal per kind and target. */
export const ONE_PENDING_INDEX = 'finance_proposals_one_pending';

/** Inserts a pending proposal (a second one of that kind and target violates ONE_PENDING_INDEX). */
export async function insertProposal(q: Queryable, p: { kind: ProposalKind; target: string; reason: string | null; by: number; at: Date }): Promise<number> {
  const row = await kysely(q)
    .insertInto('finance_proposals')
    .values({ kind: p.kind, target: p.target, reason: p.reason, proposed_by: p.by, proposed_at: p.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function decideProposal(q: Queryable, id: number, d: { status: 'approved' | 'declined'; by: number; at: Date; declineReason: string | null }): Promise<void> {
  await kysely(q).updateTable('finance_proposals').set({ status: d.status, decided_by: d.by, decided_at: d.at, decline_reason: d.declineReason }).where('id', '=', id).execute();
}
