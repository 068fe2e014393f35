import type { Listener } from './pg-listener.ts';
import type { RetryPolicy } from './transaction-retry.ts';

/**
 * One database interface over two drivers (PGlite in a data folder, or `pg` against a
 * PostgreSQL server). One SQL dialect: PostgreSQL. NUMERIC arrives as a decimal string,
 * bigint counts as numbers, timestamps as Date, in both drivers.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
}

export interface QueryOptions {
  /**
   * A name under which a PostgreSQL server may keep the statement prepared on each connection, so
   * that later runs skip its parse and planning (the statements of db/compiled-statement.ts: one
   * fixed text per name, a bounded number of them). PGlite, one connection in this process, ignores it.
   */
  prepared?: string;
}

export interface TransactionOptions {
  /**
   * How often the whole transaction may run when PostgreSQL aborts it as a deadlock victim (40P01)
   * or for a serialization failure (40001); default DEFAULT_RETRY_POLICY (5 runs, jittered waits).
   */
  retry?: RetryPolicy;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it returns, rolled back when it throws. A
   * transaction aborted by a deadlock (40P01) or a serialization failure (40001) is rolled back
   * and `fn` runs again from its start in a new transaction, a bounded number of times
   * (db/transaction-retry.ts); after the last one it fails with 503, 3300. So `fn` must keep its
   * effects inside the transaction, or undo them itself when an attempt does not commit (route()
   * does for stored receipts), and take its locks in the documented order (lockForMoney).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets every NOTIFY payload committed by any process on this
   * database. Answers the listener (its health, and stop). `onReconnect` runs when the listening
   * connection came back after a loss: notifications sent meanwhile are gone.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Listener>;
  close(): Promise<void>;
  /** The connections now: open, idle, and callers waiting for one (metrics). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export async function one<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(sql, params);
  return rows[0];
}
