/**
 * An audit row's before and after as a change list (field, before, after), the way a reviewer reads
 * it: nested records by dotted path ("address.city"), lists and plain values whole, only what
 * differs for an edit, every field for a creation (before absent) or a removal (after absent).
 */
export interface AuditChange {
  /** Dotted path of the field ("name", "address.city"); '' for a value that is not a record. */
  field: string;
  /** The value before (undefined: the field did not exist). */
  before: unknown;
  /** The value after (undefined: the field no longer exists). */
  after: unknown;
}

/** Records nested deeper than this are shown whole at this depth (the detail is bounded; so is the walk). */
const MAX_DEPTH = 4;
/** At most this many changes are listed; `more` says how many were left out. */
export const MAX_AUDIT_CHANGES = 200;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const same = (a: unknown, b: unknown): boolean => a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

function walk(path: string, before: unknown, after: unknown, depth: number, out: AuditChange[]): void {
  if ((isRecord(before) || before === undefined) && (isRecord(after) || after === undefined) && depth < MAX_DEPTH && (isRecord(before) || isRecord(after))) {
    const keys = new Set([...Object.keys(isRecord(before) ? before : {}), ...Object.keys(isRecord(after) ? after : {})]);
    for (const key of keys) {
      walk(path ? `${path}.${key}` : key, isRecord(before) ? before[key] : undefined, isRecord(after) ? after[key] : undefined, depth + 1, out);
    }
    return;
  }
  if (!same(before, after)) out.push({ field: path, before, after });
}

/** The changes between a row's before and after (null counts as absent, as a creation records before: null). */
export function auditChanges(before: unknown, after: unknown): { changes: AuditChange[]; more: number } {
  const out: AuditChange[] = [];
  walk('', before ?? undefined, after ?? undefined, 0, out);
  return { changes: out.slice(0, MAX_AUDIT_CHANGES), more: Math.max(0, out.length - MAX_AUDIT_CHANGES) };
}
