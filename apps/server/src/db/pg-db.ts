import pg from 'pg';
import type { Db, Queryable, QueryOptions } from './db.ts';
import { retryTransaction } from './transaction-retry.ts';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (v: string) => Number(v); // int8: counts and ids
    if (oid === 1700) return (v: string) => v; // numeric: decimal strings
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * A statement as `pg` takes it: with a name when the caller asked for it prepared (pg prepares it on
 * each connection the first time that connection runs it, then only binds and executes it).
 */
function statement(sql: string, params: readonly unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig {
  const values = params ? [...params] : undefined;
  return options?.prepared ? { name: options.prepared, text: sql, values: values ?? [] } : { text: sql, values };
}

/** `pg` connection pool against a PostgreSQL server (DATABASE_URL). */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, types: typeParsers });
  // fail at start, with a clear message, when the server cannot be reached
  const probe = await pool.connect();
  probe.release();
  const query: Queryable['query'] = async <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    const r = await pool.query(statement(sql, params, options));
    return r.rows as T[];
  };
  return {
    driver: 'postgres',
    query,
    transaction: (fn, options) =>
      retryTransaction(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const tx: Queryable = {
            async query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
              const r = await client.query(statement(sql, params, options));
              return r.rows as T[];
            },
          };
          const result = await fn(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      }, options?.retry),
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, onPayload, onReconnect) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      // one dedicated connection per listener; reconnects if the server drops it
      let client: pg.Client | null = null;
      let stopped = false;
      const connect = async (again = false): Promise<void> => {
        const c = new pg.Client({ connectionString: url, types: typeParsers });
        c.on('notification', (n) => {
          if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
        });
        c.on('error', () => {
          if (stopped) return;
          client = null;
          setTimeout(() => void connect(true).catch(() => undefined), 1000);
        });
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        client = c;
        if (again) onReconnect?.();
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
