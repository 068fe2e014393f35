import pg from 'pg';
import type { Db, Queryable, QueryOptions } from './db.ts';
import { isConnectionError } from './connection-errors.ts';
import { statement, typeParsers } from './pg-db.ts';
import { parseLsn, replicaLagSeconds, type LeaderSample } from './wal-position.ts';

/**
 * Where a process's PostgreSQL work goes (decision 0010): writes and money decisions to the leader
 * (DATABASE_URL), the reads a route opts into to a replica (READ_DATABASE_URL) when the replica is
 * fit for the caller. A monitor samples the leader once a second: the member it is (for /metrics and
 * failovers seen), its timeline, and its WAL position, from which each replica's lag is read.
 *
 * A replica is fit when its lag is within REPLICA_MAX_LAG_SECONDS and it has replayed the caller's
 * own last write (the position a write call left in the caller's cookie): the read waits up to
 * READ_YOUR_WRITES_WAIT_MS for that, on the very connection it will read on (HAProxy may send each
 * connection to another replica), else it goes to the leader. A replica that cannot be reached, or
 * cancels a read for a conflict with recovery, sends the read to the leader too: a read never fails
 * because a replica did.
 */

export interface TopologyOptions {
  /** READ_DATABASE_URL, or null: every read goes to the leader. */
  replicaUrl: string | null;
  maxLagSeconds: number;
  readYourWritesWaitMs: number;
  /** The leader's sampling period (also the replica probe's). */
  sampleMs?: number;
  log?: { warn(detail: object, message: string): void; info?(detail: object, message: string): void };
  /** Replica pool size. */
  max?: number;
  /** False behind a transaction pooler: statements run unnamed (pg-db.ts). */
  namedStatements?: boolean;
  now?: () => number;
}

/** Why a read went where it went (the counter's label). */
export type ReadTarget = 'replica' | 'leader';
export type LeaderReason = 'noReplica' | 'lag' | 'ownWrite' | 'replicaDown' | 'recoveryConflict';

export interface TopologyStats {
  /** The member the process writes to (host:port as the leader reports it), null before the first sample. */
  member: string | null;
  timeline: number | null;
  /** Changes of the leader seen (another timeline, or another member), since the process started. */
  failovers: number;
  /** Each replica seen in the last minute: its lag in seconds (null: not known yet). */
  replicas: Array<{ member: string; lagSeconds: number | null; fit: boolean }>;
  /** Reads by where they went, and why a read that could have gone to a replica went to the leader. */
  reads: { replica: number; leader: Record<LeaderReason, number> };
}

export interface DatabaseTopology {
  /** Whether a replica is configured (READ_DATABASE_URL): otherwise every read is the leader's. */
  readonly readsReplica: boolean;
  /**
   * A Queryable for one call's reads: each statement goes to the replica when it is fit for a caller
   * whose last write is at `ownWrite` (null: none known), else to the leader.
   */
  readsFor(ownWrite: bigint | null): Queryable;
  /** The leader's WAL position now: after a write call, what its caller's reads must wait for. */
  leaderPosition(): Promise<bigint | null>;
  stats(): TopologyStats;
  /** Starts the monitor (the leader's samples, the replica probe). */
  start(): void;
  close(): Promise<void>;
}

/** What a replica connection was last seen as. */
interface ConnectionState {
  member: string;
  inRecovery: boolean;
  replayed: bigint;
  checkedAt: number;
}

/** Samples kept beyond the lag bound: enough history to tell how far past it a replica is. */
const EXTRA_SAMPLES = 30;
/** A replica's state is read again after this long, even when the caller needs nothing newer. */
const STATE_TTL_MS = 1_000;
/** After a replica connection failed, reads go to the leader this long before one tries it again. */
const REPLICA_DOWN_MS = 2_000;
/** A replica not seen for this long leaves the metrics. */
const FORGET_MS = 60_000;
/** The poll of a replica catching up with the caller's write. */
const CATCH_UP_POLL_MS = 10;

export function openDatabaseTopology(leader: Db, options: TopologyOptions): DatabaseTopology {
  const now = options.now ?? Date.now;
  const sampleMs = options.sampleMs ?? 1_000;
  const samples: LeaderSample[] = [];
  const keepSamples = Math.ceil((options.maxLagSeconds * 1000) / sampleMs) + EXTRA_SAMPLES;
  const states = new WeakMap<pg.PoolClient, ConnectionState>();
  const replicas = new Map<string, { lagSeconds: number | null; seenAt: number }>();
  const reads: TopologyStats['reads'] = { replica: 0, leader: { noReplica: 0, lag: 0, ownWrite: 0, replicaDown: 0, recoveryConflict: 0 } };
  let member: string | null = null;
  let timeline: number | null = null;
  let failovers = 0;
  let replicaDownUntil = 0;
  let warnedLeaderAsReplica = false;
  let timer: NodeJS.Timeout | null = null;
  let sampling = false;

  const pool = options.replicaUrl
    ? new pg.Pool({ connectionString: options.replicaUrl, max: options.max ?? 10, types: typeParsers, keepAlive: true, connectionTimeoutMillis: 2_000 })
    : null;
  pool?.on('error', (error) => options.log?.warn({ err: error }, 'replica connection lost (idle client dropped)'));

  const lagOf = (replayed: bigint) => replicaLagSeconds(replayed, samples, now());

  async function sampleLeader(): Promise<void> {
    const rows = await leader.query<{ addr: string | null; port: number | null; lsn: string; wal_file: string }>(
      `SELECT host(inet_server_addr()) AS addr, inet_server_port() AS port, pg_current_wal_insert_lsn()::text AS lsn,
        pg_walfile_name(pg_current_wal_lsn()) AS wal_file`,
    );
    const row = rows[0];
    const lsn = parseLsn(row?.lsn);
    if (!row || lsn === null) return;
    const seen = `${row.addr ?? 'local'}:${row.port ?? ''}`;
    // the WAL file's name starts with its timeline (8 hexadecimal digits): a promotion starts a new one
    const seenTimeline = Number.parseInt(row.wal_file.slice(0, 8), 16);
    if ((member !== null && seen !== member) || (timeline !== null && seenTimeline !== timeline)) {
      failovers += 1;
      options.log?.warn({ from: member, to: seen, timeline: seenTimeline }, 'the leader changed (a failover or a switchover)');
    }
    member = seen;
    timeline = seenTimeline;
    samples.push({ lsn, at: now() });
    if (samples.length > keepSamples) samples.splice(0, samples.length - keepSamples);
  }

  /** The state of a replica connection, read again when stale or when the caller needs a newer position. */
  async function stateOf(client: pg.PoolClient, ownWrite: bigint | null): Promise<ConnectionState> {
    const known = states.get(client);
    if (known && now() - known.checkedAt < STATE_TTL_MS && (ownWrite === null || !known.inRecovery || known.replayed >= ownWrite)) return known;
    const r = await client.query<{ addr: string | null; port: number | null; in_recovery: boolean; replayed: string | null }>(
      `SELECT host(inet_server_addr()) AS addr, inet_server_port() AS port, pg_is_in_recovery() AS in_recovery,
        CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END::text AS replayed`,
    );
    const row = r.rows[0]!;
    const state: ConnectionState = {
      member: `${row.addr ?? 'local'}:${row.port ?? ''}`,
      inRecovery: row.in_recovery,
      replayed: parseLsn(row.replayed) ?? 0n,
      checkedAt: now(),
    };
    states.set(client, state);
    if (!state.inRecovery && !warnedLeaderAsReplica) {
      warnedLeaderAsReplica = true;
      options.log?.warn({ member: state.member }, 'READ_DATABASE_URL reaches a leader, not a replica: reads work, but take nothing off the leader');
    }
    if (state.inRecovery) replicas.set(state.member, { lagSeconds: lagOf(state.replayed), seenAt: now() });
    return state;
  }

  /** Whether the connection may serve this caller's read: within the lag bound, and past the caller's own write (waiting up to the bound). */
  async function fit(client: pg.PoolClient, ownWrite: bigint | null): Promise<LeaderReason | null> {
    let state = await stateOf(client, ownWrite);
    if (!state.inRecovery) return null;
    const lag = lagOf(state.replayed);
    if (lag === null || lag > options.maxLagSeconds) return 'lag';
    if (ownWrite === null || state.replayed >= ownWrite) return null;
    const deadline = now() + options.readYourWritesWaitMs;
    while (now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
      states.delete(client);
      state = await stateOf(client, ownWrite);
      if (state.replayed >= ownWrite) return null;
    }
    return 'ownWrite';
  }

  /** One statement of a replica-read call: on the replica when it is fit, else on the leader (`unfit` says why). */
  async function read<T>(sql: string, params: readonly unknown[] | undefined, qo: QueryOptions | undefined, ownWrite: bigint | null): Promise<{ rows: T[]; unfit: LeaderReason | null }> {
    const toLeader = async (reason: LeaderReason) => {
      reads.leader[reason] += 1;
      return { rows: await leader.query<T>(sql, params, qo), unfit: reason };
    };
    if (!pool) return toLeader('noReplica');
    if (now() < replicaDownUntil) return toLeader('replicaDown');
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      replicaDown(error);
      return toLeader('replicaDown');
    }
    let broken: Error | undefined;
    const onError = (error: Error) => void (broken = error);
    client.on('error', onError);
    // the leader is asked after the replica's connection is back in its pool, and its own failure
    // is the caller's (a 503), never taken for the replica's
    let unfit: LeaderReason | null;
    try {
      unfit = await fit(client, ownWrite);
      if (!unfit) {
        const r = await client.query(statement(sql, params, qo, options.namedStatements ?? true));
        reads.replica += 1;
        return { rows: r.rows as T[], unfit: null };
      }
    } catch (error) {
      if (isConnectionError(error)) {
        broken = error as Error;
        replicaDown(error);
        unfit = 'replicaDown';
      } else if ((error as { code?: string }).code === '40001') {
        // on a standby: the read was cancelled for a conflict with recovery (a vacuum replayed)
        unfit = 'recoveryConflict';
      } else {
        throw error;
      }
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
    return toLeader(unfit);
  }

  function replicaDown(error: unknown): void {
    if (now() >= replicaDownUntil) options.log?.warn({ err: error }, 'replica unreachable: reads go to the leader for now');
    replicaDownUntil = now() + REPLICA_DOWN_MS;
  }

  /** Keeps the replica's lag in the metrics while nobody reads: one probe per period. */
  async function probeReplica(): Promise<void> {
    if (!pool || now() < replicaDownUntil) return;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      replicaDown(error);
      return;
    }
    let broken: Error | undefined;
    try {
      states.delete(client);
      await stateOf(client, null);
    } catch (error) {
      broken = error as Error;
      if (isConnectionError(error)) replicaDown(error);
    } finally {
      client.release(broken);
    }
  }

  async function tick(): Promise<void> {
    if (sampling) return;
    sampling = true;
    try {
      await sampleLeader();
      await probeReplica();
    } catch (error) {
      // the leader unreachable: the calls meet it too and answer 503; the monitor tries again next period
      if (!isConnectionError(error)) options.log?.warn({ err: error }, 'database topology sample failed');
    } finally {
      sampling = false;
    }
  }

  return {
    readsReplica: pool !== null,
    readsFor(ownWrite) {
      // once one statement of a call went to the leader (the replica too far behind, or not yet at
      // the caller's write), its others follow: the call waits for the replica once, not per statement
      let leaderNow: LeaderReason | null = null;
      const query = async <T>(sql: string, params?: readonly unknown[], qo?: QueryOptions): Promise<T[]> => {
        if (leaderNow) {
          reads.leader[leaderNow] += 1;
          return leader.query<T>(sql, params, qo);
        }
        const { rows, unfit } = await read<T>(sql, params, qo, ownWrite);
        if (unfit === 'lag' || unfit === 'ownWrite') leaderNow = unfit;
        return rows;
      };
      return { query };
    },
    async leaderPosition() {
      const rows = await leader.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
      return parseLsn(rows[0]?.lsn);
    },
    stats() {
      const at = now();
      for (const [name, r] of replicas) if (at - r.seenAt > FORGET_MS) replicas.delete(name);
      return {
        member,
        timeline,
        failovers,
        replicas: [...replicas].map(([name, r]) => ({ member: name, lagSeconds: r.lagSeconds, fit: r.lagSeconds !== null && r.lagSeconds <= options.maxLagSeconds })),
        reads: { replica: reads.replica, leader: { ...reads.leader } },
      };
    },
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(() => void tick(), sampleMs);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await pool?.end();
    },
  };
}
