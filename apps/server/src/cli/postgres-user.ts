import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';

/**
 * PostgreSQL's programs (initdb, pg_ctl) refuse to run as root, and pgBackRest must run as the user
 * that owns the data folder and the repository: under root, they run as the `postgres` system user,
 * who owns the folders they write.
 */
export const asRoot = process.getuid?.() === 0;

/** The command line that runs `program` as the postgres user under root, as is otherwise. */
export function asPostgres(program: string, args: readonly string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, [...args]];
}

/**
 * The same, with no process in between (setpriv replaces itself by the program): the child's pid is
 * the program's own, so that a signal sent to it (the HA test stops and kills Patroni) reaches it.
 */
export function execAsPostgres(program: string, args: readonly string[]): [string, string[]] {
  return asRoot ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', program, ...args]] : [program, [...args]];
}

/** Runs a program (as the postgres user under root): its exit code and what it printed. */
export function runAsPostgres(program: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): { code: number | null; out: string; err: string } {
  const [cmd, argv] = asPostgres(program, args);
  const r = spawnSync(cmd, argv, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Under root: the file or folder now belongs to the postgres user. */
export function givenToPostgres(path: string): string {
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(path, uid, gid);
  }
  return path;
}

/** A folder the postgres user owns (under root), or this user's. */
export function ownedFolder(path: string): string {
  mkdirSync(path, { recursive: true });
  return givenToPostgres(path);
}
