import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/db.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite-db.ts';
import { openPostgres } from '../db/pg-db.ts';
import { freshPostgresDatabase } from './postgres-databases.ts';

/**
 * A fresh database of the suite's driver (AURUM_TEST_DB) with only the migrations numbered below
 * `version` applied: a database as an earlier release left it, for a test that writes old data and
 * then runs `migrate(db)` to bring it up to date.
 */
export async function databaseMigratedBefore(version: string): Promise<{ db: Db; close(): Promise<void> }> {
  const pgdb = process.env.AURUM_TEST_DB === 'postgres' ? await freshPostgresDatabase() : null;
  const db = pgdb ? await openPostgres(pgdb.url, { max: 2 }) : await openPglite(undefined);
  const before = await mkdtemp(join(tmpdir(), 'aurum-mig-'));
  try {
    for (const f of await readdir(MIGRATIONS_DIR)) if (f < version) await cp(join(MIGRATIONS_DIR, f), join(before, f));
    await migrate(db, before);
  } finally {
    await rm(before, { recursive: true, force: true });
  }
  return {
    db,
    async close() {
      await db.close();
      await pgdb?.drop();
    },
  };
}
