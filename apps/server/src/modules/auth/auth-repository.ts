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

/** How many reset links this admin was sent since `since` (at most 3 per 15 minutes). */
export async function resetsSince(q: Queryable, adminId: number, since: Date): Promise<number> {
  const row = await kysely(q)
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertPasswordReset(q: Queryable, r: { tokenHash: string; adminId: number; at: Date; expiresAt: Date }): Promise<void> {
  await kysely(q).insertInto('password_resets').values({ token_hash: r.tokenHash, admin_id: r.adminId, created_at: r.at, expires_at: r.expiresAt }).execute();
}

/** The admin of an unused, unexpired reset token, its row locked until the transaction ends. */
export async function lockLiveReset(q: Queryable, tokenHash: string, now: Date): Promise<{ admin_id: number } | undefined> {
  return kysely(q)
    .selectFrom('password_resets')
    .select('admin_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks every unused reset link of the admin used. */
export async function useResets(q: Queryable, adminId: number, at: Date): Promise<void> {
  await kysely(q).updateTable('password_resets').set({ used_at: at }).where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
}
