import pg from 'pg';
import { randomBytes } from 'node:crypto';

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL for one test server; dropped
 * on close; its name starts with `prefix` (a bench names its own). Without TEST_DATABASE_URL this fails (the PostgreSQL suite is never silently skipped).
 */
export async function freshPostgresDatabase(prefix = 'aurum_t'): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL suite needs a server (see README)');
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // a closed pool may still be saying goodbye: let its connections leave before the drop, so
        // that FORCE does not kill a client mid-close (it would raise an unhandled 57P01 error)
        for (let i = 0; i < 50; i++) {
          const [row] = (await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows as Array<{ n: number }>;
          if (row!.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
