import { sql, type RawBuilder } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** A name of a customer to screen, with its index keys and the fingerprint of what is screened. */
export interface SubjectInput {
  personId: number | null;
  name: string;
  key: string;
  tokens: string[];
  birthDate: string | null;
  nationality: string | null;
  document: string | null;
  fingerprint: string;
}

export interface SubjectRow extends SubjectInput {
  id: number;
  userId: number;
}

/** A listed name of an entry in an active version, as the matcher needs it. */
export interface ListedNameRow {
  name_id: number;
  entry_id: number;
  version_id: number;
  list_id: number;
  list_kind: string;
  list_code: string;
  reference: string;
  content_hash: string;
  name: string;
  quality: string;
  key: string;
  tokens: string[];
  birth_dates: string[];
  nationalities: string[];
  documents: unknown;
}

/** The people of these customers' due diligence files, as written there. */
export async function filePeopleOf(q: Queryable, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return kysely(q)
    .selectFrom('due_diligence_people')
    .select(['id', 'user_id', 'full_name', sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'), 'nationality', 'document_number'])
    .where('user_id', 'in', [...userIds])
    .orderBy('id')
    .execute();
}

/** These customers' own names (a person's, a company's), for a customer without people on file; deleted customers are not there. */
export async function userNamesOf(q: Queryable, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return kysely(q).selectFrom('users').select(['id', 'first_name', 'last_name', 'company_name']).where('id', 'in', [...userIds]).where('deleted_at', 'is', null).orderBy('id').execute();
}

const subjectColumns = ['id', 'user_id', 'person_id', 'name', 'key', 'tokens', 'birth_date', 'nationality', 'document', 'fingerprint'] as const;

type StoredSubject = { id: number; user_id: number; person_id: number | null; name: string; key: string; tokens: string[]; birth_date: string | null; nationality: string | null; document: string | null; fingerprint: string };
const toSubject = (r: StoredSubject): SubjectRow => ({
  id: r.id,
  userId: r.user_id,
  personId: r.person_id,
  name: r.name,
  key: r.key,
  tokens: r.tokens,
  birthDate: r.birth_date,
  nationality: r.nationality,
  document: r.document,
  fingerprint: r.fingerprint,
});

/**
 * Brings these customers' stored subjects in step with `wanted` (each with its customer): those no
 * longer screened go (their hits keep the fingerprint), new ones are added; an unchanged one keeps
 * its row. Answers every subject of the customers, by customer then id.
 */
export async function syncSubjects(q: Queryable, userIds: readonly number[], wanted: ReadonlyArray<SubjectInput & { userId: number }>, at: Date): Promise<SubjectRow[]> {
  if (userIds.length === 0) return [];
  await kysely(q)
    .deleteFrom('screening_subjects as s')
    .where('s.user_id', 'in', [...userIds])
    .where(({ not, exists }) =>
      not(
        exists(
          sql`(select 1 from unnest(${sql.val(wanted.map((w) => w.userId))}::bigint[], ${sql.val(wanted.map((w) => w.fingerprint))}::text[]) as w(u, f) where w.u = s.user_id and w.f = s.fingerprint)`,
        ),
      ),
    )
    .execute();
  if (wanted.length > 0) {
    await kysely(q)
      .insertInto('screening_subjects')
      .values(
        wanted.map((s) => ({
          user_id: s.userId,
          person_id: s.personId,
          name: s.name,
          key: s.key,
          tokens: s.tokens,
          birth_date: s.birthDate,
          nationality: s.nationality,
          document: s.document,
          fingerprint: s.fingerprint,
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).doNothing())
      .execute();
  }
  const rows = await kysely(q).selectFrom('screening_subjects').select(subjectColumns).where('user_id', 'in', [...userIds]).orderBy('user_id').orderBy('id').execute();
  return rows.map(toSubject);
}

/** The fingerprints of the names screened for this customer now (none: never screened). */
export async function subjectFingerprints(q: Queryable, userId: number): Promise<string[]> {
  const rows = await kysely(q).selectFrom('screening_subjects').select('fingerprint').where('user_id', '=', userId).execute();
  return rows.map((r) => r.fingerprint);
}

/** The active version of every list: what screens now. */
export async function activeVersionIds(q: Queryable): Promise<number[]> {
  const rows = await kysely(q).selectFrom('screening_list_versions').select('id').where('status', '=', 'active').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * The search settings for the rest of the transaction: the trigram similarity the `%` operator
 * asks of the index keys (lower finds more candidates for TypeScript to score, higher fewer), and
 * no JIT compilation: the planner prices a page of searched names over its JIT threshold, and
 * compiling the statement (about 17 ms) costs more than running it.
 */
export async function setSearchSettings(q: Queryable, threshold: number): Promise<void> {
  await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true), set_config('jit', 'off', true)`.execute(kysely(q));
}

/** The index keys a candidate search uses: `rare` (tokens few names hold) find token candidates, `tokens` (all) rank them. */
export interface CandidateKeys {
  key: string;
  tokens: readonly string[];
  rare: readonly string[];
}

const listedNameColumns = ['n.id as name_id', 'n.entry_id', 'e.version_id', 'v.list_id', 'l.kind as list_kind', 'l.code as list_code', 'e.reference', 'e.content_hash', 'n.name', 'n.quality', 'n.key', 'n.tokens', 'e.birth_dates', 'e.nationalities', 'e.documents'] as const;

const activeNames = (q: Queryable) =>
  kysely(q)
    .selectFrom('screening_entry_names as n')
    .innerJoin('screening_entries as e', 'e.id', 'n.entry_id')
    .innerJoin('screening_list_versions as v', 'v.id', 'e.version_id')
    .innerJoin('screening_lists as l', 'l.id', 'v.list_id')
    .select(listedNameColumns)
    .where('v.status', '=', 'active');

/** A name searched for, by its id (a subject's, or a listed name's), with the keys that find its candidates. */
export interface CandidateQuery extends CandidateKeys {
  id: number;
}

/** The searched names as a relation the search joins laterally: one parameter however many. */
const searched = (queries: readonly CandidateQuery[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(queries.map((k) => ({ id: k.id, key: k.key, tokens: k.tokens, rare: k.rare })))}::jsonb) as s(id bigint, key text, tokens text[], rare text[])`;

/** A row's index tokens shared with the searched name's. Tokens are distinct (nameIndexKeys): the count is the intersection's size, at half its cost. */
const sharedTokens = sql<number>`(select count(*)::int from unnest(r.tokens) as t(v) where t.v = any(s.tokens))`;

/**
 * The rows of `relation` (aliased r, with key and tokens) near each searched name's keys, at most
 * `limit` each: half the closest by trigram distance among the keys over the transaction's
 * threshold (setSearchSettings), half with the most shared index tokens among those holding a
 * rare one (a script or dialect variant, Mohd for Muhammad). Each search sorts only its own few
 * rows, so a common token (a surname class, a one-letter phonetic key) held by thousands of names
 * drives neither. One statement for any number of searched names (a customer's, a page of the
 * nightly re-screen, a page of a list's delta), each searched through the GIN indexes in turn; pairs of (searched id, row id).
 */
async function nearest(q: Queryable, relation: RawBuilder<unknown>, queries: readonly CandidateQuery[], minOverlap: number, limit: number): Promise<Array<{ searched: number; found: number }>> {
  if (queries.length === 0) return [];
  const half = Math.ceil(limit / 2);
  // the overlap is computed once per row found, in the inner query: OFFSET 0 keeps PostgreSQL
  // from folding it into the outer one, which would compute it again for the filter and the sort
  const { rows } = await sql<{ searched: string | number; found: string | number }>`
    select s.id as searched, c.id as found from ${searched(queries)}
    cross join lateral (
      (select r.id from ${relation} where s.key <> '' and r.key % s.key order by r.key <-> s.key, r.id limit ${half})
      union
      (select t.id from (select r.id, ${sharedTokens} as shared from ${relation} where r.tokens && s.rare offset 0) t
        where t.shared >= ${minOverlap} order by t.shared desc, t.id limit ${half})
    ) c`.execute(kysely(q));
  return rows.map((r) => ({ searched: Number(r.searched), found: Number(r.found) }));
}

/** Pairs grouped by searched id, each found row looked up in `rows` (by its id): every searched id is there, with none found or more. */
function grouped<T>(queries: readonly CandidateQuery[], pairs: ReadonlyArray<{ searched: number; found: number }>, rows: ReadonlyMap<number, T>): Map<number, T[]> {
  const out = new Map<number, T[]>(queries.map((k) => [k.id, []]));
  for (const p of pairs) {
    const row = rows.get(p.found);
    if (row) out.get(p.searched)!.push(row);
  }
  return out;
}

/** `column = any($1)`: one array parameter however many ids (a delta's page can find more customers than a statement takes parameters). */
const anyOf = (column: string, ids: readonly number[]) => sql<boolean>`${sql.ref(column)} = any(${sql.val([...ids])}::bigint[])`;

/** The names of the active versions, with their search indexes (migration 047): the history of every list is not read. */
const activeNameRelation = sql`(select name_id as id, key, tokens from screening_active_names) r`;

/** The names of entries in active versions near each searched subject (nearest), with what the matcher needs, by subject id. */
export async function entryCandidates(q: Queryable, queries: readonly CandidateQuery[], minOverlap: number, limit: number): Promise<Map<number, ListedNameRow[]>> {
  const pairs = await nearest(q, activeNameRelation, queries, minOverlap, limit);
  const ids = [...new Set(pairs.map((p) => p.found))];
  const rows = ids.length === 0 ? [] : await activeNames(q).where(anyOf('n.id', ids)).execute();
  return grouped(queries, pairs, new Map(rows.map((r) => [r.name_id, r as ListedNameRow])));
}

/** The subjects of every customer near each searched listed name (the delta: a list's new names against the customers), as entryCandidates, by name id. */
export async function subjectCandidates(q: Queryable, queries: readonly CandidateQuery[], minOverlap: number, limit: number): Promise<Map<number, SubjectRow[]>> {
  const pairs = await nearest(q, sql`screening_subjects r`, queries, minOverlap, limit);
  const ids = [...new Set(pairs.map((p) => p.found))];
  const rows = ids.length === 0 ? [] : await kysely(q).selectFrom('screening_subjects').select(subjectColumns).where(anyOf('id', ids)).execute();
  return grouped(queries, pairs, new Map(rows.map((r) => [r.id, toSubject(r)])));
}

/**
 * A page of the entries of `versionId` that are new or changed against `previousVersionId` (no
 * entry there with the same reference and content), with their names, after entry `afterId`.
 */
export async function changedEntryNames(q: Queryable, versionId: number, previousVersionId: number | null, afterId: number, entries: number): Promise<ListedNameRow[]> {
  const page = kysely(q)
    .selectFrom('screening_entries as e')
    .select('e.id')
    .where('e.version_id', '=', versionId)
    .where('e.id', '>', afterId)
    .where((eb) =>
      previousVersionId === null
        ? eb.val(true)
        : eb.not(
            eb.exists(
              eb
                .selectFrom('screening_entries as p')
                .select('p.id')
                .where('p.version_id', '=', previousVersionId)
                .whereRef('p.reference', '=', 'e.reference')
                .whereRef('p.content_hash', '=', 'e.content_hash'),
            ),
          ),
    )
    .orderBy('e.id')
    .limit(entries);
  return kysely(q)
    .selectFrom('screening_entry_names as n')
    .innerJoin('screening_entries as e', 'e.id', 'n.entry_id')
    .innerJoin('screening_list_versions as v', 'v.id', 'e.version_id')
    .innerJoin('screening_lists as l', 'l.id', 'v.list_id')
    .select(listedNameColumns)
    .where('n.entry_id', 'in', page)
    .orderBy('n.entry_id')
    .orderBy('n.id')
    .execute() as Promise<ListedNameRow[]>;
}

/** Customers (not deleted) after `afterId`, a page at a time: the nightly re-screen walks them all. */
export async function customerIdsAfter(q: Queryable, afterId: number, limit: number): Promise<number[]> {
  const rows = await kysely(q).selectFrom('users').select('id').where('deleted_at', 'is', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

export interface ScreeningRunRow {
  trigger: 'customer' | 'officer' | 'delta' | 'nightly';
  userId: number | null;
  versionIds: readonly number[];
  subjects: number;
  hits: number;
  startedAt: Date;
  finishedAt: Date;
}

export async function insertRuns(q: Queryable, runs: readonly ScreeningRunRow[]): Promise<void> {
  if (runs.length === 0) return;
  await kysely(q)
    .insertInto('screening_runs')
    .values(runs.map((run) => ({ trigger: run.trigger, user_id: run.userId, version_ids: [...run.versionIds], subjects: run.subjects, hits: run.hits, started_at: run.startedAt, finished_at: run.finishedAt })))
    .execute();
}

/** Advisory lock class of the nightly re-screen's claim: one process claims a night (pg_advisory_xact_lock(class, 0)). */
const NIGHTLY_LOCK_CLASS = 7_262_000;

export async function lockNightlyClaim(q: Queryable): Promise<void> {
  // an advisory lock is a function call the builder has no verb for
  await sql`SELECT pg_advisory_xact_lock(CAST(${NIGHTLY_LOCK_CLASS} AS int), 0)`.execute(kysely(q));
}

/** The night's run row, written when the run starts (its claim), finished when it ends. */
export async function insertNightlyClaim(q: Queryable, versionIds: readonly number[], at: Date): Promise<number> {
  const row = await kysely(q)
    .insertInto('screening_runs')
    .values({ trigger: 'nightly', user_id: null, version_ids: [...versionIds], subjects: 0, hits: 0, started_at: at, finished_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(q: Queryable, id: number, done: { subjects: number; hits: number; finishedAt: Date }): Promise<void> {
  await kysely(q).updateTable('screening_runs').set({ subjects: done.subjects, hits: done.hits, finished_at: done.finishedAt }).where('id', '=', id).execute();
}

/** When the nightly re-screen last started (the job runs once a business day). */
export async function lastNightlyRun(q: Queryable): Promise<Date | null> {
  const row = await kysely(q).selectFrom('screening_runs').select('started_at').where('trigger', '=', 'nightly').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.started_at ?? null;
}

