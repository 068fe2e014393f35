import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** Answers once the database answers a trivial query (GET /healthz); names the driver. */
export async function databaseHealth(db: Db): Promise<{ status: 'ok'; database: Db['driver'] }> {
  await sql`SELECT 1`.execute(kysely(db));
  return { status: 'ok', database: db.driver };
}
