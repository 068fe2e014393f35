import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** Runs a trivial statement: resolves once the database answers. */
export async function pingDatabase(q: Queryable): Promise<void> {
  // a statement of no table: nothing for the builder to build
  await sql`SELECT 1`.execute(kysely(q));
}
