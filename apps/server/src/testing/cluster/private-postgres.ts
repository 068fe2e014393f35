import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { asPostgres, givenToPostgres, ownedFolder } from '../../cli/postgres-user.ts';

/**
 * A PostgreSQL instance of the cluster test's own (Debian's initdb and pg_ctl) in a scratch folder,
 * on its own port on 127.0.0.1: stopping it touches no other suite. PostgreSQL refuses to run as
 * root, so under root (CI) every command runs as the `postgres` system user, who owns the folder.
 */
export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** pg_ctl stop -m fast: sessions are terminated ("administrator command"), as in an upgrade. */
  stop(): void;
  start(): void;
  /** Stops it at once and forgets it (idempotent; synchronous, so it can run in an exit handler). */
  destroy(): void;
  /** The server's log (initdb's and pg_ctl's too). */
  log(): string;
}

/** Runs a PostgreSQL program, as the postgres user under root. */
function pgRun(bin: string, program: string, args: string[], options: { allowFailure?: boolean } = {}): string {
  const [cmd, argv] = asPostgres(join(bin, program), args);
  const r = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0 && !options.allowFailure) throw new Error(`${program} ${args.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

/** `settings`: more `-c name=value` options (after the defaults: they win). */
export function startPrivatePostgres(bin: string, folder: string, port: number, settings: readonly string[] = []): PrivatePostgres {
  return runPrivatePostgres(bin, folder, port, settings, (data) =>
    pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']),
  );
}

/**
 * A streaming replica of `primary` (pg_basebackup -R: standby.signal and primary_conninfo written),
 * hot standby, in its own folder on its own port. Its `stop()`/`start()` stop and start it.
 */
export function startPrivateReplica(bin: string, folder: string, port: number, primary: PrivatePostgres, settings: readonly string[] = []): PrivatePostgres {
  return runPrivatePostgres(bin, folder, port, settings, (data) =>
    // an immediate checkpoint: a spread one keeps pg_basebackup waiting up to 0.9 x checkpoint_timeout (4.5 min)
    pgRun(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', data, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']),
  );
}

function runPrivatePostgres(bin: string, folder: string, port: number, settings: readonly string[], create: (data: string) => void): PrivatePostgres {
  const data = join(ownedFolder(folder), 'data');
  const sockets = ownedFolder(join(folder, 'sockets'));
  const logFile = join(folder, 'postgres.log');
  if (!existsSync(logFile)) writeFileSync(logFile, '');
  givenToPostgres(logFile);
  create(data);
  // small and quick: the test stops and starts it; fsync off (a scratch instance; nothing to keep)
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${sockets}'`,
    '-c max_connections=200',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=64MB',
    ...settings.map((s) => `-c ${s}`),
  ].join(' ');
  let running = false;
  const start = () => {
    pgRun(bin, 'pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', logFile, '-o', options]);
    running = true;
  };
  start();
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
    },
    stop() {
      pgRun(bin, 'pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', data]);
      running = false;
    },
    start,
    destroy() {
      if (!existsSync(join(data, 'postmaster.pid')) && !running) return;
      pgRun(bin, 'pg_ctl', ['stop', '-w', '-t', '30', '-m', 'immediate', '-D', data], { allowFailure: true });
      running = false;
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
