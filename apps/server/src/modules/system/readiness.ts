import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { Db } from '../../db/db.ts';
import { DATABASE_UNAVAILABLE_CONTEXT, DatabaseUnavailableError } from '../../db/connection-errors.ts';
import { headMigration, migrationApplied } from '../../db/migrate.ts';
import { appError } from '../../http/app-error.ts';
import { SERVER_DRAINING_CONTEXT, type Lifecycle } from '../../http/lifecycle.ts';
import type { EventBus } from '../../live/event-bus.ts';

/** How long /readyz waits for the database before it says the process cannot serve. */
const READY_DB_TIMEOUT_MS = 2_000;

const HEAD = headMigration();

/**
 * GET /readyz (docs/decisions/0002-readiness-and-drain.md): the process can serve when it is not
 * draining, its live listener is connected, and the database answers within 2 s with this build's
 * last migration applied. Otherwise a 503 with the error body: 3303 draining, 3302 anything else
 * (the context names what is missing).
 */
export async function readiness(db: Db, events: EventBus, lifecycle: Lifecycle): Promise<{ status: 'ready' }> {
  if (lifecycle.draining) throw appError(ErrorCode.ServerDraining, SERVER_DRAINING_CONTEXT);
  if (!events.health().connected) throw appError(ErrorCode.DatabaseUnavailable, 'The live listener is reconnecting to the database.');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(new Error(`no answer within ${READY_DB_TIMEOUT_MS} ms`))), READY_DB_TIMEOUT_MS);
  });
  try {
    const atHead = HEAD === null || (await Promise.race([migrationApplied(db, HEAD), late]));
    if (!atHead) throw appError(ErrorCode.DatabaseUnavailable, `The database's migrations are behind this server (${HEAD} has not run).`);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw appError(ErrorCode.DatabaseUnavailable, DATABASE_UNAVAILABLE_CONTEXT);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ready' };
}
