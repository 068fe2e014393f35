import type { Db } from '../../db/db.ts';
import { pingDatabase } from './health-repository.ts';

/** Answers once the database answers a trivial query (GET /healthz); names the driver. */
export async function databaseHealth(db: Db): Promise<{ status: 'ok'; database: Db['driver'] }> {
  await pingDatabase(db);
  return { status: 'ok', database: db.driver };
}
