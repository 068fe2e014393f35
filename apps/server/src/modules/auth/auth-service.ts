import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { NewPassword } from '@aurum/domain/auth/schemas';
import { sessionMessage } from '@aurum/domain/auth/session-messages';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { appError, invalidFormat, sessionEnded } from '../../http/app-error.ts';
import type { AuditRecorder, AuthAdmin } from '../../http/route.ts';
import { readBasicAuth } from './basic-auth.ts';
import { changeAdminPassword, dummyHash, hashPassword, refuseWeakPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, endSession, lapsedReason, openSession, refreshSession } from './session-lifecycle.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { recordRefreshFailure, tooManyAttempts, tooManyRefreshFailures } from './throttle.ts';
import {
  findAdminByEmail,
  findAdminById,
  findAdminByUsername,
  insertPasswordReset,
  lockLiveReset,
  openSessionTimes,
  resetsSince,
  toAdminWire,
  useResets,
} from './auth-repository.ts';
import type { SocketAuth } from '../../live/socket-hub.ts';
import { authenticate, loadSessionAdmin } from './authenticate.ts';
import { verifyAccessToken } from './tokens.ts';
import { hasSecondFactor, secondFactorChallenge } from './second-factor-service.ts';

// what the admins module, the seed and the CLI use of auth: auth is the lower module and imports no other
export { endAllSessions };
export { changeAdminPassword, hashPassword, refuseWeakPassword };
export { findAdminByUsername };
export { recoverSecondFactor } from './second-factor-service.ts';
export { announceAdminChanged } from './auth-cache.ts';

/** route()'s authentication (http/route.ts gets it as an interface from app.ts): the admin of the call's live session. */
export function requestAuthenticator(deps: AppDeps): (req: FastifyRequest) => Promise<AuthAdmin> {
  return (req) => authenticate(deps, req);
}

/** The live socket's authentication (live/socket-hub.ts gets it as an interface from app.ts). */
export function socketAuth(deps: AppDeps): SocketAuth {
  return {
    async admit(token) {
      const verified = await verifyAccessToken(token, deps.jwtSecret, Math.floor(deps.now().getTime() / 1000));
      if (!verified.ok) throw new Error('bad access token');
      return loadSessionAdmin(deps, verified.claims.sid, Number(verified.claims.sub));
    },
    /**
     * Which of these sessions are still live, in one query (the socket sweep): open, of an admin not
     * deleted, within the idle and absolute limits (lapsedReason, as every secure call checks).
     */
    async liveSessionIds(sessionIds) {
      const rows = await openSessionTimes(deps.db, [...sessionIds]);
      return new Set(rows.filter((row) => lapsedReason(deps, row) === null).map((row) => row.id));
    },
  };
}

/** Sign-in with basic authentication: a new session, its tokens and the admin (throttled per name and address). */
export async function login(deps: AppDeps, q: Queryable, req: FastifyRequest, audit: AuditRecorder) {
  const { username, password } = readBasicAuth(req.headers.authorization);
  audit.actor(username.slice(0, 100));
  const throttled = await tooManyAttempts(deps, q, username, req.ip);
  if (throttled) throw appError(ErrorCode.TooManyAttempts, throttled);
  const admin = username && password ? await findAdminByUsername(q, username) : undefined;
  const ok = admin ? await verifyPassword(password, admin.password_hash) : (await verifyPassword(password, await dummyHash()), false);
  if (!admin || !ok) throw appError(ErrorCode.WrongCredentials);
  audit.actor(admin.username, admin.id);
  // an admin with a second factor gets a challenge (decision 0221) (401, 1154) and signs in with POST /login/otp
  if (await hasSecondFactor(q, admin.id)) throw await secondFactorChallenge(deps, admin.id);
  const session = await openSession(deps, q, admin.id, { userAgent: req.headers['user-agent'] ?? null, ip: req.ip });
  audit.after({ sessionId: session.sessionId });
  return { jwt: session.jwt, refreshToken: session.refreshToken, user: toAdminWire(admin) };
}

/** A new access token for the sign-in's refresh token (not rotated); failed guesses are throttled per address. */
export async function refresh(deps: AppDeps, body: { id: number; token: string }, ip: string) {
  const outcome = await refreshSession(deps, body.id, body.token);
  if (!outcome.ok) {
    if (outcome.presented === 'invalid') {
      // a guess (unknown token, or another admin's): counted per address, 429 past the limit
      const throttled = await tooManyRefreshFailures(deps, deps.db, ip);
      await recordRefreshFailure(deps, deps.db, ip);
      if (throttled) throw appError(ErrorCode.TooManyAttempts, throttled);
    }
    throw sessionEnded(sessionMessage(outcome.reason));
  }
  return { jwt: outcome.jwt, refreshToken: body.token, user: toAdminWire(outcome.admin) };
}

export async function logout(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await endSession(q, sessionId, 'logout', now);
}

/** Sends a reset link (at most 3 per 15 minutes); the same answer whether or not the address is known. */
export async function forgotPassword(deps: AppDeps, q: Queryable, email: string, audit: AuditRecorder): Promise<void> {
  const admin = await findAdminByEmail(q, email);
  audit.note('email', email);
  if (!admin) return;
  audit.actor(admin.username, admin.id);
  const now = deps.now();
  if ((await resetsSince(q, admin.id, new Date(now.getTime() - 15 * 60_000))) >= 3) {
    audit.note('throttled', true);
    return;
  }
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + deps.config.passwordResetMinutes * 60_000);
  await insertPasswordReset(q, { tokenHash: hashToken(token), adminId: admin.id, at: now, expiresAt });
  const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const link = `${base}/auth/reset-password/?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(q, {
    to: admin.email,
    subject: 'Aurum: reset your password',
    text:
      `Hello ${admin.first_name || admin.username},\n\n` +
      `Someone asked to reset the password of your Aurum account (${admin.username}).\n` +
      `Set a new password here within ${deps.config.passwordResetMinutes} minutes:\n\n${link}\n\n` +
      'If it was not you, ignore this e-mail: your password stays as it is.\n',
  });
}

/** Sets a new password with a reset link's token (the password as the basic-auth password); ends every session. */
export async function resetPassword(deps: AppDeps, q: Queryable, req: FastifyRequest, token: string, audit: AuditRecorder): Promise<void> {
  const { password } = readBasicAuth(req.headers.authorization);
  const now = deps.now();
  const reset = await lockLiveReset(q, hashToken(token), now);
  if (!reset) throw appError(ErrorCode.VerificationCodeExpired);
  if (!NewPassword.safeParse(password).success) throw invalidFormat('password');
  const admin = await findAdminById(q, reset.admin_id);
  if (!admin) throw appError(ErrorCode.VerificationCodeExpired);
  audit.actor(admin.username, admin.id);
  await refuseWeakPassword(password, [admin.username, admin.email, admin.first_name, admin.last_name]);
  await changeAdminPassword(q, admin.id, password, now);
  await useResets(q, admin.id, now);
  const ended = await endAllSessions(q, admin.id, 'password-reset', now);
  audit.note('sessionsEnded', ended);
}
