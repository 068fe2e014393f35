import type { SessionEndReason } from '@aurum/domain/auth/session-messages';
import type { Queryable } from '../../db/db.ts';
import type { AppDeps } from '../../app-deps.ts';
import { announceSessionsEnded } from './auth-cache.ts';
import {
  endOpenSession,
  endOpenSessionsOf,
  findAdminById,
  insertRefreshToken,
  insertSession,
  sessionOfRefreshToken,
  touchLastSeen,
  type AdminRow,
  type SessionRow,
} from './auth-repository.ts';
import { hashToken, newOpaqueToken, newSessionId, signAccessToken } from './tokens.ts';

export function issueAccessToken(deps: AppDeps, adminId: number, sessionId: string): Promise<string> {
  const iat = Math.floor(deps.now().getTime() / 1000);
  return signAccessToken(
    { sub: String(adminId), sid: sessionId, iat, exp: iat + deps.config.accessTokenTtlSeconds, iss: 'aurum' },
    deps.jwtSecret,
  );
}

/**
 * Opens a session for an admin: its id, its refresh token and an access token. The refresh token
 * is the session's only one, for its whole life (DECISIONS.md §9: not rotated); it is stored
 * hashed.
 */
export async function openSession(
  deps: AppDeps,
  q: Queryable,
  adminId: number,
  meta: { userAgent: string | null; ip: string },
): Promise<{ sessionId: string; jwt: string; refreshToken: string }> {
  const sessionId = newSessionId();
  const now = deps.now();
  const expires = new Date(now.getTime() + deps.config.sessionAbsoluteHours * 3600_000);
  await insertSession(q, { id: sessionId, adminId, at: now, expiresAt: expires, userAgent: meta.userAgent, ip: meta.ip });
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(q, { tokenHash: hashToken(refreshToken), sessionId, at: now });
  return { sessionId, jwt: await issueAccessToken(deps, adminId, sessionId), refreshToken };
}

export async function endSession(q: Queryable, sessionId: string, reason: SessionEndReason, at: Date): Promise<void> {
  await announceSessionsEnded(q, await endOpenSession(q, sessionId, reason, at));
}

/** Ends every open session of an admin at once (password reset, force logout). */
export async function endAllSessions(q: Queryable, adminId: number, reason: SessionEndReason, at: Date): Promise<number> {
  const ended = await endOpenSessionsOf(q, adminId, reason, at);
  await announceSessionsEnded(q, ended);
  return ended.length;
}

/**
 * Records an admin's action on the session (an authenticated call not marked as background):
 * the idle limit counts from the last one. The token refresh never calls this. Written at most
 * once per ACTIVITY_RESOLUTION_MS, and never moved backwards. Answers whether it wrote.
 */
export async function touchSession(q: Queryable, s: Pick<SessionRow, 'id' | 'last_seen_at'>, at: Date): Promise<boolean> {
  if (!touchDue(s.last_seen_at, at)) return false;
  await touchLastSeen(q, s.id, at);
  return true;
}

/** How finely the last action of a session is kept: one write per session per 5 s at most. */
export const ACTIVITY_RESOLUTION_MS = 5_000;

/** Whether an action at `at` is to be written, the last one written being at `lastSeenAt` (touchSession's rule). */
export const touchDue = (lastSeenAt: Date, at: Date): boolean => at.getTime() - lastSeenAt.getTime() >= ACTIVITY_RESOLUTION_MS;

export type RefreshOutcome =
  | { ok: true; jwt: string; admin: AdminRow }
  | { ok: false; reason: SessionEndReason; presented: 'valid' | 'invalid' };

/**
 * A refresh with the session's refresh token (DECISIONS.md §9): the same token works for the
 * whole life of its session. Every use re-checks that the token is known and belongs to the
 * admin id presented with it, that the session is open and within its idle and absolute limits,
 * and that the admin still exists. A refresh is not an action of the admin: it does not move the
 * idle limit. `presented: 'invalid'` marks a refusal for an unknown token or a token of another
 * admin id (the refresh throttle counts those).
 */
export async function refreshSession(deps: AppDeps, adminId: number, token: string): Promise<RefreshOutcome> {
  const row = await sessionOfRefreshToken(deps.db, hashToken(token));
  if (!row || Number(row.admin_id) !== adminId) return { ok: false, reason: 'invalid', presented: 'invalid' };
  if (row.ended_at) return { ok: false, reason: row.end_reason ?? 'invalid', presented: 'valid' };
  const now = deps.now();
  const lapsed = lapsedReason(deps, row);
  if (lapsed) {
    await endSession(deps.db, row.id, lapsed, now);
    return { ok: false, reason: lapsed, presented: 'valid' };
  }
  const admin = await findAdminById(deps.db, adminId);
  if (!admin) {
    await endSession(deps.db, row.id, 'forced', now);
    return { ok: false, reason: 'forced', presented: 'valid' };
  }
  return { ok: true, jwt: await issueAccessToken(deps, admin.id, row.id), admin };
}

/** Why a session that is still open can no longer be used, or null when it can. */
export function lapsedReason(deps: AppDeps, s: Pick<SessionRow, 'last_seen_at' | 'expires_at'>): SessionEndReason | null {
  const now = deps.now().getTime();
  if (s.expires_at.getTime() <= now) return 'expired';
  if (s.last_seen_at.getTime() + deps.config.sessionIdleMinutes * 60_000 <= now) return 'idle';
  return null;
}
