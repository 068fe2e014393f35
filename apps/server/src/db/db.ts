/**
 * One database interface over two drivers (PGlite in a data folder, or `pg` against a
 * PostgreSQL server). One SQL dialect: PostgreSQL. NUMERIC arrives as a decimal string,
 * bigint counts as numbers, timestamps as Date, in both drivers.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets every NOTIFY payload committed by any process on this
   * database. Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function one<T>(q: Queryable, sql: string, params?: readonly unknown[]): Promise<T | undefined> {
  const rows = await q.query<T>(sql, params);
  return rows[0];
}
