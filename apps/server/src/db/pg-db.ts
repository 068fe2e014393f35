import pg from 'pg';
import type { Db, Queryable, QueryOptions } from './db.ts';
import { asUnavailable, isConnectionError } from './connection-errors.ts';
import { startListener } from './pg-listener.ts';
import { retryTransaction } from './transaction-retry.ts';

/** How values arrive from a PostgreSQL server (db.ts): ids and counts as numbers, NUMERIC as decimal text. */
export const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (v: string) => Number(v); // int8: counts and ids
    if (oid === 1700) return (v: string) => v; // numeric: decimal strings
    return pg.types.getTypeParser(oid, format);
  },
};

export interface PostgresOptions {
  /** Pool size. */
  max?: number;
  /**
   * `transaction`: DATABASE_URL names a transaction pooler (PgBouncer pool_mode=transaction), where a
   * statement prepared under a name on one server connection is missing on the next: statements run
   * unnamed. LISTEN then needs `directUrl`.
   */
  poolMode?: 'session' | 'transaction';
  /** A direct connection for LISTEN (a pooler in transaction mode cannot carry one). */
  directUrl?: string | null;
  /** Where connection losses are told (the pool replaces the client; nothing else happens). */
  log?: { warn(detail: object, message: string): void };
  /** How long a call waits for a connection before it answers 503 (3302). */
  connectTimeoutMs?: number;
}

/**
 * A statement as `pg` takes it: with a name when the caller asked for it prepared (pg prepares it on
 * each connection the first time that connection runs it, then only binds and executes it).
 */
export function statement(sql: string, params: readonly unknown[] | undefined, options: QueryOptions | undefined, named: boolean): pg.QueryConfig {
  const values = params ? [...params] : undefined;
  return named && options?.prepared ? { name: options.prepared, text: sql, values: values ?? [] } : { text: sql, values };
}

/**
 * `pg` connection pool against a PostgreSQL server (DATABASE_URL). The database going away ends no
 * process: an idle client's error is logged and the pool drops it; a call that meets an unreachable
 * database fails with 503 (3302) and its connection is discarded, not reused.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const named = (options.poolMode ?? 'session') === 'session';
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: typeParsers,
    keepAlive: true,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
  });
  // without a listener an idle client's error (the server restarting) would end the process
  pool.on('error', (error) => options.log?.warn({ err: error }, 'database connection lost (idle client dropped)'));
  // fail at start, with a clear message, when the server cannot be reached
  const probe = await pool.connect();
  probe.release();
  const query: Queryable['query'] = async <T>(sql: string, params?: readonly unknown[], qo?: QueryOptions) => {
    try {
      const r = await pool.query(statement(sql, params, qo, named));
      return r.rows as T[];
    } catch (error) {
      throw asUnavailable(error);
    }
  };
  return {
    driver: 'postgres',
    query,
    transaction: (fn, to) =>
      retryTransaction(async () => {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          throw asUnavailable(error);
        }
        // a client whose connection failed is destroyed on release, never handed to the next call
        let broken: Error | undefined;
        // a checked-out client has no pool listener: its connection dying between statements would
        // otherwise be an uncaught 'error' event
        const onError = (error: Error) => void (broken = error);
        client.on('error', onError);
        const run = async <T>(sql: string, params?: readonly unknown[], qo?: QueryOptions): Promise<T[]> => {
          try {
            const r = await client.query(statement(sql, params, qo, named));
            return r.rows as T[];
          } catch (error) {
            if (isConnectionError(error)) broken = error as Error;
            throw asUnavailable(error);
          }
        };
        try {
          await run('BEGIN');
          const result = await fn({ query: run });
          await run('COMMIT');
          return result;
        } catch (error) {
          if (!broken) await client.query('ROLLBACK').catch((e: unknown) => void (broken = e as Error));
          throw error;
        } finally {
          client.removeListener('error', onError);
          client.release(broken);
        }
      }, to?.retry),
    async exec(sql) {
      try {
        await pool.query(sql);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async listen(channel, onPayload, onReconnect) {
      return startListener({
        url: options.directUrl ?? url,
        channel,
        onPayload,
        onReconnect,
        onLoss: (error) => options.log?.warn({ err: error }, 'live listener connection lost; reconnecting'),
        types: typeParsers,
      });
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
