import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Expression,
  type SqlBool,
  type QueryResult,
  type RawBuilder,
} from 'kysely';
import type { Queryable } from './db.ts';
import type { Database } from './db-types.ts';

/** One builder per Queryable; a transaction's Queryable and its builder go together. */
const cache = new WeakMap<Queryable, Kysely<Database>>();

/**
 * Typed queries over our own Db (decisions 0910 and 0912).
 *
 *   const rows = await kysely(q).selectFrom('holidays').select(['id', 'name']).execute();
 *
 * Kysely only builds and compiles the statement; it runs through `q.query(sql, params)`, so it
 * runs inside whatever `q` is: the Db itself, or the transaction a route or `db.transaction(fn)`
 * handed over. Results are parsed by our drivers as for any other query (NUMERIC as decimal
 * strings, int8 as numbers, timestamptz as Date: see db.ts). Transactions stay ours:
 * `kysely(q).transaction()` refuses, use `db.transaction(fn)` and `kysely(tx)`.
 */
export function kysely(q: Queryable): Kysely<Database> {
  let k = cache.get(q);
  if (!k) {
    k = new Kysely<Database>({ dialect: new QueryableDialect(q) });
    cache.set(q, k);
  }
  return k;
}

/**
 * A date column as its day 'YYYY-MM-DD' (our drivers read a date as a Date at midnight, in a time
 * zone that differs between them): `.select((eb) => isoDate(eb.ref('date')).as('date'))`.
 */
export function isoDate<T extends Date | null>(date: Expression<T>): RawBuilder<null extends T ? string | null : string> {
  return sql`to_char(${date}, 'YYYY-MM-DD')`;
}

/** A day 'YYYY-MM-DD' as a date value, to compare with a date column: `.where('date', '=', asDate(day))`. */
export function asDate(day: string): RawBuilder<Date> {
  return sql`CAST(${day} AS date)`;
}

/** Escapes LIKE's wildcards (`\\`, `%`, `_`) so that a search for 'a_b' matches that text only. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of "contains this text", lower-cased: compare with `lower(column)`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}

/** `lower(column) = lower(value)`: the case-insensitive equality of usernames and e-mails. */
export function sameText(column: string, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = lower(${value})`;
}

class QueryableDialect implements Dialect {
  private readonly q: Queryable;
  constructor(q: Queryable) {
    this.q = q;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new QueryableDriver(this.q);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

const OUR_TRANSACTIONS = 'kysely(q) runs inside the Queryable it was given: open transactions with db.transaction(fn) and build with kysely(tx)';

class QueryableDriver implements Driver {
  private readonly connection: DatabaseConnection;
  constructor(q: Queryable) {
    this.connection = new QueryableConnection(q);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  async beginTransaction(): Promise<void> {
    throw new Error(OUR_TRANSACTIONS);
  }
  async commitTransaction(): Promise<void> {
    throw new Error(OUR_TRANSACTIONS);
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error(OUR_TRANSACTIONS);
  }
  // the Queryable belongs to its owner (a Db is closed by whoever opened it)
  async destroy(): Promise<void> {}
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

class QueryableConnection implements DatabaseConnection {
  private readonly q: Queryable;
  constructor(q: Queryable) {
    this.q = q;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const node = compiled.query;
    const counted = WRITES.has(node.kind) && !('returning' in node && node.returning) && !('explain' in node && node.explain);
    if (counted) {
      // Our Queryable answers rows only, not the driver's row count: a write without RETURNING is
      // run so that PostgreSQL counts its rows, which keeps numInsertedOrUpdatedRows,
      // numUpdatedRows and numDeletedRows true. A data-modifying CTE must stay at the top level,
      // so a statement carrying its own WITH answers one small row per affected row instead.
      const hasWith = 'with' in node && node.with !== undefined;
      if (hasWith) {
        const rows = await this.q.query(`${compiled.sql} RETURNING 1`, compiled.parameters);
        return { rows: [], numAffectedRows: BigInt(rows.length) };
      }
      const [row] = await this.q.query<{ n: number }>(`WITH "affected" AS (${compiled.sql} RETURNING 1) SELECT count(*) AS n FROM "affected"`, compiled.parameters);
      return { rows: [], numAffectedRows: BigInt(row!.n) };
    }
    return { rows: await this.q.query<R>(compiled.sql, compiled.parameters) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('kysely(q).stream() is not supported over a Queryable: page with a keyset instead');
  }
}
