import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { Queryable } from '../db/db.ts';
import { CannotRun } from './backup-errors.ts';
import { completeBackup, partialPath } from '../modules/backup/backup-file.ts';
import { snapshotFigures } from '../modules/backup/backup-service.ts';

/**
 * The PostgreSQL side of the backup commands: pg_dump's custom format in the snapshot the figures
 * were read in, pg_restore into an empty database in one transaction (docs/decisions/0030).
 */
export class PgToolError extends CannotRun {}

/** A URL without its password, and the environment that carries the password (kept out of the process list). */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, stdin?: NodeJS.ReadableStream): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    if (stdin) stdin.pipe(child.stdin!);
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new PgToolError(`${cmd} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client) in a version not older than the server's.`)
          : error,
      ),
    );
    child.once('close', (code) => resolve({ code, out, err }));
  });
}

async function toolMajor(tool: string): Promise<{ major: number; text: string }> {
  const { out } = await run(tool, ['--version'], process.env);
  const m = /(\d+)(?:\.\d+)?/.exec(out);
  if (!m) throw new PgToolError(`Cannot read the version of ${tool} ('${out.trim()}').`);
  return { major: Number(m[1]), text: out.trim() };
}

const asQueryable = (client: pg.Client): Queryable => ({
  async query<T>(sql: string, params?: readonly unknown[]) {
    return (await client.query(sql, params ? [...params] : undefined)).rows as T[];
  },
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function serverVersion(client: pg.Client): Promise<{ major: number; text: string }> {
  const { rows } = await client.query<{ n: string; v: string }>('SELECT current_setting($1) AS n, version() AS v', ['server_version_num']);
  return { major: Math.floor(Number(rows[0]!.n) / 10000), text: rows[0]!.v };
}

/** Refuses a client tool older than the server (pg_dump cannot read a newer server's catalogue). */
async function checkTool(tool: string, server: { major: number }): Promise<string> {
  const version = await toolMajor(tool);
  if (version.major < server.major) {
    throw new PgToolError(
      `${tool} is version ${version.major}, older than the PostgreSQL server (${server.major}): install postgresql-client-${server.major} (or newer) and put its ${tool} first on PATH.`,
    );
  }
  return version.text;
}

/**
 * `pg_dump -Fc` of the database, taken in a snapshot exported by a repeatable-read transaction in
 * which the figures are read too: the manifest describes exactly what the archive holds, while the
 * servers keep writing. Answers the backup's path.
 */
export async function backupPostgres(databaseUrl: string, options: { dir: string; keep: number }): Promise<string> {
  const at = new Date();
  const client = await connect(databaseUrl);
  try {
    const server = await serverVersion(client);
    const pgDump = await checkTool('pg_dump', server);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ s: string }>('SELECT pg_export_snapshot() AS s');
    const read = await snapshotFigures(asQueryable(client));
    const partial = await partialPath(options.dir, at);
    const target = connection(databaseUrl);
    const dump = await run('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.s}`, `--file=${partial}`, `--dbname=${target.url}`], target.env);
    await client.query('COMMIT');
    if (dump.code !== 0) {
      await rm(partial, { force: true });
      throw new PgToolError(`pg_dump failed (${dump.code}): ${dump.err.trim()}`);
    }
    return await completeBackup(options.dir, partial, at, { kind: 'postgres', ...read, postgres: { server: server.text, pgDump } }, options.keep);
  } finally {
    await client.end();
  }
}

/** Other sessions on the database (servers still running on it): a restore refuses them. */
export async function otherSessions(databaseUrl: string): Promise<number> {
  const client = await connect(databaseUrl);
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a checked PostgreSQL backup into the database of `databaseUrl` in one transaction (a
 * failure leaves it as it was). Into an empty database: pg_restore itself. With `replace`, the
 * public schema is dropped and created again in that same transaction (pg_restore's script run by
 * psql), so nothing of the old contents survives beside the restored ones.
 */
export async function restorePostgres(databaseUrl: string, path: string, options: { replace: boolean }): Promise<void> {
  const client = await connect(databaseUrl);
  let server;
  try {
    server = await serverVersion(client);
  } finally {
    await client.end();
  }
  await checkTool('pg_restore', server);
  const target = connection(databaseUrl);
  const common = ['--no-owner', '--no-privileges', '--exit-on-error'];
  if (!options.replace) {
    const r = await run('pg_restore', [...common, '--single-transaction', `--dbname=${target.url}`, path], target.env);
    if (r.code !== 0) throw new PgToolError(`pg_restore failed (${r.code}); the database is unchanged: ${r.err.trim().slice(-2000)}`);
    return;
  }
  await checkTool('psql', server);
  const script = spawn('pg_restore', [...common, '--file=-', path], { env: target.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let scriptErr = '';
  script.stderr.on('data', (d: Buffer) => (scriptErr += d.toString()));
  const scriptDone = new Promise<number | null>((resolve) => script.once('close', resolve));
  const r = await run(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-c', 'DROP SCHEMA IF EXISTS public CASCADE', '-c', 'CREATE SCHEMA public', '-f', '-', `--dbname=${target.url}`],
    target.env,
    script.stdout,
  );
  const scriptCode = await scriptDone;
  if (scriptCode !== 0 || r.code !== 0) {
    throw new PgToolError(`the restore failed (pg_restore ${scriptCode}, psql ${r.code}); the database is unchanged: ${(scriptErr + r.err).trim().slice(-2000)}`);
  }
}

/**
 * A scratch database on the same server, named after the configured one, for a verify: its URL and
 * its drop. Needs a role allowed to create databases.
 */
export async function scratchDatabase(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(databaseUrl);
  const name = `${decodeURIComponent(base.pathname.slice(1)).replace(/[^a-z0-9_]/gi, '_').slice(0, 40)}_verify_${randomBytes(4).toString('hex')}`.toLowerCase();
  const client = await connect(databaseUrl);
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new PgToolError(`Cannot create a scratch database to restore into (${error instanceof Error ? error.message : String(error)}): verify needs a role allowed to create databases (CREATEDB).`);
  } finally {
    await client.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await connect(databaseUrl);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
