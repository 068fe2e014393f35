import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openPostgres } from '../db/pg-db.ts';
import { BackupFileError, readBackup, type BackupManifest } from '../modules/backup/backup-file.ts';
import { openPgliteBackup } from '../modules/backup/backup-service.ts';
import { checkInvariants, type InvariantReport } from './backup-invariants.ts';
import { restorePostgres, scratchDatabase } from './backup-postgres.ts';
import { CannotRun } from './backup-errors.ts';

/**
 * `npm run backup:verify -- <file>`: checks the file, restores it into a scratch place (a temporary
 * PGlite folder, or a scratch database on the PostgreSQL server of DATABASE_URL, dropped after) and
 * checks the invariants there (backup-invariants.ts) with the configured audit keys. Prints OK with
 * the figures, or each broken invariant and exits 1; 2 when it cannot run. The configured database
 * itself is not touched.
 */
async function verifyEmbedded(file: string, manifest: BackupManifest, config: Config): Promise<InvariantReport> {
  const scratch = await mkdtemp(join(tmpdir(), 'aurum-verify-'));
  try {
    const db = await openPgliteBackup(file, manifest, join(scratch, 'pg'));
    try {
      return await checkInvariants(db, config, manifest);
    } finally {
      await db.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function verifyServer(file: string, manifest: BackupManifest, config: Config): Promise<InvariantReport> {
  if (!config.databaseUrl) throw new CannotRun(`${file} is a PostgreSQL backup: set DATABASE_URL to a server it can be restored on (a scratch database is created there and dropped after).`);
  const scratch = await scratchDatabase(config.databaseUrl);
  try {
    await restorePostgres(scratch.url, file, { replace: false });
    const db = await openPostgres(scratch.url, { max: 1 });
    try {
      return await checkInvariants(db, config, manifest);
    } finally {
      await db.close();
    }
  } finally {
    await scratch.drop();
  }
}

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new CannotRun('usage: npm run backup:verify -- <backup file>');
  const config = loadConfig();
  const file = positionals[0]!;
  const manifest = await readBackup(file);
  const report = manifest.kind === 'pglite' ? await verifyEmbedded(file, manifest, config) : await verifyServer(file, manifest, config);
  const title = `${file} (${manifest.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}, taken ${manifest.createdAt})`;
  if (report.breaks.length === 0) {
    console.log(`OK: ${title} restores, and its invariants hold:\n${report.figures.map((f) => `  - ${f}`).join('\n')}`);
  } else {
    console.log(`BROKEN: ${title}, restored in a scratch place, breaks ${report.breaks.length} invariant(s):\n${report.breaks.map((b) => `  - ${b}`).join('\n')}`);
    process.exitCode = 1;
  }
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof BackupFileError || error instanceof ConfigError || error instanceof CannotRun ? message : `The verify could not run: ${message}`);
  process.exitCode = error instanceof BackupFileError ? 1 : 2;
}
