import pg from 'pg';
import type { Db, Queryable } from './db.ts';

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (v: string) => Number(v); // int8: counts and ids
    if (oid === 1700) return (v: string) => v; // numeric: decimal strings
    return pg.types.getTypeParser(oid, format);
  },
};

/** `pg` connection pool against a PostgreSQL server (DATABASE_URL). */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, types: typeParsers });
  // fail at start, with a clear message, when the server cannot be reached
  const probe = await pool.connect();
  probe.release();
  const query: Queryable['query'] = async <T>(sql: string, params?: readonly unknown[]) => {
    const r = await pool.query(sql, params ? [...params] : undefined);
    return r.rows as T[];
  };
  return {
    driver: 'postgres',
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<T>(sql: string, params?: readonly unknown[]) {
            const r = await client.query(sql, params ? [...params] : undefined);
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
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
