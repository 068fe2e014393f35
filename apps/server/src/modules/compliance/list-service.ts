import { createHash } from 'node:crypto';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { nameIndexKeys } from '@aurum/domain/compliance/name-index-key';
import type { ParsedListEntry } from '@aurum/domain/compliance/list-entry';
import { diffCounts, isLargeDrop } from '@aurum/domain/compliance/list-rules';
import type {
  ActivateAnswer,
  ActivateVersionBody,
  ActiveAtAnswer,
  CreateListBody,
  DiffAnswer,
  DiffQuery,
  ListFormat,
  ListsAnswer,
  ListVersionView,
  UploadAnswer,
  VersionsAnswer,
} from '@aurum/domain/compliance/list-schemas';
import { appError, invalidFormat, notFound } from '../../http/app-error.ts';
import { followingChange, type Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { uniquely } from '../../db/unique-violation.ts';
import { parseListCsv } from './list-parse-csv.ts';
import { parseMinistryPdf } from './list-parse-ministry-pdf.ts';
import { parseUnXml } from './list-parse-un-xml.ts';
import { screenUnscreened, UNSCREENED_IN_ACTIVATION_MAX } from './screening-backlog-service.ts';
import { screenDelta } from './screening-service.ts';
import {
  activate,
  allLists,
  currentVersions,
  diffEntries,
  findVersion,
  fingerprints,
  insertEntries,
  insertList,
  insertVersion,
  listVersions,
  lockList,
  nameKeys,
  reject,
  supersede,
  toVersionView,
  versionActiveAt,
  versionOfStatus,
  type StoredEntry,
  type VersionRow,
} from './list-repository.ts';

/** An uploaded list file as the multipart reader hands it over (cut at the route's size limit when larger). */
export interface ListUpload {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

const PARSERS: Record<ListFormat, (bytes: Uint8Array, truncated: boolean) => ParsedListEntry[] | Promise<ParsedListEntry[]>> = {
  unXml: parseUnXml,
  ministryPdf: parseMinistryPdf,
  csv: parseListCsv,
};

const conflict = (reason: string) => appError(ErrorCode.ScreeningListVersionConflict, reason);

/** What identifies an entry's content: every field, in a fixed order, so that a reordered file hashes the same. */
function contentHash(e: ParsedListEntry): string {
  const canonical = JSON.stringify([
    e.type,
    e.primaryName,
    e.names.map((n) => [n.name, n.quality]),
    e.birthDates,
    e.nationalities,
    e.documents.map((d) => [d.type, d.number, d.country]),
    Object.entries(e.details).sort(([a], [b]) => a.localeCompare(b)),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The entry to store; `known` holds names indexed already (the active version's), since nameIndexKeys is the costly part of a load. */
function stored(e: ParsedListEntry, known: Map<string, { key: string; tokens: string[] }>): StoredEntry {
  return {
    reference: e.reference,
    type: e.type,
    primaryName: e.primaryName,
    birthDates: e.birthDates,
    nationalities: e.nationalities,
    documents: e.documents,
    details: e.details,
    contentHash: contentHash(e),
    names: e.names.map((n) => {
      let keys = known.get(n.name);
      if (!keys) {
        keys = nameIndexKeys(n.name);
        known.set(n.name, keys);
      }
      return { ...n, ...keys };
    }),
  };
}

/** What the audit trail keeps of a version: which file, its hash and counts, who decided. */
const audited = (v: ListVersionView) => ({ id: v.id, listId: v.listId, status: v.status, sha256: v.sha256, fileName: v.fileName, entryCount: v.entryCount, diff: v.diff, largeDrop: v.largeDrop });

async function viewOf(q: Queryable, id: number): Promise<ListVersionView> {
  const row = await findVersion(q, id);
  if (!row) throw notFound('list version');
  return toVersionView(row);
}

export async function lists(q: Queryable): Promise<ListsAnswer> {
  const current = await currentVersions(q);
  const of = (listId: number, status: string) => {
    const row = current.find((v) => v.list_id === listId && v.status === status);
    return row ? toVersionView(row) : null;
  };
  return { items: (await allLists(q)).map((l) => ({ ...l, active: of(l.id, 'active'), proposed: of(l.id, 'proposed') })) };
}

export async function createList(c: Change, body: CreateListBody): Promise<ListsAnswer['items'][number]> {
  const id = await uniquely(
    c.q,
    () => insertList(c.q, { ...body, at: c.now }),
    (index) => (index.includes('code') ? appError(ErrorCode.InvalidFormat, 'code', { status: 409 }) : null),
  );
  const view = { id, ...body, active: null, proposed: null };
  c.audit.after({ id, code: body.code, kind: body.kind, format: body.format, name: body.name });
  return view;
}

/**
 * An officer uploads a version of a list: read by the list's format (refused whole on any
 * problem), hashed, compared with the version in force, stored as proposed for a second officer.
 * The same file as the active version stores nothing.
 */
export async function uploadVersion(c: Change, listId: number, file: ListUpload): Promise<UploadAnswer> {
  const list = await lockList(c.q, listId);
  if (!list) throw notFound('list');
  if (!file.filename || file.filename.length > 255) throw invalidFormat('file');
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const active = await versionOfStatus(c.q, listId, 'active');
  if (active && active.sha256 === sha256 && !file.truncated) {
    c.audit.after({ listId, sha256, unchanged: true, activeVersionId: active.id });
    return { unchanged: true, version: toVersionView(active) };
  }
  const proposed = await versionOfStatus(c.q, listId, 'proposed');
  if (proposed) throw conflict(`Version ${proposed.id} of this list awaits a decision: approve or reject it first.`);
  const parsed = await PARSERS[list.format](file.bytes, file.truncated);
  const known = active ? await nameKeys(c.q, active.id) : new Map<string, { key: string; tokens: string[] }>();
  const entries = parsed.map((e) => stored(e, known));
  const before = active ? await fingerprints(c.q, active.id) : [];
  const counts = diffCounts(before, entries);
  const id = await insertVersion(c.q, {
    listId,
    sha256,
    fileName: file.filename,
    byteSize: file.bytes.length,
    entryCount: entries.length,
    diff: { ...counts, baseVersionId: active?.id ?? null },
    largeDrop: isLargeDrop(before.length, counts.removed),
    by: c.by,
    at: c.now,
  });
  await insertEntries(c.q, id, entries);
  const view = await viewOf(c.q, id);
  c.audit.after(audited(view));
  return { unchanged: false, version: view };
}

/** The proposed version, its list locked; refused when it is not proposed any more. */
async function proposedVersion(c: Change, versionId: number): Promise<VersionRow> {
  const row = await findVersion(c.q, versionId);
  if (!row) throw notFound('list version');
  await lockList(c.q, row.list_id);
  const locked = (await findVersion(c.q, versionId))!;
  if (locked.status !== 'proposed') throw conflict(`This version is ${locked.status}, not awaiting a decision.`);
  return locked;
}

/**
 * Screening after an activation, in its transaction: every screened customer against what this
 * version added or changed since the previous one, and customers never screened in full (up to a
 * bound; the screening backlog job takes the rest within a minute each). A customer at or above
 * the hold score is held before the activation answers.
 */
export async function afterActivation(c: Change, versionId: number, previousVersionId: number | null): Promise<void> {
  await screenDelta(followingChange(c, 'screening'), versionId, previousVersionId);
  c.audit.note('screenedInFull', await screenUnscreened(c, UNSCREENED_IN_ACTIVATION_MAX));
}

/**
 * A second officer activates the proposed version: the previous one is superseded (kept, with when
 * it stopped screening). A version dropping over a fifth of the active entries needs
 * confirmLargeDrop.
 */
export async function activateVersion(c: Change, versionId: number, body: ActivateVersionBody): Promise<ActivateAnswer> {
  const row = await proposedVersion(c, versionId);
  if (row.uploaded_by === c.by) throw appError(ErrorCode.ComplianceFourEyes, 'The officer who uploaded a version may not activate it.');
  const diff = toVersionView(row).diff;
  if (row.large_drop && !body.confirmLargeDrop) {
    throw appError(ErrorCode.ScreeningListLargeDrop, `This version removes ${diff.removed} entries: confirm the large drop to activate it.`, {
      detail: { rule: 'largeDrop', removed: diff.removed },
    });
  }
  const previous = await versionOfStatus(c.q, row.list_id, 'active');
  const before = previous ? toVersionView(previous) : null;
  if (previous) await supersede(c.q, previous.id, c.now);
  await activate(c.q, versionId, c.by, c.now);
  const after = await viewOf(c.q, versionId);
  c.audit.before({ active: before ? audited(before) : null, proposed: audited(toVersionView(row)) });
  c.audit.after({ active: audited(after), confirmLargeDrop: body.confirmLargeDrop });
  await afterActivation(c, versionId, previous?.id ?? null);
  return { versionId, previousVersionId: previous?.id ?? null };
}

/** A second officer rejects the proposed version: kept, never screened with. */
export async function rejectVersion(c: Change, versionId: number): Promise<ListVersionView> {
  const row = await proposedVersion(c, versionId);
  if (row.uploaded_by === c.by) throw appError(ErrorCode.ComplianceFourEyes, 'The officer who uploaded a version may not decide on it.');
  await reject(c.q, versionId, c.by, c.now);
  const after = await viewOf(c.q, versionId);
  c.audit.before(audited(toVersionView(row)));
  c.audit.after(audited(after));
  return after;
}

export async function versions(q: Queryable, listId: number, limit: number): Promise<VersionsAnswer> {
  return { items: (await listVersions(q, listId, limit)).map(toVersionView) };
}

/** One kind of change of a version against the version in force at its upload, paged. */
export async function versionDiff(q: Queryable, versionId: number, query: DiffQuery): Promise<DiffAnswer> {
  const version = await viewOf(q, versionId);
  const page = await diffEntries(q, versionId, version.baseVersionId, query.change, query.offset, query.limit);
  return { change: query.change, ...page };
}

/** Which version of the list was in force at `at` (what a customer screened then was screened against). */
export async function activeAt(q: Queryable, listId: number, at: Date): Promise<ActiveAtAnswer> {
  const row = await versionActiveAt(q, listId, at);
  return { version: row ? toVersionView(row) : null };
}
