import { processAlive } from '../db/data-dir-lock.ts';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { openPglite } from '../db/pglite-db.ts';
import { BackupFileError } from '../modules/backup/backup-file.ts';
import { REQUESTS, backupAnswerer, backupPglite, type BackupAnswer } from '../modules/backup/backup-service.ts';
import { backupPostgres } from './backup-postgres.ts';
import { CannotRun } from './backup-errors.ts';

/**
 * `npm run backup`: writes a backup of the configured database into BACKUP_DIR (keeping the newest
 * BACKUP_KEEP) and prints its path. PostgreSQL (DATABASE_URL): pg_dump, custom format. The embedded
 * database (DATA_DIR): when a server holds the folder, that server writes it (asked through a
 * request file and SIGUSR2; the command waits for its answer); when none does, this command opens
 * the folder itself. Exit 1 when the backup failed, 2 when it cannot run.
 */
const REQUEST_TIMEOUT_MS = 10 * 60_000;


/** Asks the server holding the data folder for a backup and waits for its answer. */
async function askServer(dataDir: string, pid: number): Promise<string> {
  if ((await backupAnswerer(dataDir)) !== pid) {
    throw new BackupFileError(
      `The data folder ${dataDir} is in use by process ${pid}, which does not take backups on request (not a running Aurum server): let it finish, or stop it and run npm run backup again.`,
    );
  }
  const id = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const answer = join(dataDir, REQUESTS, `${id}.json`);
  await writeFile(join(dataDir, REQUESTS, `${id}.request`), '');
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  while (!existsSync(answer)) {
    if (!processAlive(pid)) throw new BackupFileError(`The server (process ${pid}) stopped before it wrote the backup.`);
    if (Date.now() > deadline) throw new BackupFileError(`The server (process ${pid}) did not answer within ${REQUEST_TIMEOUT_MS / 60_000} minutes.`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const result = JSON.parse(await readFile(answer, 'utf8')) as BackupAnswer;
  await rm(answer, { force: true });
  if (!result.file) throw new BackupFileError(`The server (process ${pid}) could not write the backup: ${result.error ?? 'no reason given'}`);
  return result.file;
}

async function backupEmbedded(config: ReturnType<typeof loadConfig>): Promise<string> {
  let release;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return askServer(config.dataDir, error.pid);
    throw error;
  }
  try {
    if (!existsSync(join(config.dataDir, 'pg', 'PG_VERSION'))) throw new CannotRun(`No database in DATA_DIR (${config.dataDir}): nothing to back up.`);
    const db = await openPglite(join(config.dataDir, 'pg'));
    try {
      return await backupPglite(db, { dir: config.backupDir, keep: config.backupKeep });
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

try {
  const config = loadConfig();
  const file = config.databaseUrl ? await backupPostgres(config.databaseUrl, { dir: config.backupDir, keep: config.backupKeep }) : await backupEmbedded(config);
  console.log(file);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof ConfigError || error instanceof CannotRun ? 2 : 1;
}
