import { sql } from 'kysely';
import { HEDGEABLE_ORDER_STATUSES } from '@aurum/domain/hedges/hedge-rules';
import type { RiskAssessment } from '@aurum/domain/compliance/risk-rules';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

export async function currentRisk(q: Queryable, userId: number) {
  return kysely(q).selectFrom('customer_risk').select(['score', 'band', 'reasons', 'computed_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** The customer's risk now; a history row is added when score, band or reasons changed (never updated). */
export async function recordRisk(q: Queryable, userId: number, a: RiskAssessment, inputs: unknown, by: number | null, at: Date): Promise<void> {
  const reasons = JSON.stringify(a.reasons);
  const before = await currentRisk(q, userId);
  // jsonb orders an object's keys its own way: compare the reasons field by field
  const key = (rs: readonly RiskAssessment['reasons'][number][]) => JSON.stringify(rs.map((r) => [r.factor, r.detail, r.points]));
  if (before && before.score === a.score && before.band === a.band && key(before.reasons as unknown as RiskAssessment['reasons']) === key(a.reasons)) return;
  await kysely(q)
    .insertInto('customer_risk')
    .values({ user_id: userId, score: a.score, band: a.band, reasons, computed_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ score: a.score, band: a.band, reasons, computed_at: at }))
    .execute();
  await kysely(q)
    .insertInto('customer_risk_assessments')
    .values({ user_id: userId, score: a.score, band: a.band, reasons, inputs: JSON.stringify(inputs), computed_by: by, computed_at: at })
    .execute();
}

/** MYR the customer's filled orders came to over the 30 days before `at` (the volume the risk compares with the declared). */
export async function tradedMyrSince(q: Queryable, userId: number, at: Date): Promise<number> {
  const since = new Date(at.getTime() - 30 * 86_400_000);
  const row = await kysely(q)
    .selectFrom('orders')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('user_id', '=', userId)
    .where('status', 'in', [...HEDGEABLE_ORDER_STATUSES])
    .where('filled_at', '>=', since)
    .where('currency', '=', 'MYR')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
