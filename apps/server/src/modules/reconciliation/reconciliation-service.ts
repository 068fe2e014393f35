import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { breakKey, coverageBreak, matchBars, type FoundBreak } from '@aurum/domain/reconciliation/reconciliation-matcher';
import type { BreakExportQuery, BreakListAnswer, BreakListQuery, BreakView, ExplainingPosting, LatestRunAnswer, RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { businessClock } from '@aurum/domain/system/business-time';
import { isBusinessDay } from '@aurum/domain/system/market-status';
import type { AppDeps } from '../../app-deps.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import { holidayDates } from '../system/holiday-service.ts';
import { coverageFigures } from '../treasury/treasury-service.ts';
import { latestPostings, postingsWithNotes } from '../ledger/ledger-service.ts';
import {
  breakBatches,
  findBreak,
  findRun,
  finishRun,
  insertRun,
  insertRunList,
  jobRanOn,
  latestLists,
  listBars,
  listBreaks,
  lockBreak,
  lockRuns,
  ourBars,
  resolveBreakRow,
  upsertBreak,
  type FoundBreakRow,
} from './reconciliation-repository.ts';

/** How many postings explain a break at most (the newest). */
export const EXPLAINING_POSTINGS = 10;

/** Postings with their entry as a break shows them. */
const explaining = (rows: ReadonlyArray<Omit<ExplainingPosting, 'createdAt' | 'entryId'> & { entryId: number | string; createdAt: Date | string }>): ExplainingPosting[] =>
  rows.map((r) => ({ ...r, entryId: Number(r.entryId), createdAt: new Date(r.createdAt).toISOString() }));

/** The key of a bar in barPostings' answer. */
const barPostingsKey = (bar: { metal: string; serial: string }) => `${bar.metal}|${bar.serial}`;

/**
 * The postings that explain bar breaks, per serial, in one pass over the journal: the newest
 * ledger postings of the bar's metal whose entry names the serial in its note (the vault's
 * movements post 'vault.*' entries naming their bars), at most EXPLAINING_POSTINGS per bar.
 */
async function barPostings(q: Queryable, bars: ReadonlyArray<{ metal: TreasuryMetal; serial: string }>): Promise<Map<string, ExplainingPosting[]>> {
  const out = new Map<string, ExplainingPosting[]>();
  if (bars.length === 0) return out;
  const rows = await postingsWithNotes(q, [...new Set(bars.map((b) => b.serial))]);
  for (const bar of bars) {
    const key = barPostingsKey(bar);
    if (out.has(key)) continue;
    const serial = bar.serial.toLowerCase();
    out.set(key, explaining(rows.filter((r) => r.asset === bar.metal && (r.note ?? '').toLowerCase().includes(serial)).slice(0, EXPLAINING_POSTINGS)));
  }
  return out;
}

/**
 * Reconciliation (decisions 0820-0823): each custodian's latest
 * imported bar list matched to our vault records, and customer metal to the available bars' book
 * weight plus metal at providers, per metal. A run records what it used and counted; each break
 * stays open across runs until an admin resolves it with a note.
 */

/**
 * One reconciliation run inside `q` (one run at a time: an advisory lock). The job's run of a
 * business date is recorded once: a second one that day answers null and changes nothing.
 */
export async function reconcile(q: Queryable, run: { at: Date; trigger: 'admin' | 'job'; by: number | null }): Promise<RunView | null> {
  await lockRuns(q);
  const businessDate = businessClock(run.at).date;
  const runId = await insertRun(q, { ...run, businessDate });
  if (runId === null) return null;
  const found: FoundBreakRow[] = [];
  let barsCompared = 0;
  const barBreaks: Array<FoundBreak & { vaultId: number | null }> = [];
  for (const list of await latestLists(q)) {
    await insertRunList(q, runId, list.id);
    const ours = await ourBars(q, list);
    const theirs = await listBars(q, list.id);
    barsCompared += ours.length;
    for (const b of matchBars(ours, theirs)) barBreaks.push({ ...b, vaultId: list.vaultId });
  }
  const postings = await barPostings(q, barBreaks.map((b) => ({ metal: b.metal, serial: b.serial! })));
  for (const b of barBreaks) found.push({ ...b, key: breakKey(b), postings: postings.get(barPostingsKey({ metal: b.metal, serial: b.serial! })) ?? [] });
  // the coverage rule's own figures (the treasury's books), so a run and the rule never disagree
  for (const figures of await coverageFigures(q)) {
    const b = coverageBreak(figures);
    if (b) found.push({ ...b, key: breakKey(b), vaultId: null, postings: explaining(await latestPostings(q, figures.metal, EXPLAINING_POSTINGS)) });
  }
  // the same break found twice in one run (a bar on two lists) is recorded once
  const unique = [...new Map(found.map((b) => [b.key, b])).values()];
  let breaksOpened = 0;
  for (const b of unique) if (await upsertBreak(q, runId, run.at, b)) breaksOpened++;
  await finishRun(q, runId, { barsCompared, breaksFound: unique.length, breaksOpened });
  return (await findRun(q, runId))!;
}

/** POST reconciliation/run: a run on demand by the signed-in admin (audited: the run's summary). */
export async function runReconciliation(c: Change): Promise<RunView> {
  const run = (await reconcile(c.q, { at: c.now, trigger: 'admin', by: c.by }))!;
  c.audit.after({ runId: run.id, lists: run.lists.map((l) => l.id), barsCompared: run.barsCompared, breaksFound: run.breaksFound, breaksOpened: run.breaksOpened });
  return run;
}

export async function latestRun(q: Queryable): Promise<LatestRunAnswer> {
  return { run: (await findRun(q)) ?? null };
}

export async function breaksPage(q: Queryable, query: BreakListQuery): Promise<BreakListAnswer> {
  const { items, total } = await listBreaks(q, query);
  return { items, total, page: query.page, limit: query.limit };
}

export function breakExportBatches(q: Queryable, filter: BreakExportQuery, size: number): AsyncGenerator<BreakView[]> {
  return breakBatches(q, filter, size);
}

/** POST reconciliation/breaks/{id}/resolve {note}: 404 (1003) unknown, 409 (3212) resolved already. */
export async function resolveBreak(c: Change, id: number, note: string): Promise<BreakView> {
  const locked = await lockBreak(c.q, id);
  if (!locked) throw notFound('break');
  if (locked.status !== 'open') throw appError(ErrorCode.ReconciliationBreakResolved, 'break');
  const before = (await findBreak(c.q, id))!;
  await resolveBreakRow(c.q, id, c.by, c.now, note);
  const after = (await findBreak(c.q, id))!;
  c.audit.before({ id, kind: before.kind, metal: before.metal, serial: before.serial, refiner: before.refiner, status: before.status });
  c.audit.after({ id, status: after.status, note: after.note });
  return after;
}

/** How often the daily job looks whether its run is due. */
export const RECONCILIATION_CHECK_MS = 60_000;

/**
 * Whether the daily run is due at `now`: a business day (not a weekend, not a system holiday), at
 * or after the configured business-local time.
 */
export function dailyRunDue(now: Date, at: { hour: number; minute: number }, holidays: readonly string[]): boolean {
  return isBusinessDay(now, holidays) && businessClock(now).minutes >= at.hour * 60 + at.minute;
}

/**
 * The job `reconciliation`: every minute it looks whether today's run is due (dailyRunDue) and not
 * recorded yet, and runs it (by the job: no admin, no audit row; the runs table records it).
 * runOnce(now) answers the run, or null when none was due or it ran already that business day.
 */
export function reconciliationJob(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, everyMs: number = RECONCILIATION_CHECK_MS): Job {
  const db: Db = deps.db;
  return intervalJob('reconciliation', {
    everyMs,
    runAtStart: true,
    run: async (given?: Date) => {
      const now = given ?? deps.now();
      if (!dailyRunDue(now, deps.config.reconciliationAt, await holidayDates(db))) return null;
      if (await jobRanOn(db, businessClock(now).date)) return null;
      return db.transaction((tx) => reconcile(tx, { at: now, trigger: 'job', by: null }));
    },
  });
}
