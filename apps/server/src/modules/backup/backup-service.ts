import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import { isPgliteDb, openPglite, type PgliteDb } from '../../db/pglite-db.ts';
import { completeBackup, partialPath, readPayload, type BackupManifest } from './backup-file.ts';
import { appliedMigrations, tableFigures, type TableFigure } from './backup-repository.ts';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** What a backup records of the database beside its payload, read in the payload's snapshot. */
export async function snapshotFigures(q: Queryable): Promise<{ migrations: string[]; tables: Record<string, TableFigure> }> {
  return { tables: await tableFigures(q), migrations: await appliedMigrations(q) };
}

/**
 * Backs up the embedded database while it serves: the figures and the data folder's tarball in one
 * snapshot (PgliteDb.snapshot: calls wait meanwhile), then, with the database free again, the
 * tarball gzipped and written atomically into `dir`; the oldest beyond `keep` go. Answers the path.
 */
export async function backupPglite(db: PgliteDb, options: { dir: string; keep: number; now?: Date }): Promise<string> {
  const at = options.now ?? new Date();
  const { read, tarball } = await db.snapshot(snapshotFigures);
  const payload = await gzip(Buffer.from(await tarball.arrayBuffer()));
  const partial = await partialPath(options.dir, at);
  await writeFile(partial, payload);
  return completeBackup(options.dir, partial, at, { kind: 'pglite', ...read }, options.keep);
}

/**
 * Opens a checked PGlite backup as a database in `dataDir` (a folder that must not hold one yet),
 * or in memory when `dataDir` is undefined.
 */
export async function openPgliteBackup(path: string, manifest: BackupManifest, dataDir: string | undefined): Promise<PgliteDb> {
  const tar = await gunzip(await readPayload(path, manifest));
  return openPglite(dataDir, { loadDataDir: new Blob([tar]) });
}

/** The differences between the figures a backup recorded and those of its restored copy, one line each. */
export function figureDifferences(recorded: Record<string, TableFigure>, restored: Record<string, TableFigure>): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(recorded), ...Object.keys(restored)])) {
    const a = recorded[name];
    const b = restored[name];
    if (!a) lines.push(`table ${name} is in the restored copy but not in the backup's record`);
    else if (!b) lines.push(`table ${name} is missing from the restored copy`);
    else if (a.rows !== b.rows) lines.push(`table ${name}: ${b.rows} rows restored, ${a.rows} recorded`);
    else if (a.hash !== b.hash) lines.push(`table ${name}: the rows differ from those recorded (checksum)`);
  }
  return lines;
}

/**
 * Backups on request of `npm run backup` while this process holds the data folder: the command
 * drops a request file into REQUESTS and sends SIGUSR2 to the process whose pid the ANSWERER file
 * names; the process takes one backup and writes `<id>.json` ({file} or {error}) for every request
 * it found. Only a process that wrote ANSWERER is signalled (SIGUSR2 ends a Node process that does
 * not handle it).
 */
export const REQUESTS = 'backup-requests';
export const ANSWERER = 'answerer.json';

export interface BackupAnswer {
  file?: string;
  error?: string;
}

/**
 * The scheduled backup of the embedded database (BACKUP_INTERVAL_MINUTES, BACKUP_DIR, BACKUP_KEEP)
 * and the backups on request (SIGUSR2). On PostgreSQL it does nothing: there `npm run backup`
 * runs pg_dump itself (README "Backups").
 */
export function backupJob(deps: Pick<AppDeps, 'config' | 'db' | 'now'>, log?: Pick<FastifyBaseLogger, 'info' | 'error'>): Job {
  const { config, db } = deps;
  const take = async (): Promise<string> => {
    if (!isPgliteDb(db)) throw new Error('this database is not the embedded one');
    const file = await backupPglite(db, { dir: config.backupDir, keep: config.backupKeep, now: deps.now() });
    log?.info({ file }, 'backup written');
    return file;
  };
  const scheduled = intervalJob('backup', {
    everyMs: isPgliteDb(db) ? config.backupIntervalMinutes * 60_000 : 0,
    run: take,
    onError: (error) => log?.error({ err: error }, 'scheduled backup failed'),
  });
  const requests = join(config.dataDir, REQUESTS);
  let answering: Promise<void> | null = null;
  let again = false;
  const answer = async (): Promise<void> => {
    const ids = (await readdir(requests).catch(() => [] as string[])).filter((n) => n.endsWith('.request')).map((n) => n.slice(0, -'.request'.length));
    if (ids.length === 0) return;
    let result: BackupAnswer;
    try {
      result = { file: await take() };
    } catch (error) {
      result = { error: error instanceof Error ? error.message : String(error) };
      log?.error({ err: error }, 'requested backup failed');
    }
    for (const id of ids) {
      const tmp = join(requests, `.${id}.json.${randomBytes(4).toString('hex')}`);
      await writeFile(tmp, JSON.stringify(result));
      await rename(tmp, join(requests, `${id}.json`));
      await rm(join(requests, `${id}.request`), { force: true });
    }
  };
  const onSignal = () => {
    if (answering) {
      again = true;
      return;
    }
    answering = answer()
      .catch((error: unknown) => log?.error({ err: error }, 'answering backup requests failed'))
      .then(async () => {
        answering = null;
        if (again) {
          again = false;
          onSignal();
        }
      });
  };
  let listening = false;
  return {
    name: 'backup',
    start() {
      scheduled.start();
      if (listening || !isPgliteDb(db)) return;
      listening = true;
      process.on('SIGUSR2', onSignal);
      void mkdir(requests, { recursive: true })
        .then(() => writeFile(join(requests, ANSWERER), JSON.stringify({ pid: process.pid })))
        .then(onSignal); // requests made while it started
    },
    async stop() {
      if (listening) {
        listening = false;
        process.off('SIGUSR2', onSignal);
        await rm(join(requests, ANSWERER), { force: true });
      }
      await answering;
      await scheduled.stop();
    },
    runOnce: () => scheduled.runOnce() as Promise<string>,
    onRun: (listener) => scheduled.onRun(listener),
  };
}

/** The pid of the process that answers backup requests for this data folder, or null. */
export async function backupAnswerer(dataDir: string): Promise<number | null> {
  try {
    const { pid } = JSON.parse(await readFile(join(dataDir, REQUESTS, ANSWERER), 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null;
  }
}
