import type { SessionEndReason } from '@aurum/domain/auth/session-messages';
import type { Queryable } from '../../db/db.ts';
import { LIVE_CHANNEL, type LiveEvent } from '../live/event-bus.ts';
import type { AppDeps } from '../../app-deps.ts';
import { hashToken, newOpaqueToken, newSessionId, signAccessToken } from './tokens.ts';

export interface SessionRow {
  id: string;
  admin_id: number;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  end_reason: SessionEndReason | null;
}

export function issueAccessToken(deps: AppDeps, adminId: number, sessionId: string): string {
  const iat = Math.floor(deps.now().getTime() / 1000);
  return signAccessToken(
    { sub: String(adminId), sid: sessionId, iat, exp: iat + deps.config.accessTokenTtlSeconds, iss: 'aurum' },
    deps.jwtSecret,
  );
}

/** Opens a session for an admin: its id, the first refresh token of its family, an access token. */
export async function openSession(
  deps: AppDeps,
  q: Queryable,
  adminId: number,
  meta: { userAgent: string | null; ip: string },
): Promise<{ sessionId: string; jwt: string; refreshToken: string }> {
  const sessionId = newSessionId();
  const now = deps.now();
  const expires = new Date(now.getTime() + deps.config.sessionAbsoluteHours * 3600_000);
  await q.query(
    `INSERT INTO admin_sessions (id, admin_id, created_at, last_seen_at, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, $3, $4, $5, $6)`,
    [sessionId, adminId, now, expires, meta.userAgent, meta.ip],
  );
  const refreshToken = newOpaqueToken();
  await q.query('INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [
    hashToken(refreshToken),
    sessionId,
    now,
  ]);
  return { sessionId, jwt: issueAccessToken(deps, adminId, sessionId), refreshToken };
}

/** Tells every process (on commit) that these sessions ended: their sockets close at once. */
async function announceEnded(q: Queryable, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const event: LiveEvent = { kind: 'sessionsEnded', sessionIds };
  await q.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
}

export async function endSession(q: Queryable, sessionId: string, reason: SessionEndReason, at: Date): Promise<void> {
  const rows = await q.query<{ id: string }>(
    'UPDATE admin_sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL RETURNING id',
    [sessionId, at, reason],
  );
  await announceEnded(q, rows.map((r) => r.id));
}

/** Ends every open session of an admin at once (password reset, force logout). */
export async function endAllSessions(q: Queryable, adminId: number, reason: SessionEndReason, at: Date): Promise<number> {
  const rows = await q.query<{ id: string }>(
    'UPDATE admin_sessions SET ended_at = $2, end_reason = $3 WHERE admin_id = $1 AND ended_at IS NULL RETURNING id',
    [adminId, at, reason],
  );
  await announceEnded(q, rows.map((r) => r.id));
  return rows.length;
}

/** Why a session that is still open can no longer be used, or null when it can. */
export function lapsedReason(deps: AppDeps, s: Pick<SessionRow, 'last_seen_at' | 'expires_at'>): SessionEndReason | null {
  const now = deps.now().getTime();
  if (s.expires_at.getTime() <= now) return 'expired';
  if (s.last_seen_at.getTime() + deps.config.sessionIdleMinutes * 60_000 <= now) return 'idle';
  return null;
}
