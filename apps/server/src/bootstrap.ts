import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { openPglite } from './db/pglite-db.ts';
import { openPostgres } from './db/pg-db.ts';
import { migrate } from './db/migrate.ts';
import { lockDataDir } from './db/data-dir-lock.ts';

export interface OpenedDatabase {
  db: Db;
  /** Closes the database and releases the data folder. */
  close(): Promise<void>;
  where: string;
}

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrates it. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseDirectUrl' | 'databasePoolMode'>>,
  options: { memory?: boolean; log?: { warn(detail: object, message: string): void } } = {},
): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl, { poolMode: config.databasePoolMode, directUrl: config.databaseDirectUrl, log: options.log });
    await refuseReplica(db);
    await migrate(db);
    const u = new URL(config.databaseUrl);
    return { db, close: () => db.close(), where: `PostgreSQL ${u.host}${u.pathname}` };
  }
  if (options.memory) {
    const db = await openPglite(undefined);
    await migrate(db);
    return { db, close: () => db.close(), where: 'PGlite in memory' };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const db = await openPglite(`${config.dataDir}/pg`);
    await migrate(db);
    return {
      db,
      async close() {
        try {
          await db.close();
        } finally {
          release();
        }
      },
      where: `PGlite in ${config.dataDir}`,
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The start refused because DATABASE_URL reaches a standby: nothing was written. */
export class NotTheLeaderError extends Error {}

/**
 * DATABASE_URL must reach the leader: a standby would refuse every write (25006) and the process
 * would look ready while it can change nothing. Refused at start, naming the fix.
 */
async function refuseReplica(db: Db): Promise<void> {
  const rows = await db.query<{ in_recovery: boolean }>('SELECT pg_is_in_recovery() AS in_recovery');
  if (rows[0]?.in_recovery) {
    await db.close();
    throw new NotTheLeaderError(
      'DATABASE_URL reaches a replica (PostgreSQL in recovery, read-only), not the leader: point DATABASE_URL at the leader ' +
        "(HAProxy's writes port, which follows Patroni's /primary), and a replica at READ_DATABASE_URL.",
    );
  }
}

/** The access-token signing key: JWT_SECRET, or one generated once and kept in the database. */
export async function signingKey(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.query(`INSERT INTO server_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`, [
    randomBytes(48).toString('base64url'),
  ]);
  const rows = await db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'jwt'`);
  return rows[0]!.value;
}
