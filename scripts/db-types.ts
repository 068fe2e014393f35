// Writes apps/server/src/db/db-types.ts, the Kysely table types, from a freshly migrated
// in-memory PGlite: `npm run db:types` after adding or changing a migration.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../apps/server/src/db/pglite-db.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { DB_TYPES_FILE, generateDbTypes } from '../apps/server/src/db/db-types-generator.ts';

const db = await openPglite(undefined);
try {
  await migrate(db);
  await writeFile(DB_TYPES_FILE, await generateDbTypes(db));
  console.log(`wrote ${fileURLToPath(DB_TYPES_FILE)}`);
} finally {
  await db.close();
}
