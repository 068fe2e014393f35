import { UAParser } from 'ua-parser-js';
import type { AdminSessionItem } from '@aurum/domain/auth/second-factor-schemas';
import type { SessionEndReason } from '@aurum/domain/auth/session-messages';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { appError, notFound } from '../../http/app-error.ts';
import { findAdminById, openSessionsOf } from './auth-repository.ts';
import { endSession, lapsedReason } from './session-lifecycle.ts';

/** "Chrome 131 on Linux", "Mobile Safari 17 on iOS (iPhone)", or null when the user agent tells nothing. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const name = browser.name ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}` : null;
  const system = os.name ? `${os.name}${device.model ? ` (${device.model})` : ''}` : null;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? userAgent.slice(0, 60);
}

/** An admin's live sessions (open, within the idle and absolute limits), newest first. */
export async function liveSessionsOf(deps: AppDeps, q: Queryable, adminId: number, currentSessionId: string | null): Promise<AdminSessionItem[]> {
  // an admin that does not exist (or was deleted) has no sessions to list: 404, not an empty list
  if (!(await findAdminById(q, adminId))) throw notFound('admin');
  const rows = await openSessionsOf(q, adminId);
  return rows
    .filter((row) => lapsedReason(deps, row) === null)
    .map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent),
      ip: row.ip,
      startedAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      current: row.id === currentSessionId,
    }));
}

/**
 * Ends one live session of an admin at once (its access tokens, its refresh token and its sockets:
 * announceSessionsEnded); 404 when the admin has no such live session. Answers what the audit row keeps.
 */
export async function endSessionOf(
  deps: AppDeps,
  q: Queryable,
  adminId: number,
  sessionId: string,
  reason: SessionEndReason,
): Promise<{ adminId: number; sessionId: string; device: string | null; ip: string | null }> {
  const session = (await openSessionsOf(q, adminId)).find((row) => row.id === sessionId);
  if (!session) throw appError(ErrorCode.NotFound);
  await endSession(q, sessionId, reason, deps.now());
  return { adminId, sessionId, device: deviceOf(session.user_agent), ip: session.ip };
}
