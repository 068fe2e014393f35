import { sql } from 'kysely';
import { SERVER_ROLE_OF, type AdminRole } from '@aurum/domain/access/roles';
import type { AdminUserWire } from '@aurum/domain/auth/schemas';
import type { SessionEndReason } from '@aurum/domain/auth/session-messages';
import type { Queryable } from '../../db/db.ts';
import { kysely, sameText } from '../../db/query-builder.ts';
import { secondFactorPendingSql } from './second-factor-repository.ts';

/** A session as the refresh and the time limits read it. */
export interface SessionRow {
  id: string;
  admin_id: number;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: SessionEndReason | null;
}

// The admin account as sign-in, refresh, password reset and the second factor read it. The admins
// module lists and edits admins and reaches these through auth-service.ts: auth is the lower module.
const selectAdmin = (q: Queryable) =>
  kysely(q)
    .selectFrom('admins as a')
    .leftJoin('admins as c', 'c.id', 'a.created_by')
    .select(['a.id', 'a.username', 'a.email', 'a.first_name', 'a.last_name', 'a.role', 'a.password_hash', 'a.updated_at', 'a.created_at', 'c.username as creator'])
    .where('a.deleted_at', 'is', null);

type SelectedAdmin = Awaited<ReturnType<ReturnType<typeof selectAdmin>['executeTakeFirstOrThrow']>>;

/** A live admin as read; its role (a CHECK list in the schema) typed by the domain. */
export type AdminRow = Omit<SelectedAdmin, 'role'> & { role: AdminRole };

const typed = (row: SelectedAdmin | undefined): AdminRow | undefined => row as AdminRow | undefined;

export async function findAdminByUsername(q: Queryable, username: string): Promise<AdminRow | undefined> {
  return typed(await selectAdmin(q).where(sameText('a.username', username)).executeTakeFirst());
}

export async function findAdminByEmail(q: Queryable, email: string): Promise<AdminRow | undefined> {
  return typed(await selectAdmin(q).where(sameText('a.email', email)).executeTakeFirst());
}

export async function findAdminById(q: Queryable, id: number): Promise<AdminRow | undefined> {
  return typed(await selectAdmin(q).where('a.id', '=', id).executeTakeFirst());
}

/** The admin as the auth calls answer it. */
export function toAdminWire(row: AdminRow): AdminUserWire {
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: SERVER_ROLE_OF[row.role],
    updatedAt: row.updated_at.toISOString(),
    creator: row.creator,
  };
}

export async function setAdminPassword(q: Queryable, id: number, passwordHash: string, at: Date): Promise<void> {
  await kysely(q).updateTable('admins').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
}

/** A new session: created and last seen at `at`. */
export async function insertSession(
  q: Queryable,
  s: { id: string; adminId: number; at: Date; expiresAt: Date; userAgent: string | null; ip: string },
): Promise<void> {
  await kysely(q)
    .insertInto('admin_sessions')
    .values({ id: s.id, admin_id: s.adminId, created_at: s.at, last_seen_at: s.at, expires_at: s.expiresAt, user_agent: s.userAgent, ip: s.ip })
    .execute();
}

export async function insertRefreshToken(q: Queryable, t: { tokenHash: string; sessionId: string; at: Date }): Promise<void> {
  await kysely(q).insertInto('refresh_tokens').values({ token_hash: t.tokenHash, session_id: t.sessionId, created_at: t.at }).execute();
}

const endOpen = (q: Queryable, reason: SessionEndReason, at: Date) =>
  kysely(q).updateTable('admin_sessions').set({ ended_at: at, end_reason: reason }).where('ended_at', 'is', null).returning('id');

/** Ends the session if it is open; answers its id when it ended it. */
export async function endOpenSession(q: Queryable, sessionId: string, reason: SessionEndReason, at: Date): Promise<string[]> {
  const rows = await endOpen(q, reason, at).where('id', '=', sessionId).execute();
  return rows.map((r) => r.id);
}

/** Ends every open session of an admin; answers the ids ended. */
export async function endOpenSessionsOf(q: Queryable, adminId: number, reason: SessionEndReason, at: Date): Promise<string[]> {
  const rows = await endOpen(q, reason, at).where('admin_id', '=', adminId).execute();
  return rows.map((r) => r.id);
}

/** Moves an open session's last action to `at`, never backwards. */
export async function touchLastSeen(q: Queryable, sessionId: string, at: Date): Promise<void> {
  await kysely(q)
    .updateTable('admin_sessions')
    .set((eb) => ({ last_seen_at: eb.fn<Date>('greatest', [eb.ref('last_seen_at'), eb.val(at)]) }))
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** The session of a refresh token (by its hash), ended or not. */
export async function sessionOfRefreshToken(q: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  return kysely(q)
    .selectFrom('refresh_tokens as rt')
    .innerJoin('admin_sessions as s', 's.id', 'rt.session_id')
    .select(['s.id', 's.admin_id', 's.last_seen_at', 's.expires_at', 's.ended_at', 's.end_reason'])
    .where('rt.token_hash', '=', tokenHash)
    .$narrowType<{ end_reason: SessionEndReason | null }>()
    .executeTakeFirst();
}

/** A live (not deleted) admin's name and role, and whether its role requires a second factor it has not enrolled: what authentication holds. */
export async function findAdminAccess(
  q: Queryable,
  adminId: number,
): Promise<{ id: number; username: string; role: AdminRole; second_factor_pending: boolean } | undefined> {
  return kysely(q)
    .selectFrom('admins as a')
    .select(['a.id', 'a.username', 'a.role', secondFactorPendingSql('a').as('second_factor_pending')])
    .where('a.id', '=', adminId)
    .where('a.deleted_at', 'is', null)
    .$narrowType<{ role: AdminRole }>()
    .executeTakeFirst();
}

/** A session, ended or not, of a live admin, with that admin's name and role. */
export async function sessionWithAdmin(
  q: Queryable,
  sessionId: string,
  adminId: number,
): Promise<
  | { id: number; username: string; role: AdminRole; second_factor_pending: boolean; ended_at: Date | null; end_reason: string | null; last_seen_at: Date; expires_at: Date }
  | undefined
> {
  return kysely(q)
    .selectFrom('admin_sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select(['a.id', 'a.username', 'a.role', secondFactorPendingSql('a').as('second_factor_pending'), 's.ended_at', 's.end_reason', 's.last_seen_at', 's.expires_at'])
    .where('s.id', '=', sessionId)
    .where('a.id', '=', adminId)
    .where('a.deleted_at', 'is', null)
    .$narrowType<{ role: AdminRole }>()
    .executeTakeFirst();
}

/** A failed sign-in the throttle counts: a refused password (code 1151), or a refused second-factor code (1155). */
const refusedWith = (detail: string, code: 1151 | 1155) => sql<boolean>`${sql.ref(detail)}->>'code' = ${String(code)}`;
const refusedPassword = (detail: string) => refusedWith(detail, 1151);

/**
 * The failed sign-ins for a username (case-insensitive) since `since` and since its last successful
 * sign-in: refused passwords (1151), or with `code` 1155 refused second-factor codes.
 */
export async function failedSignInsOfAccount(q: Queryable, username: string, since: Date, code: 1151 | 1155 = 1151): Promise<number> {
  const row = await kysely(q)
    .selectFrom('audit_log as f')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f.action', '=', 'auth.loginFailed')
    .where(sameText('f.username', username))
    .where('f.at', '>', since)
    .where(refusedWith('f.detail', code))
    .where('f.at', '>', (eb) =>
      eb.fn.coalesce(
        eb.selectFrom('audit_log as s').select((eb2) => eb2.fn.max('s.at').as('last')).where('s.action', '=', 'auth.login').where(sameText('s.username', username)),
        sql<Date>`'-infinity'`,
      ),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The failed sign-ins (1151) from an address since `since`. */
export async function failedSignInsFromAddress(q: Queryable, ip: string, since: Date): Promise<number> {
  const row = await kysely(q)
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'auth.loginFailed')
    .where('ip', '=', ip)
    .where('at', '>', since)
    .where(refusedPassword('detail'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The refused refreshes from an address since `since`. */
export async function refreshFailuresSince(q: Queryable, ip: string, since: Date): Promise<number> {
  const row = await kysely(q)
    .selectFrom('refresh_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Forgets the refused refreshes older than `before`. */
export async function deleteRefreshFailuresBefore(q: Queryable, before: Date): Promise<void> {
  await kysely(q).deleteFrom('refresh_failures').where('at', '<', before).execute();
}

export async function insertRefreshFailure(q: Queryable, f: { ip: string; at: Date }): Promise<void> {
  await kysely(q).insertInto('refresh_failures').values({ ip: f.ip, at: f.at }).execute();
}

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

/** The open sessions of an admin, newest first, with what the sessions page shows. */
export async function openSessionsOf(
  q: Queryable,
  adminId: number,
): Promise<Array<{ id: string; created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string | null; ip: string | null }>> {
  return kysely(q)
    .selectFrom('admin_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
    .where('admin_id', '=', adminId)
    .where('ended_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}
