/**
 * Timing of a signed-in console (SPEC.md §9), in a module without zod so that the console's
 * first load can use it without the schema library (auth/schemas.ts re-exports it).
 */
export const AUTH_TIMING = {
  refreshEveryMs: 25_000,
  initialiseDelayMs: 1_000,
  logoutRedirectDelayMs: 1_000,
  requestTimeoutMs: 5_000,
} as const;
