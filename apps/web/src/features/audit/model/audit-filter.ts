import { AUDIT_MAX_RANGE_DAYS } from '@aurum/domain/audit/audit-schemas';
import { isAuditAction } from '@aurum/domain/audit/classifications';
import { AUDIT_OBJECT_KINDS, type AuditObjectKind } from '@aurum/domain/audit/audit-objects';

/**
 * The Audit Trail filter as the URL keeps it (username, from, to, actionClassification, limit,
 * after | before) and what the list and the export send for it. Pure, unit-tested.
 */
export interface AuditFilterValues {
  username: string;
  from: string;
  to: string;
  actionClassification: string;
  /** The object's kind ('request') and number ('17'): a number counts only with a kind. */
  objectKind: string;
  objectId: string;
}

export const AUDIT_FILTER_NAMES = ['username', 'from', 'to', 'actionClassification', 'objectKind', 'objectId'] as const;
/** The longest range the server takes (days, both ends included). */
export const AUDIT_RANGE_MAX_DAYS = AUDIT_MAX_RANGE_DAYS;

type QueryLike = Pick<URLSearchParams, 'get'>;

export function filterFromQuery(query: QueryLike): AuditFilterValues {
  return {
    username: query.get('username')?.trim() ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    actionClassification: query.get('actionClassification') ?? '',
    objectKind: query.get('objectKind') ?? '',
    objectId: query.get('objectId')?.trim() ?? '',
  };
}

const isObjectKind = (value: string): value is AuditObjectKind => (AUDIT_OBJECT_KINDS as readonly string[]).includes(value);
/** An object number as the server takes it (a whole number from 1), else null. */
export const objectNumber = (text: string): number | null => (/^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null);

/** What is wrong with the object part of the filter (shown under the number), or null. */
export function objectProblem(values: Pick<AuditFilterValues, 'objectKind' | 'objectId'>): 'objectIdInvalid' | 'objectIdNeedsKind' | null {
  if (values.objectId === '') return null;
  if (objectNumber(values.objectId) === null) return 'objectIdInvalid';
  return isObjectKind(values.objectKind) ? null : 'objectIdNeedsKind';
}

/** The object part the server is sent: a known kind, and its number when valid. */
function objectOf(f: AuditFilterValues): { objectKind: AuditObjectKind | null; objectId: number | null } {
  if (!isObjectKind(f.objectKind)) return { objectKind: null, objectId: null };
  return { objectKind: f.objectKind, objectId: objectNumber(f.objectId) };
}

/** The body of POST audit_trail/list: empty values as null, the range only with both ends, an unknown classification left out. */
export function listBody(query: QueryLike, limit: number) {
  const f = filterFromQuery(query);
  const after = query.get('after');
  const before = query.get('before');
  return {
    username: f.username || null,
    timeRange: f.from && f.to ? [f.from, f.to] : null,
    actionClassification: isAuditAction(f.actionClassification) ? f.actionClassification : null,
    ...objectOf(f),
    limit,
    ...(before ? { before } : after ? { after } : {}),
  };
}

/** The query string of GET audit_trail/export for the same filter (cursors and limit left out). */
export function exportSearch(query: QueryLike): string {
  const f = filterFromQuery(query);
  const out = new URLSearchParams();
  if (f.username) out.set('username', f.username);
  if (f.from && f.to) {
    out.set('from', f.from);
    out.set('to', f.to);
  }
  if (isAuditAction(f.actionClassification)) out.set('actionClassification', f.actionClassification);
  const object = objectOf(f);
  if (object.objectKind) out.set('objectKind', object.objectKind);
  if (object.objectId !== null) out.set('objectId', String(object.objectId));
  return out.toString();
}
