import { sql } from 'kysely';
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

/** The people of the customer's due diligence file, as written there. */
export async function filePeople(q: Queryable, userId: number) {
  return kysely(q)
    .selectFrom('due_diligence_people')
    .select(['id', 'full_name', sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'), 'nationality', 'document_number'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The customer's own names (a person's, a company's), for a customer without people on file. */
export async function userNames(q: Queryable, userId: number) {
  return kysely(q).selectFrom('users').select(['first_name', 'last_name', 'company_name']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
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
 * Brings the customer's stored subjects in step with `wanted`: those no longer screened go (their
 * hits keep the fingerprint), new ones are added; an unchanged one keeps its row.
 */
export async function syncSubjects(q: Queryable, userId: number, wanted: readonly SubjectInput[], at: Date): Promise<SubjectRow[]> {
  const prints = wanted.map((s) => s.fingerprint);
  const gone = kysely(q).deleteFrom('screening_subjects').where('user_id', '=', userId);
  await (prints.length > 0 ? gone.where('fingerprint', 'not in', prints) : gone).execute();
  if (wanted.length > 0) {
    await kysely(q)
      .insertInto('screening_subjects')
      .values(
        wanted.map((s) => ({
          user_id: userId,
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
  const rows = await kysely(q).selectFrom('screening_subjects').select(subjectColumns).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toSubject);
}

/** The active version of every list: what screens now. */
export async function activeVersionIds(q: Queryable): Promise<number[]> {
  const rows = await kysely(q).selectFrom('screening_list_versions').select('id').where('status', '=', 'active').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/**
 * The trigram similarity the `%` operator asks of the index keys, for the rest of the
 * transaction: lower finds more candidates for TypeScript to score, higher fewer.
 */
export async function setTrigramThreshold(q: Queryable, threshold: number): Promise<void> {
  await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`.execute(kysely(q));
}

/** Overlapping index tokens a candidate needs: one shared token brings a spelling class and a phonetic key, two elements. */
const overlap = (column: string, tokens: readonly string[]) =>
  sql<number>`cardinality(array(select unnest(${sql.ref(column)}) intersect select unnest(${sql.val([...tokens])}::text[])))`;

const textArray = (values: readonly string[]) => sql<string[]>`${sql.val([...values])}::text[]`;

/** The index keys a candidate search uses: `rare` (tokens few names hold) find token candidates, `tokens` (all) rank them. */
export interface CandidateKeys {
  key: string;
  tokens: readonly string[];
  rare: readonly string[];
}

const listedNameColumns = ['n.entry_id', 'e.version_id', 'v.list_id', 'l.kind as list_kind', 'l.code as list_code', 'e.reference', 'e.content_hash', 'n.name', 'n.quality', 'n.key', 'n.tokens', 'e.birth_dates', 'e.nationalities', 'e.documents'] as const;

const activeNames = (q: Queryable) =>
  kysely(q)
    .selectFrom('screening_entry_names as n')
    .innerJoin('screening_entries as e', 'e.id', 'n.entry_id')
    .innerJoin('screening_list_versions as v', 'v.id', 'e.version_id')
    .innerJoin('screening_lists as l', 'l.id', 'v.list_id')
    .select([...listedNameColumns, 'n.id as name_id'])
    .where('v.status', '=', 'active');

/** Rows of two searches, each already the closest first, without repeats. */
function merged<T>(a: readonly T[], b: readonly T[], id: (row: T) => number): T[] {
  const seen = new Set<number>();
  return [...a, ...b].filter((r) => !seen.has(id(r)) && seen.add(id(r)) !== undefined);
}

/**
 * The names of entries in active versions near a subject's keys, at most `limit`: half the closest
 * by trigram distance of the key that pass the transaction's threshold (setTrigramThreshold), half with
 * the most shared index tokens among those holding a rare one (a script or dialect variant, Mohd
 * for Muhammad). Two searches, each sorting only its own few rows: a common token (a surname
 * class, a one-letter phonetic key) held by thousands of names never drives either.
 */
export async function entryCandidates(q: Queryable, keys: CandidateKeys, minOverlap: number, limit: number): Promise<ListedNameRow[]> {
  // the nearest first, then the threshold: a filter inside the walk would read the whole index when fewer than `limit` pass
  const byKey =
    keys.key === ''
      ? []
      : await kysely(q)
          .selectFrom(activeNames(q).orderBy(sql`${sql.ref('n.key')} <-> ${keys.key}`).limit(Math.ceil(limit / 2)).as('k'))
          .selectAll()
          .where(sql<boolean>`${sql.ref('k.key')} % ${keys.key}`)
          .execute();
  const shared = overlap('n.tokens', keys.tokens);
  const byTokens =
    keys.rare.length === 0
      ? []
      : await activeNames(q)
          .where('n.tokens', '&&', textArray(keys.rare))
          .where(shared, '>=', minOverlap)
          .orderBy(shared, 'desc')
          .orderBy('n.id')
          .limit(Math.ceil(limit / 2))
          .execute();
  return merged(byKey, byTokens, (r) => r.name_id) as ListedNameRow[];
}

/** The subjects of every customer near a listed name's keys (the delta: a list's new names against the customers), as entryCandidates. */
export async function subjectCandidates(q: Queryable, keys: CandidateKeys, minOverlap: number, limit: number): Promise<SubjectRow[]> {
  const subjects = () => kysely(q).selectFrom('screening_subjects as s').select(subjectColumns.map((c) => `s.${c}` as const));
  const byKey =
    keys.key === ''
      ? []
      : await kysely(q)
          .selectFrom(subjects().orderBy(sql`${sql.ref('s.key')} <-> ${keys.key}`).limit(Math.ceil(limit / 2)).as('k'))
          .selectAll()
          .where(sql<boolean>`${sql.ref('k.key')} % ${keys.key}`)
          .execute();
  const shared = overlap('s.tokens', keys.tokens);
  const byTokens =
    keys.rare.length === 0
      ? []
      : await subjects()
          .where('s.tokens', '&&', textArray(keys.rare))
          .where(shared, '>=', minOverlap)
          .orderBy(shared, 'desc')
          .orderBy('s.id')
          .limit(Math.ceil(limit / 2))
          .execute();
  return merged(byKey, byTokens, (r) => r.id).map(toSubject);
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

export async function insertRun(
  q: Queryable,
  run: { trigger: 'customer' | 'officer' | 'delta' | 'nightly'; userId: number | null; versionIds: readonly number[]; subjects: number; hits: number; startedAt: Date; finishedAt: Date },
): Promise<void> {
  await kysely(q)
    .insertInto('screening_runs')
    .values({ trigger: run.trigger, user_id: run.userId, version_ids: [...run.versionIds], subjects: run.subjects, hits: run.hits, started_at: run.startedAt, finished_at: run.finishedAt })
    .execute();
}

/** When the nightly re-screen last ran (the job runs once a business day). */
export async function lastNightlyRun(q: Queryable): Promise<Date | null> {
  const row = await kysely(q).selectFrom('screening_runs').select('started_at').where('trigger', '=', 'nightly').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.started_at ?? null;
}

