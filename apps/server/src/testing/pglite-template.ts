import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPglite, type PgliteDb } from '../db/pglite-db.ts';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts';

const CACHE = join(import.meta.dirname, '..', '..', '..', '..', '.tmp', 'pglite-templates');

async function migrationsHash(): Promise<string> {
  const h = createHash('sha256');
  for (const f of (await readdir(MIGRATIONS_DIR)).sort()) h.update(f).update(await readFile(join(MIGRATIONS_DIR, f)));
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated in-memory PGlite for a test. A fresh PGlite cluster takes seconds to initialise,
 * so the first one is dumped to .tmp keyed by the migrations' hash and later ones load from it.
 */
export async function openTestPglite(): Promise<PgliteDb> {
  const file = join(CACHE, `${await migrationsHash()}.tar`);
  if (existsSync(file)) {
    const db = await openPglite(undefined, { loadDataDir: new Blob([await readFile(file)]) });
    await migrate(db);
    return db;
  }
  const db = await openPglite(undefined);
  await migrate(db);
  const dump = Buffer.from(await (await db.dump()).arrayBuffer());
  await mkdir(CACHE, { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, dump);
  await rename(tmp, file);
  return db;
}
