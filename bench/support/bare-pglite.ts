/**
 * The baseline of bench/memory.ts: a bare PGlite process holding a data folder (argv[2]), with
 * the server's own opening code (apps/server/src/db/pglite-db.ts) and nothing else: it reads a
 * little of every table once, says `ready`, and idles until killed.
 */
import { openPglite } from '../../apps/server/src/db/pglite-db.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: node bench/support/bare-pglite.ts <pg data folder>');
const db = await openPglite(dataDir);
const tables = await db.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
for (const t of tables) await db.query(`SELECT * FROM "${t.name}" LIMIT 100`);
console.log(`ready ${tables.length} tables`);
setInterval(() => undefined, 60_000);
process.once('SIGTERM', () => void db.close().then(() => process.exit(0)));
