import { sql } from 'kysely';
import type { ListEntryDocument, ListEntryName, ListEntryType, NameQuality } from '@aurum/domain/compliance/list-entry';
import type { EntryFingerprint, ListChange, ListDiffCounts } from '@aurum/domain/compliance/list-rules';
import type { ListEntryView, ListFormat, ListKind, ListVersionStatus, ListVersionView } from '@aurum/domain/compliance/list-schemas';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** An entry ready to store: its content hash, and each name with its index keys (nameIndexKeys). */
export interface StoredEntry {
  reference: string;
  type: ListEntryType;
  primaryName: string;
  birthDates: string[];
  nationalities: string[];
  documents: ListEntryDocument[];
  details: Record<string, string>;
  contentHash: string;
  names: Array<ListEntryName & { key: string; tokens: string[] }>;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, few enough round trips for 10,000 entries. */
const ENTRY_BATCH = 1_000;
const NAME_BATCH = 2_000;

export interface VersionDiff extends ListDiffCounts {
  baseVersionId: number | null;
}

const selectVersion = (q: Queryable) =>
  kysely(q)
    .selectFrom('screening_list_versions as v')
    .innerJoin('admins as up', 'up.id', 'v.uploaded_by')
    .leftJoin('admins as dec', 'dec.id', 'v.decided_by')
    .select([
      'v.id',
      'v.list_id',
      'v.status',
      'v.sha256',
      'v.file_name',
      'v.byte_size',
      'v.entry_count',
      'v.diff',
      'v.large_drop',
      'v.uploaded_by',
      'up.username as uploaded_by_name',
      'v.uploaded_at',
      'dec.username as decided_by_name',
      'v.decided_at',
      'v.active_from',
      'v.active_until',
    ]);

export type VersionRow = Awaited<ReturnType<ReturnType<typeof selectVersion>['executeTakeFirstOrThrow']>>;

export function toVersionView(r: VersionRow): ListVersionView {
  // written by this module only
  const diff = r.diff as unknown as VersionDiff;
  return {
    id: r.id,
    listId: r.list_id,
    status: r.status as ListVersionStatus,
    sha256: r.sha256,
    fileName: r.file_name,
    byteSize: r.byte_size,
    entryCount: r.entry_count,
    diff: { added: diff.added, removed: diff.removed, changed: diff.changed },
    baseVersionId: diff.baseVersionId,
    largeDrop: r.large_drop,
    uploadedBy: r.uploaded_by_name,
    uploadedAt: r.uploaded_at.toISOString(),
    decidedBy: r.decided_by_name,
    decidedAt: r.decided_at?.toISOString() ?? null,
    activeFrom: r.active_from?.toISOString() ?? null,
    activeUntil: r.active_until?.toISOString() ?? null,
  };
}

export interface ListRow {
  id: number;
  code: string;
  kind: ListKind;
  format: ListFormat;
  name: string;
}

export async function insertList(q: Queryable, l: Omit<ListRow, 'id'> & { at: Date }): Promise<number> {
  const row = await kysely(q).insertInto('screening_lists').values({ code: l.code, kind: l.kind, format: l.format, name: l.name, created_at: l.at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function allLists(q: Queryable): Promise<ListRow[]> {
  return (await kysely(q).selectFrom('screening_lists').select(['id', 'code', 'kind', 'format', 'name']).orderBy('id').execute()) as ListRow[];
}

/** The list's row, locked FOR UPDATE: uploads and decisions on one list follow one another. */
export async function lockList(q: Queryable, id: number): Promise<ListRow | undefined> {
  return (await kysely(q).selectFrom('screening_lists').select(['id', 'code', 'kind', 'format', 'name']).where('id', '=', id).forUpdate().executeTakeFirst()) as ListRow | undefined;
}

export async function findVersion(q: Queryable, id: number): Promise<VersionRow | undefined> {
  return selectVersion(q).where('v.id', '=', id).executeTakeFirst();
}

/** The active and proposed versions of every list (at most one of each per list). */
export async function currentVersions(q: Queryable): Promise<VersionRow[]> {
  return selectVersion(q).where('v.status', 'in', ['active', 'proposed']).execute();
}

export async function versionOfStatus(q: Queryable, listId: number, status: 'active' | 'proposed'): Promise<VersionRow | undefined> {
  return selectVersion(q).where('v.list_id', '=', listId).where('v.status', '=', status).executeTakeFirst();
}

export async function listVersions(q: Queryable, listId: number, limit: number): Promise<VersionRow[]> {
  return selectVersion(q).where('v.list_id', '=', listId).orderBy('v.id', 'desc').limit(limit).execute();
}

/** The version that was active at `at`: activated at or before it, not superseded until after it. */
export async function versionActiveAt(q: Queryable, listId: number, at: Date): Promise<VersionRow | undefined> {
  return selectVersion(q)
    .where('v.list_id', '=', listId)
    .where('v.active_from', '<=', at)
    .where((eb) => eb.or([eb('v.active_until', 'is', null), eb('v.active_until', '>', at)]))
    .executeTakeFirst();
}

export async function fingerprints(q: Queryable, versionId: number): Promise<EntryFingerprint[]> {
  const rows = await kysely(q).selectFrom('screening_entries').select(['reference', 'content_hash']).where('version_id', '=', versionId).execute();
  return rows.map((r) => ({ reference: r.reference, contentHash: r.content_hash }));
}

export async function insertVersion(
  q: Queryable,
  v: { listId: number; sha256: string; fileName: string; byteSize: number; entryCount: number; diff: VersionDiff; largeDrop: boolean; by: number; at: Date },
): Promise<number> {
  const row = await kysely(q)
    .insertInto('screening_list_versions')
    .values({
      list_id: v.listId,
      status: 'proposed',
      sha256: v.sha256,
      file_name: v.fileName,
      byte_size: v.byteSize,
      entry_count: v.entryCount,
      diff: JSON.stringify(v.diff),
      large_drop: v.largeDrop,
      uploaded_by: v.by,
      uploaded_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The version's entries and their names, in batches (10,000 entries of 4 names: a few dozen statements). */
export async function insertEntries(q: Queryable, versionId: number, entries: readonly StoredEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += ENTRY_BATCH) {
    const batch = entries.slice(at, at + ENTRY_BATCH);
    const ids = await kysely(q)
      .insertInto('screening_entries')
      .values(
        batch.map((e) => ({
          version_id: versionId,
          reference: e.reference,
          entry_type: e.type,
          primary_name: e.primaryName,
          birth_dates: e.birthDates,
          nationalities: e.nationalities,
          documents: JSON.stringify(e.documents),
          details: JSON.stringify(e.details),
          content_hash: e.contentHash,
        })),
      )
      .returning(['id', 'reference'])
      .execute();
    const idOf = new Map(ids.map((r) => [r.reference, r.id]));
    const names = batch.flatMap((e) => e.names.map((n) => ({ entry_id: idOf.get(e.reference)!, name: n.name, quality: n.quality, key: n.key, tokens: n.tokens })));
    for (let n = 0; n < names.length; n += NAME_BATCH) await kysely(q).insertInto('screening_entry_names').values(names.slice(n, n + NAME_BATCH)).execute();
  }
}

export async function supersede(q: Queryable, versionId: number, at: Date): Promise<void> {
  await kysely(q).updateTable('screening_list_versions').set({ status: 'superseded', active_until: at }).where('id', '=', versionId).execute();
}

export async function activate(q: Queryable, versionId: number, by: number, at: Date): Promise<void> {
  await kysely(q).updateTable('screening_list_versions').set({ status: 'active', decided_by: by, decided_at: at, active_from: at }).where('id', '=', versionId).execute();
}

export async function reject(q: Queryable, versionId: number, by: number, at: Date): Promise<void> {
  await kysely(q).updateTable('screening_list_versions').set({ status: 'rejected', decided_by: by, decided_at: at }).where('id', '=', versionId).execute();
}

/**
 * One page of a kind of change of `versionId` against `baseId` (matched by reference; changed when
 * the content hash differs), with its total. Removed entries are read from the base version.
 */
export async function diffEntries(q: Queryable, versionId: number, baseId: number | null, change: ListChange, offset: number, limit: number): Promise<{ total: number; items: ListEntryView[] }> {
  const db = kysely(q);
  const base = baseId ?? 0;
  const filtered = (() => {
    if (change === 'removed') {
      return db
        .selectFrom('screening_entries as e')
        .where('e.version_id', '=', base)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('screening_entries as o').select('o.id').where('o.version_id', '=', versionId).whereRef('o.reference', '=', 'e.reference'))));
    }
    const mine = db.selectFrom('screening_entries as e').where('e.version_id', '=', versionId);
    if (change === 'added') {
      return mine.where(({ not, exists, selectFrom }) => not(exists(selectFrom('screening_entries as o').select('o.id').where('o.version_id', '=', base).whereRef('o.reference', '=', 'e.reference'))));
    }
    return mine.where(({ exists, selectFrom }) =>
      exists(selectFrom('screening_entries as o').select('o.id').where('o.version_id', '=', base).whereRef('o.reference', '=', 'e.reference').whereRef('o.content_hash', '<>', 'e.content_hash')),
    );
  })();
  const total = Number((await filtered.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await filtered.select(['e.id', 'e.reference', 'e.entry_type', 'e.primary_name', 'e.birth_dates', 'e.nationalities']).orderBy('e.reference').offset(offset).limit(limit).execute();
  const names =
    rows.length === 0
      ? []
      : await db.selectFrom('screening_entry_names').select(['entry_id', 'name', 'quality']).where('entry_id', 'in', rows.map((r) => r.id)).orderBy('id').execute();
  return {
    total,
    items: rows.map((r) => ({
      reference: r.reference,
      type: r.entry_type as ListEntryType,
      primaryName: r.primary_name,
      names: names.filter((n) => n.entry_id === r.id).map((n) => ({ name: n.name, quality: n.quality as NameQuality })),
      birthDates: r.birth_dates,
      nationalities: r.nationalities,
    })),
  };
}

/** The index keys of every name of a version, by name: a new version's unchanged names reuse them. */
export async function nameKeys(q: Queryable, versionId: number): Promise<Map<string, { key: string; tokens: string[] }>> {
  const rows = await kysely(q)
    .selectFrom('screening_entry_names as n')
    .innerJoin('screening_entries as e', 'e.id', 'n.entry_id')
    .select(['n.name', 'n.key', 'n.tokens'])
    .where('e.version_id', '=', versionId)
    .execute();
  return new Map(rows.map((r) => [r.name, { key: r.key, tokens: r.tokens }]));
}
