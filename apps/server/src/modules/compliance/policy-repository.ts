import { sql } from 'kysely';
import type { PolicyView } from '@aurum/domain/compliance/policy-schemas';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

const selectPolicy = (q: Queryable) =>
  kysely(q)
    .selectFrom('compliance_policy as p')
    .leftJoin('admins as updater', 'updater.id', 'p.updated_by')
    .leftJoin('admins as proposer', 'proposer.id', 'p.proposed_by')
    .select(['p.enforce', 'updater.username as updated_by_name', 'p.updated_at', 'p.proposed_enforce', 'p.proposed_by', 'proposer.username as proposed_by_name', 'p.proposed_at', 'p.proposal_note'])
    .where('p.id', '=', 1);

export type PolicyRow = Awaited<ReturnType<ReturnType<typeof selectPolicy>['executeTakeFirstOrThrow']>>;

export function toPolicyView(r: PolicyRow): PolicyView {
  return {
    enforce: r.enforce,
    updatedBy: r.updated_by_name,
    updatedAt: r.updated_at.toISOString(),
    proposal:
      r.proposed_enforce !== null && r.proposed_at !== null
        ? { enforce: r.proposed_enforce, by: r.proposed_by_name ?? '', at: r.proposed_at.toISOString(), note: r.proposal_note ?? '' }
        : null,
  };
}

/** The switch's one row, written once at the first start; a later start leaves it as the officers set it. */
export async function insertPolicyIfAbsent(q: Queryable, enforce: boolean, at: Date): Promise<void> {
  await kysely(q).insertInto('compliance_policy').values({ id: 1, enforce, updated_at: at }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** The row, locked FOR UPDATE when `lock`: two officers deciding at once are serialised. */
export async function findPolicy(q: Queryable, lock = false): Promise<PolicyRow | undefined> {
  if (lock) await kysely(q).selectFrom('compliance_policy').select('id').where('id', '=', 1).forUpdate().execute();
  return selectPolicy(q).executeTakeFirst();
}

export async function setPolicyProposal(q: Queryable, p: { enforce: boolean; note: string; by: number; at: Date } | null): Promise<void> {
  await kysely(q)
    .updateTable('compliance_policy')
    .set({ proposed_enforce: p?.enforce ?? null, proposal_note: p?.note ?? null, proposed_by: p?.by ?? null, proposed_at: p?.at ?? null })
    .where('id', '=', 1)
    .execute();
}

export async function applyPolicy(q: Queryable, d: { enforce: boolean; by: number; at: Date }): Promise<void> {
  await kysely(q)
    .updateTable('compliance_policy')
    .set({ enforce: d.enforce, updated_by: d.by, updated_at: d.at, proposed_enforce: null, proposal_note: null, proposed_by: null, proposed_at: null })
    .where('id', '=', 1)
    .execute();
}

/**
 * In one read, inside the transaction that moves value: whether any of `userIds` is held or
 * frozen, and, when enforcement is on, whether any has no verified file current on `today`
 * (Kuala Lumpur). One statement, so the due diligence gate costs no round trip beyond the hold's.
 */
export async function restrictions(q: Queryable, userIds: readonly number[], today: string, withDueDiligence: boolean): Promise<{ held: boolean; unverified: boolean }> {
  const ids = sql`${sql.val([...userIds])}::bigint[]`;
  const row = await sql<{ held: boolean; unverified: boolean }>`
    SELECT
      EXISTS (SELECT 1 FROM compliance_holds WHERE user_id = ANY(${ids}) AND status <> 'released') AS held,
      ${withDueDiligence}::boolean
        AND COALESCE((SELECT enforce FROM compliance_policy WHERE id = 1), false)
        AND EXISTS (
          SELECT 1 FROM unnest(${ids}) AS u(id)
          LEFT JOIN due_diligence_files f ON f.user_id = u.id
          WHERE f.user_id IS NULL OR f.status <> 'verified' OR f.next_review_on < ${today}::date
        ) AS unverified`.execute(kysely(q));
  return row.rows[0]!;
}
