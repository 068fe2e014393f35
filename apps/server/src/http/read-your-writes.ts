import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseTopology } from '../db/database-topology.ts';
import { formatLsn, parseLsn } from '../db/wal-position.ts';

/**
 * Read-your-writes across processes (decision 0010): a write call's answer carries the leader's WAL
 * position after its commit in a cookie; the caller's next replica reads, on whichever process
 * takes them, wait for a replica that has replayed it or go to the leader. A cookie, not the
 * session: the processes behind HAProxy share nothing else, and it costs no write. A forged or
 * stale value only moves the caller's reads between replica and leader, never shows another's data.
 */
export const OWN_WRITE_COOKIE = 'aurum_wal';

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${OWN_WRITE_COOKIE}=([0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8})(?:;|$)`);

/** The position of the caller's last write, from its cookie; null when none (or not a position). */
export function ownWriteOf(req: FastifyRequest): bigint | null {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return null;
  const m = COOKIE_VALUE.exec(header);
  return m ? parseLsn(m[1]) : null;
}

/**
 * After a write call committed: its caller's reads must see it. The leader's position goes into the
 * answer's cookie. Only when replicas are read (otherwise every read is the leader's); a leader that
 * cannot answer now leaves the cookie as it was (the write stands; the caller's reads may lag a
 * replica for a moment, as any other admin's).
 */
export async function rememberOwnWrite(topology: DatabaseTopology | null | undefined, reply: FastifyReply): Promise<void> {
  if (!topology?.readsReplica) return;
  let position: bigint | null;
  try {
    position = await topology.leaderPosition();
  } catch {
    return;
  }
  if (position === null) return;
  // the console is served from the same origin; HttpOnly: no script needs it
  reply.header('set-cookie', `${OWN_WRITE_COOKIE}=${formatLsn(position)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400`);
}
