import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ForgotPasswordBody, LoginAnswer, RefreshAnswer, RefreshBody, ResetPasswordBody } from '@aurum/domain/auth/schemas';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { forgotPassword, login, logout, refresh, resetPassword } from './auth-service.ts';

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
    handler: async ({ db, req, audit }) => login(deps, db, req, audit),
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
    // not audited: a signed-in console refreshes every 25 s; sign-in and sign-out are audited
    handler: async ({ body, req }) => refresh(deps, body, req.ip),
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/logout`,
    summary: 'Sign out: ends the session on the server at once',
    tags: ['auth'],
    auth: 'admin',
    audit: 'auth.logout',
    handler: async ({ db, admin, audit }) => {
      audit.after({ sessionId: admin!.sessionId });
      await logout(db, admin!.sessionId, deps.now());
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
      await forgotPassword(deps, db, body.email, audit);
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
      await resetPassword(deps, db, req, body.token, audit);
      return {};
    },
  });
}

export { SESSION_MESSAGES };
