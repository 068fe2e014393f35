import type { AppDeps } from '../../app-deps.ts';
import { SILENT_AUDIT, type Change } from '../../http/change.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import { unscreenedCustomers } from './screening-backlog-repository.ts';
import { screenCustomersInPages } from './screening-service.ts';

/** Customers screened in full inside a list's activation; more wait for the job's next minute. */
export const UNSCREENED_IN_ACTIVATION_MAX = 2_000;
/** Customers the job screens in one transaction, every minute. */
export const UNSCREENED_PER_TICK = 500;
export const UNSCREENED_CHECK_MS = 60_000;

/**
 * Screens in full, against every active list, customers never screened: a delta (the entries a
 * version changed) finds only customers whose names are recorded, so one never screened would be
 * missed by it. Answers how many were screened.
 */
export async function screenUnscreened(c: Change, limit: number): Promise<number> {
  // each customer's result is in its hits and screening runs; the change's audit row gets the count
  return screenCustomersInPages({ ...c, audit: SILENT_AUDIT }, await unscreenedCustomers(c.q, limit));
}


/**
 * The job `screeningBacklog`: every minute, the customers never screened (created by a path that
 * does not screen, or before the first list) are screened, a batch per transaction, so a new
 * customer is screened within a minute whatever created it. A hold it places names no officer.
 */
export function screeningBacklogJob(deps: Pick<AppDeps, 'db' | 'now' | 'events'>, everyMs: number = UNSCREENED_CHECK_MS): Job {
  return intervalJob('screeningBacklog', {
    everyMs,
    run: (given?: Date) => deps.db.transaction((q) => screenUnscreened({ q, by: 0, now: given ?? deps.now(), audit: SILENT_AUDIT, events: deps.events }, UNSCREENED_PER_TICK)),
  });
}
