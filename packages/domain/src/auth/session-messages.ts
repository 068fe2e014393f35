/**
 * Why a session is no longer valid: the context of a 1152 answer, shown as is on the landing
 * page (SPEC.md §8). Declared once; the server picks one per reason.
 */
export const SESSION_END_REASONS = ['logout', 'expired', 'idle', 'password-reset', 'forced', 'invalid'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const SESSION_MESSAGES: Readonly<Record<SessionEndReason, string>> = {
  logout: 'You signed out. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
  idle: 'You were signed out after a period without activity. Please sign in again.',
  'password-reset': 'Your password was changed, so your session was ended. Please sign in again.',
  forced: 'An administrator ended your session. Please sign in again.',
  invalid: 'Please sign in to continue.',
};

export function sessionMessage(reason: string | null | undefined): string {
  return (SESSION_END_REASONS as readonly string[]).includes(reason ?? '')
    ? SESSION_MESSAGES[reason as SessionEndReason]
    : SESSION_MESSAGES.invalid;
}
