import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LoginAnswer } from '@aurum/domain/auth/schemas';
import {
  AdminSessionList,
  AdminSessionParams,
  LoginOtpBody,
  SecondFactorConfirmAnswer,
  SecondFactorConfirmBody,
  SecondFactorEnrolAnswer,
  SecondFactorRoles,
  SecondFactorStatus,
  SessionIdParams,
} from '@aurum/domain/auth/second-factor-schemas';
import { changeOf } from '../../http/change.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  changeSecondFactorRoles,
  confirmEnrolment,
  loginWithCode,
  resetSecondFactor,
  secondFactorRoles,
  secondFactorStatus,
  startEnrolment,
} from './second-factor-service.ts';
import { endSessionOf, liveSessionsOf } from './session-list-service.ts';

const AUTH = '/v0/web/auth/admin';
const SECURE = '/v0/web/secure';
const AdminIdParams = z.object({ adminId: z.coerce.number().int().positive() });
const SessionEnded = z.object({ sessionId: z.string() });

/** The staff second factor (enrol, sign in with a code, reset, required roles) and the sessions an admin sees and ends (decisions 0210, 0220-0222). */
export function registerSecondFactorRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/login/otp`,
    summary: 'Second step of the sign-in of an admin with a second factor: the challenge of the 401 (1154) and a TOTP or recovery code; answers the sign-in answer',
    docs: {
      description:
        'For an admin with a second factor, POST /login answers 401 with code 1154 and detail {rule: "secondFactor", challenge, expiresInSeconds}. This call takes that challenge (single use, 5 minutes) and a 6-digit TOTP code or a recovery code, and answers exactly the sign-in answer. A wrong or already used code answers 401 (1155) and is throttled per account like passwords (429, 1153); an unknown, used or expired challenge answers 401 (1157). A console that knows only the sign-in of SPEC.md cannot sign in such an admin.',
    },
    tags: ['auth'],
    auth: 'public',
    audit: 'auth.login',
    auditFailure: 'auth.loginFailed',
    body: LoginOtpBody,
    response: LoginAnswer,
    handler: async ({ db, req, body, audit }) => loginWithCode(deps, db, req, body, audit),
  });

  route(app, deps, {
    method: 'GET',
    url: `${AUTH}/second_factor`,
    summary: "The signed-in admin's second factor: enrolled, required by its role, recovery codes left",
    tags: ['auth'],
    auth: 'admin',
    response: SecondFactorStatus,
    handler: async ({ admin }) => secondFactorStatus(deps.db, admin!.id),
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/second_factor/enrol`,
    summary: 'Start enrolling a second factor: a new TOTP secret and its otpauth URI (the QR code), kept until a code confirms it',
    tags: ['auth'],
    auth: 'admin',
    response: SecondFactorEnrolAnswer,
    handler: async ({ admin }) => startEnrolment(deps, deps.db, admin!),
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/second_factor/confirm`,
    summary: 'Confirm the enrolment with a code of the new secret; answers the ten recovery codes, shown this once',
    tags: ['auth'],
    auth: 'admin',
    audit: 'auth.secondFactorEnrol',
    body: SecondFactorConfirmBody,
    response: SecondFactorConfirmAnswer,
    handler: async (ctx) => confirmEnrolment(changeOf(ctx, deps), deps, ctx.body.code),
  });

  route(app, deps, {
    method: 'GET',
    url: `${AUTH}/sessions`,
    summary: "The signed-in admin's live sessions: device, address, started, last action",
    tags: ['auth'],
    auth: 'admin',
    response: AdminSessionList,
    handler: async ({ admin }) => ({ items: await liveSessionsOf(deps, deps.db, admin!.id, admin!.sessionId) }),
  });

  route(app, deps, {
    method: 'POST',
    url: `${AUTH}/sessions/:sessionId/end`,
    summary: 'End one of your own sessions at once (its tokens and sockets)',
    tags: ['auth'],
    auth: 'admin',
    audit: 'auth.sessionEnd',
    params: SessionIdParams,
    response: SessionEnded,
    handler: async ({ db, admin, params, audit }) => {
      audit.after(await endSessionOf(deps, db, admin!.id, params.sessionId, 'logout'));
      return { sessionId: params.sessionId };
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/admin/:adminId/sessions`,
    summary: "An admin's live sessions (a superAdmin's view)",
    tags: ['admin'],
    auth: 'admin',
    permission: 'logoutAdmin',
    params: AdminIdParams,
    response: AdminSessionList,
    handler: async ({ admin, params }) => ({ items: await liveSessionsOf(deps, deps.db, params.adminId, admin!.sessionId) }),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/admin/:adminId/sessions/:sessionId/end`,
    summary: "End one session of an admin at once (its tokens and sockets)",
    tags: ['admin'],
    auth: 'admin',
    permission: 'logoutAdmin',
    audit: 'admin.sessionEnd',
    params: AdminSessionParams,
    response: SessionEnded,
    handler: async ({ db, params, audit }) => {
      audit.after(await endSessionOf(deps, db, params.adminId, params.sessionId, 'forced'));
      return { sessionId: params.sessionId };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/admin/:adminId/second_factor/reset`,
    summary: "Reset another admin's second factor (never your own): it enrols again",
    tags: ['admin'],
    auth: 'admin',
    permission: 'resetAdminSecondFactor',
    audit: 'admin.secondFactorReset',
    params: AdminIdParams,
    response: z.object({ id: z.number().int() }),
    handler: async (ctx) => resetSecondFactor(changeOf(ctx, deps), ctx.params.adminId),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/second_factor/roles`,
    summary: 'The roles whose admins must have a second factor',
    tags: ['admin'],
    auth: 'admin',
    response: SecondFactorRoles,
    handler: async () => secondFactorRoles(deps.db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/second_factor/roles`,
    summary: 'Set the roles whose admins must have a second factor (an admin of such a role without one is held to enrolling)',
    tags: ['admin'],
    auth: 'admin',
    permission: 'requireSecondFactor',
    audit: 'secondFactor.roles',
    body: SecondFactorRoles,
    response: SecondFactorRoles,
    handler: async (ctx) => changeSecondFactorRoles(changeOf(ctx, deps), ctx.body.roles),
  });
}
