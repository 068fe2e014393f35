import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = join(import.meta.dirname, '..', '..', 'migrations');
const MIGRATION_LOCK = 7_261_001;

/**
 * Runs the numbered SQL files of apps/server/migrations that have not run yet, each in its own
 * transaction, under an advisory lock so that two processes starting together do not race.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(f)).sort();
  // under the lock too: two processes creating the table at once would collide in the catalogue
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  });
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file]);
      if (done.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}

/** The last migration of this build's folder: a database where it has run is at head for this process. */
export function headMigration(dir = MIGRATIONS_DIR): string | null {
  return readdirSync(dir).filter((f) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(f)).sort().at(-1) ?? null;
}

/** Whether `version` has run on the database (a newer build may have run more: that is still at head for us). */
export async function migrationApplied(db: Db, version: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version])).length > 0;
}

/**
 * Splits a migration into statements: on semicolons outside quotes, comments and
 * dollar-quoted bodies (functions).
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const rest = sql.slice(i);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      current += '\n';
      continue;
    }
    if (ch === "'") {
      const end = sql.indexOf("'", i + 1);
      current += sql.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const tag = dollar[0];
      const end = sql.indexOf(tag, i + tag.length);
      current += sql.slice(i, end + tag.length);
      i = end + tag.length;
      continue;
    }
    if (ch === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
      i++;
      continue;
    }
    current += ch;
    i++;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
