import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite } from '../db/pglite-db.ts';
import { openPostgres } from '../db/pg-db.ts';
import { BackupFileError, readBackup, type BackupManifest } from '../modules/backup/backup-file.ts';
import { holdings, tableFigures } from '../modules/backup/backup-repository.ts';
import { figureDifferences, openPgliteBackup } from '../modules/backup/backup-service.ts';
import { otherSessions, restorePostgres } from './backup-postgres.ts';
import { CannotRun } from './backup-errors.ts';

/**
 * `npm run restore -- <file> [--force]`: restores a backup into the configured database (DATABASE_URL,
 * else DATA_DIR), after checking the file (a truncated or damaged one changes nothing). A target
 * that holds data is refused, saying what it holds, unless --force; a data folder held by a server,
 * or a PostgreSQL database other sessions are connected to, is refused (stop the servers first).
 * The restored copy is checked against the figures the backup recorded. The embedded database's
 * replaced folder is kept beside it (`pg.before-restore-<time>`) until you remove it.
 */
class Refused extends Error {}

async function describeHoldings(db: Db): Promise<{ tables: number; text: string }> {
  const h = await holdings(db, ['users', 'orders', 'ledger_entries', 'audit_log', 'admins']);
  const counts = Object.entries(h.counts).map(([t, n]) => `${n} ${t}`).join(', ');
  return { tables: h.tables, text: `${h.tables} tables${counts ? ` (${counts})` : ''}` };
}

async function checkAgainst(db: Db, manifest: BackupManifest): Promise<string> {
  const figures = await db.transaction((tx) => tableFigures(tx));
  const differences = figureDifferences(manifest.tables, figures);
  if (differences.length > 0) throw new Error(`the restored copy differs from the backup's record:\n  - ${differences.join('\n  - ')}`);
  const rows = Object.values(figures).reduce((n, t) => n + t.rows, 0);
  return `${Object.keys(figures).length} tables, ${rows} rows, equal to the backup's record`;
}

async function restoreEmbedded(config: Config, file: string, manifest: BackupManifest, force: boolean): Promise<string> {
  const release = lockDataDir(config.dataDir); // refuses a folder a server holds
  try {
    const live = join(config.dataDir, 'pg');
    const hasDatabase = existsSync(join(live, 'PG_VERSION'));
    if (hasDatabase && !force) {
      const db = await openPglite(live);
      const held = await describeHoldings(db).finally(() => db.close());
      if (held.tables > 0) {
        throw new Refused(`DATA_DIR (${config.dataDir}) already holds a database: ${held.text}. Restoring would replace it; run again with --force to do so (the old folder is kept beside it).`);
      }
    }
    const incoming = join(config.dataDir, `pg.restoring-${randomBytes(4).toString('hex')}`);
    let checked: string;
    try {
      const db = await openPgliteBackup(file, manifest, incoming);
      checked = await checkAgainst(db, manifest).finally(() => db.close());
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      throw error;
    }
    let kept = '';
    if (existsSync(live)) {
      kept = join(config.dataDir, `pg.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await rename(live, kept);
    }
    await rename(incoming, live);
    return `Restored ${file} (taken ${manifest.createdAt}) into DATA_DIR ${config.dataDir}: ${checked}.${kept ? `\nThe replaced database is kept in ${kept}: remove it once you no longer need it.` : ''}`;
  } finally {
    release();
  }
}

async function restoreServer(url: string, file: string, manifest: BackupManifest, force: boolean): Promise<string> {
  const others = await otherSessions(url);
  if (others > 0) throw new Refused(`${others} other session(s) are connected to the target database: stop the Aurum processes (and other clients) before a restore.`);
  const where = `PostgreSQL ${new URL(url).host}${new URL(url).pathname}`;
  let db = await openPostgres(url, { max: 1 });
  const held = await describeHoldings(db).finally(() => db.close());
  if (held.tables > 0 && !force) {
    throw new Refused(`The database ${where} already holds data: ${held.text}. Restoring would replace its public schema; run again with --force to do so.`);
  }
  await restorePostgres(url, file, { replace: held.tables > 0 });
  db = await openPostgres(url, { max: 1 });
  const checked = await checkAgainst(db, manifest).finally(() => db.close());
  return `Restored ${file} (taken ${manifest.createdAt}) into ${where}: ${checked}.`;
}

try {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) throw new CannotRun('usage: npm run restore -- <backup file> [--force]');
  const config = loadConfig();
  const file = positionals[0]!;
  const manifest = await readBackup(file);
  if (manifest.kind === 'pglite' && config.databaseUrl) {
    throw new Refused(`${file} is a backup of the embedded database (PGlite); the configured database is PostgreSQL (DATABASE_URL). Restore it with DATABASE_URL unset (into DATA_DIR).`);
  }
  if (manifest.kind === 'postgres' && !config.databaseUrl) {
    throw new Refused(`${file} is a PostgreSQL backup (pg_dump); the configured database is the embedded one. Set DATABASE_URL to the (empty) database to restore into.`);
  }
  console.log(config.databaseUrl ? await restoreServer(config.databaseUrl, file, manifest, values.force) : await restoreEmbedded(config, file, manifest, values.force));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof Refused || error instanceof BackupFileError || error instanceof ConfigError || error instanceof CannotRun ? message : `The restore failed: ${message}`);
  process.exitCode = error instanceof ConfigError || error instanceof CannotRun ? 2 : 1;
}
