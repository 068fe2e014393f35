import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownedFolder, runAsPostgres } from './postgres-user.ts';

/**
 * What `npm run restore:pitr` asks of pgBackRest (docs/decisions/0009): the stanza's cluster and
 * backups (`info --output=json`), the moments it can restore to, and the restore itself.
 */
export class PitrRefused extends Error {}

export interface Repository {
  stanza: string;
  /** --config, when not pgBackRest's default (/etc/pgbackrest/pgbackrest.conf). */
  config: string | null;
}

export interface StanzaInfo {
  /** The cluster the stanza archives now: pg_control's system identifier (a 64-bit number, as text). */
  systemId: string;
  /** PostgreSQL's major version of that cluster. */
  version: string;
  /** The end of each backup of that cluster, oldest first. */
  backupEnds: Date[];
  /** The newest WAL segment archived for that cluster, if any. */
  lastSegment: string | null;
  firstSegment: string | null;
}

const common = (repo: Repository) => [...(repo.config ? [`--config=${repo.config}`] : []), `--stanza=${repo.stanza}`, '--log-level-console=error'];

export function pgbackrest(repo: Repository, command: string, args: readonly string[] = []): { code: number | null; out: string; err: string } {
  try {
    return runAsPostgres('pgbackrest', [...common(repo), command, ...args]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new PitrRefused('pgbackrest is not installed (Debian: apt-get install pgbackrest).');
    throw error;
  }
}

interface InfoJson {
  name: string;
  status: { code: number; message: string };
  db: Array<{ id: number; 'system-id': string; version: string }>;
  archive: Array<{ database: { id: number }; min: string | null; max: string | null }>;
  backup: Array<{ database: { id: number }; timestamp: { start: number; stop: number }; label: string }>;
}

/** The stanza as the repository describes it; refused when there is none or it holds no backup. */
export function stanzaInfo(repo: Repository): StanzaInfo {
  const r = pgbackrest(repo, 'info', ['--output=json']);
  if (r.code !== 0) throw new PitrRefused(`pgbackrest info for stanza '${repo.stanza}' failed (${r.code}): ${(r.err || r.out).trim()}`);
  // system identifiers exceed a double's exact integers: read them as text
  const [info] = JSON.parse(r.out.replace(/"system-id"\s*:\s*(\d+)/g, '"system-id":"$1"')) as InfoJson[];
  if (!info || info.db.length === 0) throw new PitrRefused(`The repository has no stanza '${repo.stanza}' (${info?.status.message ?? 'nothing'}): check --stanza and --config.`);
  const db = info.db.reduce((a, b) => (b.id > a.id ? b : a));
  const backups = info.backup.filter((b) => b.database.id === db.id).sort((a, b) => a.timestamp.stop - b.timestamp.stop);
  const archives = info.archive.filter((a) => a.database.id === db.id);
  return {
    systemId: db['system-id'],
    version: db.version,
    backupEnds: backups.map((b) => new Date(b.timestamp.stop * 1000)),
    lastSegment: archives.map((a) => a.max).filter((m): m is string => !!m).sort().at(-1) ?? null,
    firstSegment: archives.map((a) => a.min).filter((m): m is string => !!m).sort()[0] ?? null,
  };
}

/** The segment before `name` (16 MB segments: 256 to a log id). */
function previousSegment(name: string): string {
  const tli = name.slice(0, 8);
  let log = parseInt(name.slice(8, 16), 16);
  let seg = parseInt(name.slice(16, 24), 16);
  if (seg > 0) seg -= 1;
  else {
    log -= 1;
    seg = 0xff;
  }
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  return `${tli}${hex(log)}${hex(seg)}`;
}

/**
 * The time of the last commit (or abort) in the archived WAL: recovery to a moment stops at the first
 * transaction that ended after it, so no later moment can be reached. Read with pg_waldump from the
 * newest segments (fetched by archive-get), going back until one holds a transaction's end.
 */
export function lastArchivedTime(repo: Repository, info: StanzaInfo, pgBin: string): Date | null {
  if (!info.lastSegment) return null;
  const scratch = ownedFolder(mkdtempSync(join(tmpdir(), 'aurum-pitr-wal-')));
  try {
    let segment = info.lastSegment;
    for (let i = 0; i < 16; i++) {
      const file = join(scratch, segment);
      const got = pgbackrest(repo, 'archive-get', [segment, file]);
      if (got.code === 0 && existsSync(file)) {
        const dump = runAsPostgres(join(pgBin, 'pg_waldump'), ['--rmgr=Transaction', file], { ...process.env, TZ: 'UTC' });
        const ends = [...dump.out.matchAll(/desc: (?:COMMIT|ABORT)\S*(?: \d+:)? (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) UTC/g)];
        const last = ends.at(-1);
        if (last) return new Date(`${last[1]!.replace(' ', 'T')}Z`);
      }
      if (segment === info.firstSegment || segment.endsWith('0000000000000000')) break;
      segment = previousSegment(segment);
    }
    return null;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Debian's programs of a PostgreSQL major version (pg_ctl, pg_waldump). */
export function postgresBin(version: string): string {
  const bin = `/usr/lib/postgresql/${version}/bin`;
  if (!existsSync(join(bin, 'pg_ctl'))) throw new PitrRefused(`PostgreSQL ${version}'s programs are not in ${bin} (the repository's cluster is version ${version}): install postgresql-${version}.`);
  return bin;
}

/** A folder to restore into: new, or empty; never one holding anything (a live data folder above all). */
export function checkEmptyFolder(path: string): void {
  if (!existsSync(path)) return;
  const held = readdirSync(path);
  if (held.length > 0) {
    throw new PitrRefused(`${path} is not empty (${held.slice(0, 5).join(', ')}${held.length > 5 ? ', ...' : ''}): a point-in-time restore goes into a new or empty folder, never over a data folder.`);
  }
}

/** pgBackRest restore of the stanza to `target` into `data`, promoted at the target, not archiving. */
export function restoreToTime(repo: Repository, target: Date, data: string): void {
  const t = target.toISOString().replace('T', ' ').replace('Z', '+00');
  const r = pgbackrest(repo, 'restore', ['--type=time', `--target=${t}`, '--target-action=promote', '--archive-mode=off', `--pg1-path=${data}`]);
  if (r.code !== 0) throw new Error(`pgbackrest restore failed (${r.code}): ${(r.err || r.out).trim()}`);
}

/**
 * The settings a copy in recovery must hold at least at the primary's values (PostgreSQL aborts the
 * recovery otherwise), read from the restored control file: `-c` options. A Debian cluster keeps
 * postgresql.conf in /etc, so the restored folder has none of the primary's settings.
 */
export function primarySettings(pgBin: string, data: string): string[] {
  const control = runAsPostgres(join(pgBin, 'pg_controldata'), ['-D', data]);
  const names: Record<string, string> = {
    max_connections: 'max_connections',
    max_worker_processes: 'max_worker_processes',
    max_wal_senders: 'max_wal_senders',
    max_prepared_xacts: 'max_prepared_transactions',
    max_locks_per_xact: 'max_locks_per_transaction',
  };
  const options: string[] = [];
  for (const [field, setting] of Object.entries(names)) {
    const value = new RegExp(`^${field} setting:\\s+(\\d+)$`, 'm').exec(control.out)?.[1];
    if (value) options.push(`-c ${setting}=${value}`);
  }
  return options;
}
