import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../bootstrap.ts';
import type { Db } from '../db/db.ts';
import { freshPostgresDatabase } from './postgres-databases.ts';

const CLI = join(import.meta.dirname, '..', 'cli');
/** What a CLI must not inherit from the test run: it gets its database and keys from `env` alone. */
const NOT_INHERITED = ['DATABASE_URL', 'DATA_DIR', 'AUDIT_HMAC_KEY', 'AUDIT_HMAC_PREVIOUS_KEYS', 'AUDIT_ANCHOR', 'NODE_ENV'];

/** A CLI of apps/server/src/cli as a process (quiet logs; `env` on top): exit code and output. */
export function runCli(script: string, env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const base = { ...process.env };
  for (const name of NOT_INHERITED) delete base[name];
  const child = spawn(process.execPath, [join(CLI, script), ...args], { env: { ...base, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/**
 * A fresh, empty database of the run's driver (a PGlite data folder or a PostgreSQL database) for a
 * CLI: the `env` that points a CLI at it, and `inside` to look into it between runs. Its removal is
 * pushed onto `cleanups`.
 */
export async function freshCliDatabase(driver: 'pglite' | 'postgres', cleanups: Array<() => Promise<unknown>>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'aurum-cli-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
  if (pgdb) cleanups.push(() => pgdb.drop());
  const env: Record<string, string> = pgdb ? { DATABASE_URL: pgdb.url } : { DATA_DIR: dataDir };
  const inside = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const opened = await openDatabase({ databaseUrl: pgdb?.url ?? null, dataDir });
    try {
      return await fn(opened.db);
    } finally {
      await opened.close();
    }
  };
  return { env, inside };
}
