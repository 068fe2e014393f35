import type { FastifyRequest } from 'fastify';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@aurum/domain/auth/background';
import { SESSION_MESSAGES, sessionMessage } from '@aurum/domain/auth/session-messages';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError, sessionEnded } from '../../http/app-error.ts';
import type { AuthAdmin } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { authCaches, type AuthCaches, type CachedAdmin, type CachedSession } from './auth-cache.ts';
import { verifyAccessToken, type AccessClaims } from './tokens.ts';
import { lapsedReason, touchDue, touchSession } from './session-lifecycle.ts';
import { findAdminAccess, sessionWithAdmin } from './auth-repository.ts';

/** The root of the calls an admin whose role requires a second factor cannot make before enrolling (http/route.ts SECURE_ROOT). */
const SECURE_PREFIX = '/v0/web/secure/';

/** True when the console marked the call as made on its own (polling, a refetch), not by the admin. */
export function isBackgroundCall(req: FastifyRequest): boolean {
  return req.headers[BACKGROUND_HEADER.toLowerCase()] === BACKGROUND_VALUE;
}

/**
 * Reads the bearer access token and checks its session is still open on the server, with the
 * admin's current role. Both come from this process's caches (auth-cache.ts), dropped everywhere
 * when a session ends or an admin changes; the idle and absolute limits are checked on every call.
 * A call not marked as background is an action of the admin: it keeps the session alive
 * (DECISIONS.md §9 idle limit).
 */
export async function authenticate(deps: AppDeps, req: FastifyRequest): Promise<AuthAdmin> {
  const header = req.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header) : null;
  if (!match) throw sessionEnded(SESSION_MESSAGES.invalid);
  const claims = await verifiedClaims(deps, match[1]!);
  const { admin, session, secondFactorPending } = await liveSession(deps, claims.sid, Number(claims.sub));
  if (!isBackgroundCall(req)) {
    // most calls fall within the resolution of the last write: decided here, without a promise
    const pending = writing.get(session);
    if (pending) await pending;
    else {
      const now = deps.now();
      if (touchDue(session.lastSeenAt, now)) await recordAction(deps, admin.sessionId, session, now);
    }
  }
  // the role requires a second factor (decision 0222) the admin has not enrolled: only the auth calls (enrol, sign out, sessions) go through
  if (secondFactorPending && req.url.startsWith(SECURE_PREFIX)) throw appError(ErrorCode.SecondFactorEnrolmentRequired);
  return admin;
}

/**
 * The claims of a well-signed access token that has not expired. A token whose signature was
 * checked once is remembered (auth-cache.ts: the signature check is most of a cached call's cost);
 * its expiry is checked on every use, as jose does (expired once exp <= now).
 */
async function verifiedClaims(deps: AppDeps, token: string): Promise<AccessClaims> {
  const nowSeconds = Math.floor(deps.now().getTime() / 1000);
  const tokens = authCaches(deps.events).tokens;
  let claims = tokens.get(token);
  if (!claims) {
    const verified = await verifyAccessToken(token, deps.jwtSecret, nowSeconds);
    if (!verified.ok) throw sessionEnded(verified.reason === 'expired' ? SESSION_MESSAGES.expired : SESSION_MESSAGES.invalid);
    claims = verified.claims;
    tokens.keepIfCurrent(token, claims, tokens.stamp());
  }
  if (claims.exp <= nowSeconds) throw sessionEnded(SESSION_MESSAGES.expired);
  return claims;
}

/** The admin of a live session (the socket checks with it too; it is no action of the admin). */
export async function loadSessionAdmin(deps: AppDeps, sessionId: string, adminId: number): Promise<AuthAdmin> {
  const { admin, secondFactorPending } = await liveSession(deps, sessionId, adminId);
  // the socket carries secure data too: refused until the second factor its role requires is enrolled
  if (secondFactorPending) throw appError(ErrorCode.SecondFactorEnrolmentRequired);
  return admin;
}

async function liveSession(deps: AppDeps, sessionId: string, adminId: number): Promise<{ admin: AuthAdmin; session: CachedSession; secondFactorPending: boolean }> {
  const caches = authCaches(deps.events);
  const held = caches.sessions.get(sessionId);
  let found: { session: CachedSession; admin: CachedAdmin };
  if (held && held.adminId === adminId && lapsedReason(deps, { last_seen_at: held.lastSeenAt, expires_at: held.expiresAt }) === null) {
    // held: no promise (every secure call passes here); else read from the database
    const admin = caches.admins.get(adminId) ?? (await caches.admins.reload(adminId, () => readAdmin(deps.db, adminId)));
    if (!admin) throw sessionEnded(SESSION_MESSAGES.invalid);
    found = { session: held, admin };
  } else {
    // not held, or lapsed by what this process has seen: the database decides (another process may have seen a later action)
    found = await readSession(deps, caches, sessionId, adminId);
  }
  const { admin, session } = found;
  return { admin: { id: admin.id, username: admin.username, role: admin.role, sessionId }, session, secondFactorPending: admin.secondFactorPending };
}

async function readAdmin(q: Queryable, adminId: number): Promise<CachedAdmin | undefined> {
  const row = await findAdminAccess(q, adminId);
  return row ? { id: Number(row.id), username: row.username, role: row.role, secondFactorPending: row.second_factor_pending } : undefined;
}

async function readSession(deps: AppDeps, caches: AuthCaches, sessionId: string, adminId: number): Promise<{ session: CachedSession; admin: CachedAdmin }> {
  const stamps = { sessions: caches.sessions.stamp(), admins: caches.admins.stamp() };
  const row = await sessionWithAdmin(deps.db, sessionId, adminId);
  if (!row) throw sessionEnded(SESSION_MESSAGES.invalid);
  if (row.ended_at) throw sessionEnded(sessionMessage(row.end_reason));
  const lapsed = lapsedReason(deps, row);
  if (lapsed) throw sessionEnded(SESSION_MESSAGES[lapsed]);
  const session: CachedSession = { adminId: Number(row.id), lastSeenAt: row.last_seen_at, expiresAt: row.expires_at };
  const admin: CachedAdmin = { id: Number(row.id), username: row.username, role: row.role, secondFactorPending: row.second_factor_pending };
  caches.sessions.keepIfCurrent(sessionId, session, stamps.sessions);
  caches.admins.keepIfCurrent(admin.id, admin, stamps.admins);
  return { session, admin };
}

/** The write under way for a session in this process: calls arriving meanwhile wait for it instead of writing too. */
const writing = new WeakMap<CachedSession, Promise<void>>();

/**
 * Records an admin's action (touchSession: at most one write per session per ACTIVITY_RESOLUTION_MS);
 * the cached copy follows what was written, so the idle limit counts from the same moment as the
 * database's.
 */
async function recordAction(deps: AppDeps, sessionId: string, session: CachedSession, now: Date): Promise<void> {
  const write = touchSession(deps.db, { id: sessionId, last_seen_at: session.lastSeenAt }, now).then((written) => {
    if (written && now > session.lastSeenAt) session.lastSeenAt = now;
  });
  writing.set(session, write);
  try {
    await write;
  } finally {
    writing.delete(session);
  }
}
