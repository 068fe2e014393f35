import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * Customers never screened (no screened name recorded), oldest first, at most `limit`: those
 * created before the desk existed, or since by a path that does not screen. A partial anti-join on
 * the subjects' user index: cheap when there are none.
 */
export async function unscreenedCustomers(q: Queryable, limit: number): Promise<number[]> {
  const rows = await kysely(q)
    .selectFrom('users as u')
    .select('u.id')
    .where('u.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('screening_subjects as s').select('s.id').whereRef('s.user_id', '=', 'u.id'))))
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
