import type { AppDeps } from '../../app-deps.ts';
import type { SocketAuth } from '../../live/socket-hub.ts';
import { authenticate, loadSessionAdmin, type AuthAdmin } from './authenticate.ts';
import { lapsedReason } from './sessions.ts';
import { openSessionTimes } from './auth-repository.ts';
import { verifyAccessToken } from './tokens.ts';

export type { AuthAdmin };

/** route()'s authentication (http/route.ts gets it as an interface from app.ts): the admin of the call's live session. */
export function requestAuthenticator(deps: AppDeps): (req: Parameters<typeof authenticate>[1]) => Promise<AuthAdmin> {
  return (req) => authenticate(deps, req);
}

/** The live socket's authentication (live/socket-hub.ts gets it as an interface from app.ts). */
export function socketAuth(deps: AppDeps): SocketAuth {
  return {
    async admit(token) {
      const verified = await verifyAccessToken(token, deps.jwtSecret, Math.floor(deps.now().getTime() / 1000));
      if (!verified.ok) throw new Error('bad access token');
      return loadSessionAdmin(deps, verified.claims.sid, Number(verified.claims.sub));
    },
    /**
     * Which of these sessions are still live, in one query (the socket sweep): open, of an admin not
     * deleted, within the idle and absolute limits (lapsedReason, as every secure call checks).
     */
    async liveSessionIds(sessionIds) {
      const rows = await openSessionTimes(deps.db, [...sessionIds]);
      return new Set(rows.filter((row) => lapsedReason(deps, row) === null).map((row) => row.id));
    },
  };
}
