import { AUDIT_MAX_RANGE_DAYS } from '@aurum/domain/audit/audit-schemas';
import { isAuditAction } from '@aurum/domain/audit/classifications';

/**
 * The Audit Trail filter as the URL keeps it (username, from, to, actionClassification, limit,
 * after | before) and what the list and the export send for it. Pure, unit-tested.
 */
export interface AuditFilterValues {
  username: string;
  from: string;
  to: string;
  actionClassification: string;
}

export const AUDIT_FILTER_NAMES = ['username', 'from', 'to', 'actionClassification'] as const;
/** The longest range the server takes (days, both ends included). */
export const AUDIT_RANGE_MAX_DAYS = AUDIT_MAX_RANGE_DAYS;

type QueryLike = Pick<URLSearchParams, 'get'>;

export function filterFromQuery(query: QueryLike): AuditFilterValues {
  return {
    username: query.get('username')?.trim() ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
    actionClassification: query.get('actionClassification') ?? '',
  };
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
  return out.toString();
}
