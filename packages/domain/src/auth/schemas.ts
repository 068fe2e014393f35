import { z } from 'zod';
import { ValidationMessage, emailField, passwordField } from '../validation/rules.ts';

/** The admin as the auth calls answer it (SPEC.md §7 login). */
export const AdminUserWire = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  updatedAt: z.string(),
  creator: z.string().nullable(),
});
export type AdminUserWire = z.infer<typeof AdminUserWire>;

/** POST /web/auth/admin/login answer. */
export const LoginAnswer = z.object({
  jwt: z.string(),
  refreshToken: z.string(),
  user: AdminUserWire,
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** POST /web/auth/admin/refresh body: the admin id and the refresh token. */
export const RefreshBody = z.object({
  id: z.number().int().positive(),
  token: z.string().min(1).max(200),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

/**
 * Refresh answer: jwt and user as SPEC.md §7. The refresh token is not rotated (DECISIONS.md §9):
 * this server also answers `refreshToken`, always the one the sign-in answered, for consoles that
 * store it; a console keeps its login token and may ignore the field (a back end may omit it).
 */
export const RefreshAnswer = z.object({
  jwt: z.string(),
  refreshToken: z.string().optional(),
  user: AdminUserWire,
});
export type RefreshAnswer = z.infer<typeof RefreshAnswer>;

export const ForgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** Reset: the token travels in the body, the new password as the basic-auth password. */
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200) });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const NewPassword = passwordField;

/** The console's sign-in form. */
export const LoginForm = z.object({
  username: z.string().min(1, { error: ValidationMessage.required }).max(100, { error: ValidationMessage.maxLength }),
  password: z.string().min(1, { error: ValidationMessage.required }).max(200, { error: ValidationMessage.maxLength }),
});
export type LoginForm = z.infer<typeof LoginForm>;

/** The console's new-password form: the password rule and the confirmation. */
export const NewPasswordForm = z
  .object({ password: passwordField, confirmPassword: z.string().min(1, { error: ValidationMessage.required }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: ValidationMessage.confirmPassword,
    path: ['confirmPassword'],
  });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;

/** Timing of a signed-in console (SPEC.md §9): declared in timing.ts, which the console loads without zod. */
export { AUTH_TIMING } from './timing.ts';
