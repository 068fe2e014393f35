import type { FastifyRequest } from 'fastify';
import type { AdminRole } from '@aurum/domain/access/roles';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@aurum/domain/auth/background';
import { SESSION_MESSAGES, sessionMessage } from '@aurum/domain/auth/session-messages';
import { sessionEnded } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import { verifyAccessToken } from './tokens.ts';
import { lapsedReason, touchSession } from './sessions.ts';

export interface AuthAdmin {
  id: number;
  username: string;
  role: AdminRole;
  sessionId: string;
}

/** True when the console marked the call as made on its own (polling, a refetch), not by the admin. */
export function isBackgroundCall(req: FastifyRequest): boolean {
  return req.headers[BACKGROUND_HEADER.toLowerCase()] === BACKGROUND_VALUE;
}

/**
 * Reads the bearer access token and checks its session is still open on the server; the admin's
 * role is read from the database on every call. A call not marked as background is an action of
 * the admin: it keeps the session alive (DECISIONS.md §9 idle limit).
 */
export async function authenticate(deps: AppDeps, req: FastifyRequest): Promise<AuthAdmin> {
  const header = req.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header) : null;
  if (!match) throw sessionEnded(SESSION_MESSAGES.invalid);
  const verified = await verifyAccessToken(match[1]!, deps.jwtSecret, Math.floor(deps.now().getTime() / 1000));
  if (!verified.ok) throw sessionEnded(verified.reason === 'expired' ? SESSION_MESSAGES.expired : SESSION_MESSAGES.invalid);
  const { admin, lastSeenAt } = await readSession(deps, verified.claims.sid, Number(verified.claims.sub));
  if (!isBackgroundCall(req)) await touchSession(deps.db, { id: admin.sessionId, last_seen_at: lastSeenAt }, deps.now());
  return admin;
}

/** The admin of a live session (the socket checks with it too; it is no action of the admin). */
export async function loadSessionAdmin(deps: AppDeps, sessionId: string, adminId: number): Promise<AuthAdmin> {
  return (await readSession(deps, sessionId, adminId)).admin;
}

async function readSession(deps: AppDeps, sessionId: string, adminId: number): Promise<{ admin: AuthAdmin; lastSeenAt: Date }> {
  const rows = await deps.db.query<{
    id: number;
    username: string;
    role: AdminRole;
    ended_at: Date | null;
    end_reason: string | null;
    last_seen_at: Date;
    expires_at: Date;
  }>(
    `SELECT a.id, a.username, a.role, s.ended_at, s.end_reason, s.last_seen_at, s.expires_at
       FROM admin_sessions s JOIN admins a ON a.id = s.admin_id
      WHERE s.id = $1 AND a.id = $2 AND a.deleted_at IS NULL`,
    [sessionId, adminId],
  );
  const row = rows[0];
  if (!row) throw sessionEnded(SESSION_MESSAGES.invalid);
  if (row.ended_at) throw sessionEnded(sessionMessage(row.end_reason));
  const lapsed = lapsedReason(deps, row);
  if (lapsed) throw sessionEnded(SESSION_MESSAGES[lapsed]);
  return { admin: { id: row.id, username: row.username, role: row.role, sessionId }, lastSeenAt: row.last_seen_at };
}
