import type { Queryable } from '../../db/db.ts';
import type { AppDeps } from '../../app-deps.ts';

/**
 * Sign-in throttling from the audit trail's failed sign-ins (code 1151): per username since
 * its last successful sign-in, and per address, within the window. Answers the message to send
 * with a 429, or null.
 */
export async function tooManyAttempts(deps: AppDeps, q: Queryable, username: string, ip: string): Promise<string | null> {
  const { loginFailureWindowMinutes: window, loginMaxFailuresPerAccount, loginMaxFailuresPerAddress } = deps.config;
  const since = new Date(deps.now().getTime() - window * 60_000);
  const [account] = await q.query<{ n: number }>(
    `SELECT count(*) AS n FROM audit_log f
      WHERE f.action = 'auth.loginFailed' AND lower(f.username) = lower($1) AND f.at > $2
        AND f.detail->>'code' = '1151'
        AND f.at > coalesce((SELECT max(s.at) FROM audit_log s WHERE s.action = 'auth.login' AND lower(s.username) = lower($1)), '-infinity')`,
    [username.slice(0, 100), since],
  );
  const [address] = await q.query<{ n: number }>(
    `SELECT count(*) AS n FROM audit_log WHERE action = 'auth.loginFailed' AND ip = $1 AND at > $2 AND detail->>'code' = '1151'`,
    [ip, since],
  );
  if (account!.n >= loginMaxFailuresPerAccount || address!.n >= loginMaxFailuresPerAddress) {
    return `Too many failed sign-ins. Please wait ${window} minutes and retry.`;
  }
  return null;
}
