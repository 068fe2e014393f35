import { createHash } from 'node:crypto';
import { nameIndexKeys } from '@aurum/domain/compliance/name-index-key';
import { entryDocuments, matchListedName, type ScreeningMatch } from '@aurum/domain/compliance/screening-match';
import { preparedNameCache } from '@aurum/domain/compliance/prepared-name-cache';
import type { AliasQuality, ScreeningListKind } from '@aurum/domain/compliance/screening-thresholds';
import type { ScreeningResult } from '@aurum/domain/compliance/hit-schemas';
import { businessClock } from '@aurum/domain/system/business-time';
import type { AppDeps } from '../../app-deps.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { notFound } from '../../http/app-error.ts';
import { SILENT_AUDIT, type Change } from '../../http/change.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import { isHeld, placeHold } from './hold-service.ts';
import { insertNewHits, type NewHit } from './hit-repository.ts';
import {
  activeVersionIds,
  changedEntryNames,
  customerIdsAfter,
  entryCandidates,
  filePeopleOf,
  insertRuns,
  finishRun,
  insertNightlyClaim,
  lastNightlyRun,
  lockNightlyClaim,
  setSearchSettings,
  subjectFingerprints,
  subjectCandidates,
  syncSubjects,
  userNamesOf,
  type CandidateKeys,
  type CandidateQuery,
  type ListedNameRow,
  type SubjectInput,
  type SubjectRow,
} from './screening-repository.ts';

/**
 * The trigram similarity of index keys that makes a candidate. Keys are canonical spellings, so a
 * typo or a dropped token keeps most trigrams; the shared-token arm finds script and dialect variants.
 */
export const SCREENING_TRIGRAM_THRESHOLD = 0.4;
/** Shared index elements a token-only candidate needs: one shared token brings two (its class and phonetic key). */
export const SCREENING_MIN_OVERLAP = 2;
/** Candidates scored per name: the closest first, so a common surname cannot flood the matcher. */
export const SCREENING_CANDIDATES_MAX = 100;
/** Customers (nightly) and entries (delta) per transaction. */
const CUSTOMER_BATCH = 200;
/**
 * Pages of the nightly re-screen in flight at once, each in its own transaction: while one page's
 * candidates are searched in PostgreSQL, another's are scored here. Pages hold distinct customers,
 * so they write distinct rows. (PGlite runs one transaction at a time: there they queue.)
 */
const RESCREEN_PAGES_AT_ONCE = 2;
const ENTRY_BATCH = 100;
/** Subjects of every customer per listed name in the delta. */
const DELTA_SUBJECTS_MAX = 500;
const NAME_MAX = 500;

const hash = (fields: unknown[]) => createHash('sha256').update(JSON.stringify(fields)).digest('hex');

/**
 * The names this process has prepared for scoring, listed and screened alike: a delta scores each
 * listed name against hundreds of customers, a re-screen meets the same listed names again and
 * again. At most about 37 MB.
 */
const prepared = preparedNameCache(20_000);

function subject(personId: number | null, rawName: string, attrs: { birthDate: string | null; nationality: string | null; document: string | null }): SubjectInput | null {
  const name = rawName.trim().replace(/\s+/g, ' ').slice(0, NAME_MAX);
  if (name === '') return null;
  const keys = nameIndexKeys(prepared(name));
  if (keys.key === '' && keys.tokens.length === 0) return null;
  return { personId, name, ...keys, ...attrs, fingerprint: hash([name, attrs.birthDate, attrs.nationality, attrs.document]) };
}

/**
 * The names to screen of each customer: the people of the due diligence file when there are some,
 * else the customer's own names (a person's, a company's). A deleted customer has none.
 */
async function wantedSubjects(q: Queryable, userIds: readonly number[]): Promise<Array<SubjectInput & { userId: number }>> {
  const people = await filePeopleOf(q, userIds);
  const onFile = new Set(people.map((p) => p.user_id));
  const out: Array<SubjectInput & { userId: number }> = [];
  const seen = new Set<string>();
  const add = (userId: number, s: SubjectInput | null) => {
    if (!s || seen.has(`${userId}/${s.fingerprint}`)) return;
    seen.add(`${userId}/${s.fingerprint}`);
    out.push({ ...s, userId });
  };
  for (const p of people) add(p.user_id, subject(p.id, p.full_name, { birthDate: p.birth_date, nationality: p.nationality, document: p.document_number }));
  const none = { birthDate: null, nationality: null, document: null };
  for (const u of await userNamesOf(q, userIds.filter((id) => !onFile.has(id)))) {
    add(u.id, subject(null, `${u.first_name} ${u.last_name}`, none));
    add(u.id, subject(null, u.company_name ?? '', none));
  }
  return out;
}

function matchOf(s: SubjectRow, n: ListedNameRow): ScreeningMatch {
  return matchListedName(
    { name: s.name, birthDate: s.birthDate, nationality: s.nationality, document: s.document },
    {
      name: n.name,
      quality: n.quality as AliasQuality,
      listKind: n.list_kind as ScreeningListKind,
      birthDates: n.birth_dates,
      nationalities: n.nationalities,
      documents: entryDocuments(n.documents),
    },
    prepared,
  );
}

/** A phonetic key of one or two letters (p:t, p:tn) is held by thousands of names: it ranks candidates, never finds them. */
const COMMON_KEY_MAX = 2;

/** The tokens that find candidates: spelling classes, skeletons and the longer phonetic keys. */
export function candidateKeys(keys: { key: string; tokens: readonly string[] }): CandidateKeys {
  const rare = keys.tokens.filter((t) => !(t.startsWith('p:') && t.length - 2 <= COMMON_KEY_MAX));
  return { key: keys.key, tokens: keys.tokens, rare };
}

/** A name searched for candidates, by its id. */
const searchedBy = (id: number, keys: { key: string; tokens: readonly string[] }): CandidateQuery => ({ id, ...candidateKeys(keys) });

/** A hold outranks a review, then the higher score. */
const rank = (m: { outcome: string; score: number }) => (m.outcome === 'hold' ? 2 : 1) + m.score;

/** The hits of scored pairs: one per subject and entry, its best-scoring name; clear pairs are none. */
function hitsOf(pairs: Iterable<{ s: SubjectRow; n: ListedNameRow }>, at: Date): NewHit[] {
  const best = new Map<string, NewHit>();
  for (const { s, n } of pairs) {
    const m = matchOf(s, n);
    if (m.outcome === 'clear') continue;
    const key = `${s.id}/${n.entry_id}`;
    const seen = best.get(key);
    if (seen && rank(seen) >= rank(m)) continue;
    best.set(key, {
      userId: s.userId,
      subjectId: s.id,
      subjectFingerprint: s.fingerprint,
      subjectName: s.name,
      entryId: n.entry_id,
      versionId: n.version_id,
      listId: n.list_id,
      listKind: n.list_kind as ScreeningListKind,
      entryReference: n.reference,
      entryContentHash: n.content_hash,
      nameMatched: n.name,
      quality: n.quality as AliasQuality,
      score: m.score,
      outcome: m.outcome,
      reasons: m.reasons,
      foundAt: at,
    });
  }
  return [...best.values()];
}

/** Holds the customers of new 'hold' hits not held already (placeHold by screening: no officer). */
async function holdFor(c: Change, hits: readonly NewHit[]): Promise<Set<number>> {
  const held = new Set<number>();
  for (const h of hits) {
    if (h.outcome !== 'hold' || held.has(h.userId)) continue;
    held.add(h.userId);
    if (await isHeld(c.q, h.userId)) continue;
    await placeHold(c, { userId: h.userId, note: `Screening hit: ${h.listKind} list entry ${h.entryReference}, "${h.nameMatched}", score ${h.score.toFixed(4)}.` }, 'screening');
  }
  return held;
}

/** These customers' screened names brought in step with their file or account (each screen does this first; a bench sets customers up with it). */
export async function syncCustomerSubjects(q: Queryable, userIds: readonly number[], at: Date): Promise<SubjectRow[]> {
  return syncSubjects(q, userIds, await wantedSubjects(q, userIds), at);
}

interface Screened {
  subjects: number;
  hits: number;
  newHits: NewHit[];
  /** Each customer's subjects and hits (found, new or not). */
  byUser: Map<number, { subjects: number; hits: number }>;
}

/**
 * Customers' subjects brought in step and screened against the active lists in one candidate
 * search (a customer, or a page of the nightly re-screen); new hits recorded, and a customer with
 * a new 'hold' hit held.
 */
async function screenCustomers(c: Change, userIds: readonly number[]): Promise<Screened> {
  await setSearchSettings(c.q, SCREENING_TRIGRAM_THRESHOLD);
  const subjects = await syncCustomerSubjects(c.q, userIds, c.now);
  const found = await entryCandidates(c.q, subjects.map((s) => searchedBy(s.id, s)), SCREENING_MIN_OVERLAP, SCREENING_CANDIDATES_MAX);
  const pairs: Array<{ s: SubjectRow; n: ListedNameRow }> = [];
  for (const s of subjects) for (const n of found.get(s.id) ?? []) pairs.push({ s, n });
  const hits = hitsOf(pairs, c.now);
  const newHits = await insertNewHits(c.q, hits);
  await holdFor(c, newHits);
  const byUser = new Map(userIds.map((id) => [id, { subjects: 0, hits: 0 }]));
  for (const s of subjects) byUser.get(s.userId)!.subjects++;
  for (const h of hits) byUser.get(h.userId)!.hits++;
  return { subjects: subjects.length, hits: hits.length, newHits, byUser };
}

/**
 * Customers screened in full a page at a time (those never screened: decision 1108's backlog),
 * each with its run recorded as an onboarding screen's. Answers how many.
 */
export async function screenCustomersInPages(c: Change, userIds: readonly number[]): Promise<number> {
  const versions = await activeVersionIds(c.q);
  for (let i = 0; i < userIds.length; i += CUSTOMER_BATCH) {
    const r = await screenCustomers(c, userIds.slice(i, i + CUSTOMER_BATCH));
    await insertRuns(c.q, [...r.byUser].map(([userId, n]) => ({ trigger: 'customer' as const, userId, versionIds: versions, subjects: n.subjects, hits: n.hits, startedAt: c.now, finishedAt: new Date() })));
  }
  return userIds.length;
}

/**
 * Screens the customer when the names screened would change (a new customer, a rename; not a new
 * phone number): unchanged names were screened against every active list already, by their last
 * screen or by each activation's delta since. Answers whether it screened.
 */
export async function screenIfNamesChanged(c: Change, userId: number): Promise<boolean> {
  const wanted = new Set((await wantedSubjects(c.q, [userId])).map((s) => s.fingerprint));
  const stored = await subjectFingerprints(c.q, userId);
  if (stored.length > 0 && stored.length === wanted.size && stored.every((f) => wanted.has(f))) return false;
  await screenCustomer(c, userId);
  return true;
}

/**
 * Screens one customer now against every active list (on onboarding, a due diligence change, or
 * an officer's request): the customer's names are brought in step, new hits recorded, and a hit at
 * the hold score holds the customer (unless held already). The run is recorded with the versions.
 */
export async function screenCustomer(c: Change, userId: number, trigger: 'customer' | 'officer' = 'customer'): Promise<ScreeningResult> {
  if ((await userNamesOf(c.q, [userId])).length === 0) throw notFound('user');
  const versions = await activeVersionIds(c.q);
  const r = await screenCustomers(c, [userId]);
  const held = r.newHits.some((h) => h.outcome === 'hold') || (await isHeld(c.q, userId));
  await insertRuns(c.q, [{ trigger, userId, versionIds: versions, subjects: r.subjects, hits: r.hits, startedAt: c.now, finishedAt: new Date(c.now.getTime()) }]);
  const result = { userId, subjects: r.subjects, hits: r.hits, newHits: r.newHits.length, held };
  c.audit.note('userId', userId);
  c.audit.after(result);
  return result;
}

/**
 * A list version activated: its entries added or changed since `previousVersionId` against every
 * customer's screened names, a page of entries at a time, through the subjects' own indexes. Each
 * customer at or above the hold score is held before this answers.
 */
export async function screenDelta(c: Change, versionId: number, previousVersionId: number | null): Promise<{ entries: number; hits: number; held: number }> {
  await setSearchSettings(c.q, SCREENING_TRIGRAM_THRESHOLD);
  let after = 0;
  let entries = 0;
  let hits = 0;
  const held = new Set<number>();
  for (;;) {
    const names = await changedEntryNames(c.q, versionId, previousVersionId, after, ENTRY_BATCH);
    if (names.length === 0) break;
    const found = await subjectCandidates(c.q, names.map((n) => searchedBy(n.name_id, n)), SCREENING_MIN_OVERLAP, DELTA_SUBJECTS_MAX);
    const pairs: Array<{ s: SubjectRow; n: ListedNameRow }> = [];
    for (const n of names) for (const s of found.get(n.name_id) ?? []) pairs.push({ s, n });
    const newHits = await insertNewHits(c.q, hitsOf(pairs, c.now));
    hits += newHits.length;
    for (const u of await holdFor(c, newHits)) held.add(u);
    entries += new Set(names.map((n) => n.entry_id)).size;
    after = names[names.length - 1]!.entry_id;
  }
  await insertRuns(c.q, [{ trigger: 'delta', userId: null, versionIds: [versionId], subjects: 0, hits, startedAt: c.now, finishedAt: new Date() }]);
  c.audit.after({ versionId, previousVersionId, entries, hits, held: held.size });
  return { entries, hits, held: held.size };
}

/** Not an admin's change: what a job's screening passes to placeHold (a screening hold names no officer) and records nowhere else. */
const jobChange = (q: Queryable, now: Date, events: AppDeps['events']): Change => ({ q, by: 0, now, audit: SILENT_AUDIT, events });

/**
 * Every customer against every active list, a page of customers per transaction. A subject and
 * entry already hit (dismissed, confirmed or open) is not recorded again; only a changed customer
 * or a changed entry makes a new hit.
 */
export async function rescreenAll(deps: Pick<AppDeps, 'db' | 'events'>, now: Date): Promise<{ customers: number; newHits: number; subjects: number }> {
  let after = 0;
  let customers = 0;
  let newHits = 0;
  let subjects = 0;
  // pages are taken in order, one at a time, whichever worker asks; once a page has failed no
  // worker takes another, and the run answers (with the failure) only when every worker has stopped
  let failed = false;
  let cursor: Promise<number[]> = Promise.resolve([]);
  const nextPage = () =>
    (cursor = cursor.then(async () => {
      if (failed) return [];
      const ids = await customerIdsAfter(deps.db, after, CUSTOMER_BATCH);
      if (ids.length > 0) after = ids[ids.length - 1]!;
      return ids;
    }));
  const worker = async () => {
    try {
      for (let ids = await nextPage(); ids.length > 0; ids = await nextPage()) {
        await deps.db.transaction(async (tx) => {
          const r = await screenCustomers(jobChange(tx, now, deps.events), ids);
          newHits += r.newHits.length;
          subjects += r.subjects;
        });
        customers += ids.length;
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: RESCREEN_PAGES_AT_ONCE }, worker));
  const failure = ended.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return { customers, newHits, subjects };
}

/** How often the nightly job looks whether its run is due, and from when (Kuala Lumpur) it is. */
export const SCREENING_CHECK_MS = 60_000;
export const NIGHTLY_SCREENING_AT_MINUTES = 2 * 60;

/**
 * The job `screeningNightly`: every minute it looks whether today's re-screen (from 02:00 in Kuala
 * Lumpur, every day: lists change on weekends too) has run, and runs it. runOnce(now) answers the
 * run, or null when it was not due, ran already that day, or another process claimed it.
 */
export function screeningJob(deps: Pick<AppDeps, 'db' | 'now' | 'events'>, everyMs: number = SCREENING_CHECK_MS): Job {
  const db: Db = deps.db;
  return intervalJob('screeningNightly', {
    everyMs,
    run: async (given?: Date) => {
      const now = given ?? deps.now();
      const today = businessClock(now);
      if (today.minutes < NIGHTLY_SCREENING_AT_MINUTES) return null;
      // the night is claimed by one process, under a lock, before the work: a second process
      // looking at the same minute finds the claim and does nothing (a run that dies midway is not
      // retried that day; the next night screens everyone again)
      const claim = await db.transaction(async (tx) => {
        await lockNightlyClaim(tx);
        const last = await lastNightlyRun(tx);
        if (last && businessClock(last).date === today.date) return null;
        return insertNightlyClaim(tx, await activeVersionIds(tx), now);
      });
      if (claim === null) return null;
      const run = await rescreenAll(deps, now);
      await finishRun(db, claim, { subjects: run.subjects, hits: run.newHits, finishedAt: new Date() });
      return { customers: run.customers, newHits: run.newHits };
    },
  });
}
