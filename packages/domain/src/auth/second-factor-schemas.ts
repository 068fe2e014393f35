import { z } from 'zod';
import { ADMIN_ROLES } from '../access/roles.ts';

/** The staff second factor (TOTP, RFC 6238) and the sessions an admin sees and ends (decisions 0210, 0220-0222). */

/** POST /web/auth/admin/login/otp: the challenge of the sign-in's 401 (1154) and a TOTP or recovery code. */
export const LoginOtpBody = z.object({
  challenge: z.string().min(1).max(1000),
  code: z.string().trim().min(1).max(40),
});
export type LoginOtpBody = z.infer<typeof LoginOtpBody>;

/** The detail of the 1154 answer: where the challenge travels (the error contract's `detail`). */
export const SecondFactorChallenge = z.object({
  rule: z.literal('secondFactor'),
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;

/** GET /web/auth/admin/second_factor: the signed-in admin's factor. */
export const SecondFactorStatus = z.object({
  enrolled: z.boolean(),
  /** The admin's role requires it (a superAdmin's setting). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>;

/** POST /web/auth/admin/second_factor/enrol: a new secret to scan (shown until confirmed). */
export const SecondFactorEnrolAnswer = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  uri: z.string(),
});
export type SecondFactorEnrolAnswer = z.infer<typeof SecondFactorEnrolAnswer>;

/** A six-digit TOTP code. */
export const TotpCode = z.string().trim().regex(/^\d{6}$/);

export const SecondFactorConfirmBody = z.object({ code: TotpCode });
export type SecondFactorConfirmBody = z.infer<typeof SecondFactorConfirmBody>;

/** The ten recovery codes, shown once. */
export const SecondFactorConfirmAnswer = z.object({ recoveryCodes: z.array(z.string()) });
export type SecondFactorConfirmAnswer = z.infer<typeof SecondFactorConfirmAnswer>;

/** GET/POST /web/secure/second_factor/roles: the roles whose admins must have the factor. */
export const SecondFactorRoles = z.object({ roles: z.array(z.enum(ADMIN_ROLES)).max(ADMIN_ROLES.length) });
export type SecondFactorRoles = z.infer<typeof SecondFactorRoles>;

/** One open session as its admin (or a superAdmin) sees it. */
export const AdminSessionItem = z.object({
  id: z.string(),
  /** Parsed from the user agent, e.g. "Chrome 131 on Linux"; null when unknown. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the call itself. */
  current: z.boolean(),
});
export type AdminSessionItem = z.infer<typeof AdminSessionItem>;

export const AdminSessionList = z.object({ items: z.array(AdminSessionItem) });
export type AdminSessionList = z.infer<typeof AdminSessionList>;

export const SessionIdParams = z.object({ sessionId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/) });
export const AdminSessionParams = z.object({
  adminId: z.coerce.number().int().positive(),
  sessionId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/),
});
