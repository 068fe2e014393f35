import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/pg-db.ts';
import { openTestPglite } from './pglite-template.ts';
import { freshPostgresDatabase } from './postgres-databases.ts';

/** The driver a test file runs on (AURUM_TEST_DB, PGlite unless it says postgres). */
export const testDriver: 'postgres' | 'pglite' = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A migrated database of the test driver without a server: a fresh PostgreSQL database (a pool of
 * `poolSize`) or a PGlite from the migrated template. `close` closes it and drops the PostgreSQL one.
 */
export async function openTestDb(poolSize = 2): Promise<{ db: Db; close(): Promise<void> }> {
  if (testDriver === 'pglite') {
    const db = await openTestPglite();
    return { db, close: () => db.close() };
  }
  const pgdb = await freshPostgresDatabase();
  const db = await openPostgres(pgdb.url, { max: poolSize });
  await migrate(db);
  return {
    db,
    async close() {
      await db.close();
      await pgdb.drop();
    },
  };
}
