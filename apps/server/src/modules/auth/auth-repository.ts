import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** The open sessions among `sessionIds` of admins not deleted, with what their time limits need. */
export async function openSessionTimes(q: Queryable, sessionIds: readonly string[]): Promise<Array<{ id: string; last_seen_at: Date; expires_at: Date }>> {
  return kysely(q)
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select(['s.id', 's.last_seen_at', 's.expires_at'])
    .where('s.id', '=', (eb) => eb.fn.any(eb.val(sessionIds)))
    .where('s.ended_at', 'is', null)
    .where('a.deleted_at', 'is', null)
    .execute();
}
