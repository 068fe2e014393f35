/**
 * Positions in PostgreSQL's write-ahead log (pg_lsn, written `16/B374D848`) and how far a replica
 * is behind the leader. Pure: the replica reads (db/database-topology.ts) decide with these.
 */

/** The most characters a position's text may have (two 8-digit hexadecimal halves and the slash). */
const LSN_TEXT = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** A pg_lsn's text as a number (bigint: positions pass 2^53); null when it is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  if (!text) return null;
  const m = LSN_TEXT.exec(text);
  if (!m) return null;
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/** A position as PostgreSQL writes it (upper-case hexadecimal halves). */
export function formatLsn(position: bigint): string {
  return `${(position >> 32n).toString(16).toUpperCase()}/${(position & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The leader's position at a moment (milliseconds since the epoch, the process's clock). */
export interface LeaderSample {
  lsn: bigint;
  at: number;
}

/**
 * Seconds a replica that has replayed up to `replayed` is behind the leader, from the leader's
 * positions sampled over time (oldest first): the age of the oldest sample the replica has not
 * replayed, i.e. the replica lacks what the leader had written by then. 0 when it has replayed the
 * newest sample. Read from the leader's clock alone, so no clock skew between machines enters it,
 * and an idle leader (no new WAL) leaves a caught-up replica at 0, unlike now() -
 * pg_last_xact_replay_timestamp(). Behind every sample kept: at least the oldest one's age. No
 * sample yet: unknown (null).
 */
export function replicaLagSeconds(replayed: bigint, samples: readonly LeaderSample[], now: number): number | null {
  if (samples.length === 0) return null;
  const newest = samples[samples.length - 1]!;
  if (replayed >= newest.lsn) return 0;
  for (const sample of samples) {
    if (sample.lsn > replayed) return Math.max(0, (now - sample.at) / 1000);
  }
  return Math.max(0, (now - newest.at) / 1000);
}
