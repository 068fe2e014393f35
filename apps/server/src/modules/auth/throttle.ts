import type { Queryable } from '../../db/db.ts';
import type { AppDeps } from '../../app-deps.ts';
import { deleteRefreshFailuresBefore, failedSignInsFromAddress, failedSignInsOfAccount, insertRefreshFailure, refreshFailuresSince } from './auth-repository.ts';

/**
 * Sign-in throttling from the audit trail's failed sign-ins (code 1151): per username since
 * its last successful sign-in, and per address, within the window. Answers the message to send
 * with a 429, or null.
 */
export async function tooManyAttempts(deps: AppDeps, q: Queryable, username: string, ip: string): Promise<string | null> {
  const { loginFailureWindowMinutes: window, loginMaxFailuresPerAccount, loginMaxFailuresPerAddress } = deps.config;
  const since = new Date(deps.now().getTime() - window * 60_000);
  const account = await failedSignInsOfAccount(q, username.slice(0, 100), since);
  const address = await failedSignInsFromAddress(q, ip, since);
  if (account >= loginMaxFailuresPerAccount || address >= loginMaxFailuresPerAddress) {
    return `Too many failed sign-ins. Please wait ${window} minutes and retry.`;
  }
  return null;
}

/**
 * Refresh throttling per address (DECISIONS.md §9): refreshes refused for an unknown token, or a
 * token presented with another admin id, within the sign-in throttling window. A valid refresh
 * never counts, so a console refreshing every 25 s is never throttled by its own refreshes.
 * Answers the message to send with a 429, or null.
 */
export async function tooManyRefreshFailures(deps: AppDeps, q: Queryable, ip: string): Promise<string | null> {
  const { loginFailureWindowMinutes: window, refreshMaxFailuresPerAddress } = deps.config;
  const since = new Date(deps.now().getTime() - window * 60_000);
  if ((await refreshFailuresSince(q, ip, since)) >= refreshMaxFailuresPerAddress) {
    return `Too many failed session refreshes. Please wait ${window} minutes and retry.`;
  }
  return null;
}

/** Counts a refresh that presented no valid token; forgets failures older than the window. */
export async function recordRefreshFailure(deps: AppDeps, q: Queryable, ip: string): Promise<void> {
  const now = deps.now();
  await deleteRefreshFailuresBefore(q, new Date(now.getTime() - deps.config.loginFailureWindowMinutes * 60_000));
  await insertRefreshFailure(q, { ip, at: now });
}
