import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The programs the cluster test runs (Debian's packages: haproxy, pgbouncer, postgresql), where they
 * are found, and whether this run must have them (CI: `.ci/run` installs them).
 */
export interface ClusterTools {
  haproxy: string;
  pgbouncer: string;
  /** The folder holding initdb, pg_ctl, pg_dump... of one PostgreSQL version. */
  pgBin: string;
}

/** The program's path on PATH (or Debian's sbin folders), or null. */
export function onPath(name: string, extra: readonly string[] = []): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', ...extra]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Debian keeps each PostgreSQL version's programs in /usr/lib/postgresql/<version>/bin: the newest. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  const initdb = onPath('initdb');
  if (initdb && onPath('pg_ctl')) return join(initdb, '..');
  return null;
}

export function findClusterTools(): ClusterTools | null {
  const haproxy = onPath('haproxy');
  const pgbouncer = onPath('pgbouncer');
  const pgBin = postgresBin();
  return haproxy && pgbouncer && pgBin ? { haproxy, pgbouncer, pgBin } : null;
}

/** What is missing, in words, for the skip notice. */
export function missingClusterTools(): string[] {
  const missing: string[] = [];
  if (!onPath('haproxy')) missing.push('haproxy');
  if (!onPath('pgbouncer')) missing.push('pgbouncer');
  if (!postgresBin()) missing.push('initdb and pg_ctl (postgresql)');
  return missing;
}

/** CI (and any run requiring the PostgreSQL suites) must run the cluster test: missing tools fail it. */
export function clusterRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.AURUM_REQUIRE_PG === '1' || env.CI === 'true' || env.CI === '1';
}

export const CLUSTER_TOOLS_MISSING =
  'The cluster test needs Debian\'s haproxy, pgbouncer and postgresql (initdb, pg_ctl): ' +
  'sudo apt-get install -y haproxy pgbouncer postgresql (.ci/run installs them).';

/** `haproxy -c -f <file>` with `env`: the exit code and what it printed. */
export function checkHaproxyConfig(haproxy: string, file: string, env: Record<string, string>): { ok: boolean; output: string } {
  try {
    const output = execFileSync(haproxy, ['-c', '-f', file], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: true, output };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}
