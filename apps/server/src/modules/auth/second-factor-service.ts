import type { FastifyRequest } from 'fastify';
import type { AdminRole } from '@aurum/domain/access/roles';
import type { LoginOtpBody, SecondFactorStatus } from '@aurum/domain/auth/second-factor-schemas';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { appError } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { AuditRecorder } from '../../http/route.ts';
import { announceAdminChanged, announceAdminsChanged } from './auth-cache.ts';
import { failedSignInsOfAccount, findAdminAccess, findAdminById, toAdminWire } from './auth-repository.ts';
import {
  CHALLENGE_SECONDS,
  decryptSecret,
  encryptSecret,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  signChallenge,
  totpStep,
  verifyChallenge,
} from './second-factor-crypto.ts';
import {
  challengeUsed,
  confirmFactor,
  deleteFactor,
  findFactor,
  liveAdminIds,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  requiredRoles,
  setRequiredRoles,
  upsertPendingFactor,
  useChallenge,
  useRecoveryCode,
  useStep,
} from './second-factor-repository.ts';
import { openSession } from './session-lifecycle.ts';

const conflict = (context: string) => appError(ErrorCode.SecondFactorConflict, context);

function configuredKey(deps: AppDeps): string {
  const key = deps.config.totpEncryptionKey;
  if (!key) throw appError(ErrorCode.FeatureUnavailable, 'The second factor needs TOTP_ENCRYPTION_KEY on the server.');
  return key;
}

/** Whether the admin has a confirmed second factor (the sign-in asks for a code then). */
export async function hasSecondFactor(q: Queryable, adminId: number): Promise<boolean> {
  return (await findFactor(q, adminId))?.confirmed_at != null;
}

/** The 401 (1154) of a right password for an admin with the factor: a signed challenge, nothing written. */
export async function secondFactorChallenge(deps: AppDeps, adminId: number) {
  const challenge = await signChallenge(deps.jwtSecret, adminId, deps.now());
  return appError(ErrorCode.SecondFactorRequired, null, {
    detail: { rule: 'secondFactor', challenge: challenge.token, expiresInSeconds: CHALLENGE_SECONDS },
  });
}

export async function secondFactorStatus(q: Queryable, adminId: number): Promise<SecondFactorStatus> {
  const [factor, admin, roles] = await Promise.all([findFactor(q, adminId), findAdminAccess(q, adminId), requiredRoles(q)]);
  const enrolled = factor?.confirmed_at != null;
  return { enrolled, required: admin ? roles.includes(admin.role) : false, recoveryCodesLeft: enrolled ? await recoveryCodesLeft(q, adminId) : 0 };
}

/** A new secret to scan, kept (encrypted) until a code confirms it; 409 when a factor is enrolled already. */
export async function startEnrolment(deps: AppDeps, q: Queryable, admin: { id: number; username: string }) {
  const key = configuredKey(deps);
  const { secret, uri } = newTotpSecret(admin.username);
  if (!(await upsertPendingFactor(q, admin.id, encryptSecret(key, secret), deps.now()))) {
    throw conflict('A second factor is enrolled already: ask another superAdmin to reset it to enrol again.');
  }
  return { secret, uri };
}

/** Confirms the enrolment with a code of the new secret; answers the ten recovery codes, shown this once. */
export async function confirmEnrolment(c: Change, deps: AppDeps, code: string): Promise<{ recoveryCodes: string[] }> {
  const factor = await findFactor(c.q, c.by);
  if (!factor || factor.confirmed_at) throw conflict(factor ? 'The second factor is enrolled already.' : 'Start the enrolment first.');
  const secret = decryptSecret(configuredKey(deps), factor.secret_enc);
  const step = secret ? totpStep(secret, code, c.now) : null;
  if (step === null || !(await confirmFactor(c.q, c.by, step, c.now))) throw appError(ErrorCode.SecondFactorCodeMismatch);
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(c.q, c.by, recoveryCodes.map(recoveryCodeHash), c.now);
  await announceAdminChanged(c.q, c.by);
  c.audit.after({ adminId: c.by, enrolled: true, recoveryCodes: recoveryCodes.length });
  return { recoveryCodes };
}

/** Uses a TOTP code (a step later than any used) or an unused recovery code of a confirmed factor. */
async function useCode(deps: AppDeps, q: Queryable, adminId: number, secretEnc: string, code: string, now: Date): Promise<'totp' | 'recoveryCode' | null> {
  if (isRecoveryCodeShape(code)) return (await useRecoveryCode(q, adminId, recoveryCodeHash(code), now)) ? 'recoveryCode' : null;
  const secret = decryptSecret(configuredKey(deps), secretEnc);
  const step = secret ? totpStep(secret, code.replace(/\s/g, ''), now) : null;
  return step !== null && (await useStep(q, adminId, step)) ? 'totp' : null;
}

/**
 * The second step of a sign-in (POST /web/auth/admin/login/otp): the challenge of the 1154 answer
 * and a code. Answers exactly the sign-in answer of SPEC.md; wrong codes (1155) are throttled per
 * account like passwords; the challenge works once.
 */
export async function loginWithCode(deps: AppDeps, q: Queryable, req: FastifyRequest, body: LoginOtpBody, audit: AuditRecorder) {
  const now = deps.now();
  const challenge = await verifyChallenge(deps.jwtSecret, body.challenge, now);
  const admin = challenge ? await findAdminById(q, challenge.adminId) : undefined;
  if (!challenge || !admin) throw appError(ErrorCode.SecondFactorChallengeExpired);
  audit.actor(admin.username, admin.id);
  const { loginFailureWindowMinutes: window, loginMaxFailuresPerAccount } = deps.config;
  const wrongCodes = await failedSignInsOfAccount(q, admin.username, new Date(now.getTime() - window * 60_000), 1155);
  if (wrongCodes >= loginMaxFailuresPerAccount) throw appError(ErrorCode.TooManyAttempts, `Too many wrong codes. Please wait ${window} minutes and retry.`);
  const factor = await findFactor(q, admin.id);
  if (!factor?.confirmed_at || (await challengeUsed(q, challenge.id))) throw appError(ErrorCode.SecondFactorChallengeExpired);
  const how = await useCode(deps, q, admin.id, factor.secret_enc, body.code, now);
  if (!how) throw appError(ErrorCode.SecondFactorCodeMismatch);
  if (!(await useChallenge(q, { id: challenge.id, adminId: admin.id, at: now, expiresAt: challenge.expiresAt }))) {
    throw appError(ErrorCode.SecondFactorChallengeExpired);
  }
  const session = await openSession(deps, q, admin.id, { userAgent: req.headers['user-agent'] ?? null, ip: req.ip });
  audit.note('secondFactor', how);
  if (how === 'recoveryCode') audit.note('recoveryCodesLeft', await recoveryCodesLeft(q, admin.id));
  audit.after({ sessionId: session.sessionId });
  return { jwt: session.jwt, refreshToken: session.refreshToken, user: toAdminWire(admin) };
}

/** A superAdmin resets another admin's second factor (never one's own): it enrols again at its next sign-in. */
export async function resetSecondFactor(c: Change, adminId: number): Promise<{ id: number }> {
  if (adminId === c.by) throw conflict('You cannot reset your own second factor: ask another superAdmin.');
  const admin = await findAdminById(c.q, adminId);
  if (!admin) throw appError(ErrorCode.NotFound);
  if (!(await deleteFactor(c.q, adminId))) throw conflict('This admin has no second factor.');
  await announceAdminChanged(c.q, adminId);
  c.audit.before({ id: adminId, username: admin.username, enrolled: true });
  c.audit.after({ id: adminId, username: admin.username, enrolled: false });
  return { id: adminId };
}

/** The server command's recovery (a last superAdmin without the factor and its codes): removes the factor. */
export async function recoverSecondFactor(q: Queryable, adminId: number): Promise<boolean> {
  const removed = await deleteFactor(q, adminId);
  await announceAdminChanged(q, adminId);
  return removed;
}

export async function secondFactorRoles(q: Queryable): Promise<{ roles: AdminRole[] }> {
  return { roles: await requiredRoles(q) };
}

/** Sets the roles whose admins must have the factor; every cached admin is read again. */
export async function changeSecondFactorRoles(c: Change, roles: readonly AdminRole[]): Promise<{ roles: AdminRole[] }> {
  const before = await requiredRoles(c.q);
  await setRequiredRoles(c.q, [...new Set(roles)], c.by, c.now);
  await announceAdminsChanged(c.q, await liveAdminIds(c.q));
  const after = await requiredRoles(c.q);
  c.audit.before({ roles: before });
  c.audit.after({ roles: after });
  return { roles: after };
}
