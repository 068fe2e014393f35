import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import {
  ForgotPasswordBody,
  LoginAnswer,
  NewPassword,
  RefreshAnswer,
  RefreshBody,
  ResetPasswordBody,
} from '@aurum/domain/auth/schemas';
import { SESSION_MESSAGES, sessionMessage } from '@aurum/domain/auth/session-messages';
import { appError, invalidFormat, sessionEnded } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findAdminByEmail, findAdminById, findAdminByUsername, toAdminWire } from '../admins/admin-repository.ts';
import { readBasicAuth } from './basic-auth.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, endSession, openSession, refreshSession } from './sessions.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { recordRefreshFailure, tooManyAttempts, tooManyRefreshFailures } from './throttle.ts';

const AUTH = '/v0/web/auth/admin';
const Empty = z.object({}).strict();
const BASIC = { security: [{ basic: [] }] };

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/login`,
    summary: 'Sign in with basic authentication; answers an access token, a refresh token and the admin',
    tags: ['auth'],
    auth: 'public',
    audit: 'auth.login',
    auditFailure: 'auth.loginFailed',
    response: LoginAnswer,
    docs: BASIC,
    handler: async ({ db, req, audit }) => {
      const { username, password } = readBasicAuth(req.headers.authorization);
      audit.actor(username.slice(0, 100));
      const throttled = await tooManyAttempts(deps, db, username, req.ip);
      if (throttled) throw appError(ErrorCode.TooManyAttempts, throttled);
      const admin = username && password ? await findAdminByUsername(db, username) : undefined;
      const ok = admin ? await verifyPassword(password, admin.password_hash) : (await verifyPassword(password, await dummyHash()), false);
      if (!admin || !ok) throw appError(ErrorCode.WrongCredentials);
      audit.actor(admin.username, admin.id);
      const session = await openSession(deps, db, admin.id, { userAgent: req.headers['user-agent'] ?? null, ip: req.ip });
      audit.after({ sessionId: session.sessionId });
      return { jwt: session.jwt, refreshToken: session.refreshToken, user: toAdminWire(admin) };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/refresh`,
    summary: 'Refresh with the refresh token of the sign-in (not rotated): answers a new access token, the admin and the same refresh token',
    docs: {
      description:
        'The refresh token is not rotated: the one the sign-in answered works for the whole session, until logout, a password reset, a force logout, the deletion of the admin, 30 minutes without an action of the admin, or 12 hours. Every refresh re-checks the session and the admin (its current role is answered). A refresh is no action of the admin: it does not keep the session alive. Refreshes with an unknown token, or a token of another admin id, are throttled per address (429, 1153); a valid token never is.',
    },
    tags: ['auth'],
    auth: 'public',
    body: RefreshBody,
    response: RefreshAnswer,
    handler: async ({ body, req }) => {
      // not audited: a signed-in console refreshes every 25 s; sign-in and sign-out are audited
      const outcome = await refreshSession(deps, body.id, body.token);
      if (!outcome.ok) {
        if (outcome.presented === 'invalid') {
          // a guess (unknown token, or another admin's): counted per address, 429 past the limit
          const throttled = await tooManyRefreshFailures(deps, deps.db, req.ip);
          await recordRefreshFailure(deps, deps.db, req.ip);
          if (throttled) throw appError(ErrorCode.TooManyAttempts, throttled);
        }
        throw sessionEnded(sessionMessage(outcome.reason));
      }
      return { jwt: outcome.jwt, refreshToken: body.token, user: toAdminWire(outcome.admin) };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/logout`,
    summary: 'Sign out: ends the session on the server at once',
    tags: ['auth'],
    auth: 'admin',
    audit: 'auth.logout',
    handler: async ({ db, admin }) => {
      await endSession(db, admin!.sessionId, 'logout', deps.now());
      return {};
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/forgot_password`,
    summary: 'Send a password reset link by e-mail; answers the same whether or not the address is known',
    tags: ['auth'],
    auth: 'public',
    audit: 'auth.forgotPassword',
    body: ForgotPasswordBody,
    response: Empty,
    handler: async ({ db, body, audit }) => {
      const admin = await findAdminByEmail(db, body.email);
      audit.note('email', body.email);
      if (!admin) return {};
      audit.actor(admin.username, admin.id);
      const now = deps.now();
      const recent = await db.query<{ n: number }>(
        `SELECT count(*) AS n FROM password_resets WHERE admin_id = $1 AND created_at > $2`,
        [admin.id, new Date(now.getTime() - 15 * 60_000)],
      );
      if (recent[0]!.n >= 3) {
        audit.note('throttled', true);
        return {};
      }
      const token = newOpaqueToken();
      const expires = new Date(now.getTime() + deps.config.passwordResetMinutes * 60_000);
      await db.query('INSERT INTO password_resets (token_hash, admin_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
        hashToken(token),
        admin.id,
        now,
        expires,
      ]);
      const base = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
      const link = `${base}/auth/reset-password/?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(db, {
        to: admin.email,
        subject: 'Aurum: reset your password',
        text:
          `Hello ${admin.first_name || admin.username},\n\n` +
          `Someone asked to reset the password of your Aurum account (${admin.username}).\n` +
          `Set a new password here within ${deps.config.passwordResetMinutes} minutes:\n\n${link}\n\n` +
          'If it was not you, ignore this e-mail: your password stays as it is.\n',
      });
      return {};
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/reset_password`,
    summary: 'Set a new password with the token of a reset e-mail (new password as the basic-auth password); ends every session',
    tags: ['auth'],
    auth: 'public',
    audit: 'auth.resetPassword',
    body: ResetPasswordBody,
    response: Empty,
    docs: BASIC,
    handler: async ({ db, body, req, audit }) => {
      const { password } = readBasicAuth(req.headers.authorization);
      const now = deps.now();
      const rows = await db.query<{ admin_id: number }>(
        `SELECT admin_id FROM password_resets
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
        [hashToken(body.token), now],
      );
      const reset = rows[0];
      if (!reset) throw appError(ErrorCode.VerificationCodeExpired);
      if (!NewPassword.safeParse(password).success) throw invalidFormat('password');
      const admin = await findAdminById(db, reset.admin_id);
      if (!admin) throw appError(ErrorCode.VerificationCodeExpired);
      audit.actor(admin.username, admin.id);
      await db.query('UPDATE admins SET password_hash = $2, updated_at = $3 WHERE id = $1', [
        admin.id,
        await hashPassword(password),
        now,
      ]);
      await db.query('UPDATE password_resets SET used_at = $2 WHERE admin_id = $1 AND used_at IS NULL', [admin.id, now]);
      const ended = await endAllSessions(db, admin.id, 'password-reset', now);
      audit.note('sessionsEnded', ended);
      return {};
    },
  });
}

export { SESSION_MESSAGES };
