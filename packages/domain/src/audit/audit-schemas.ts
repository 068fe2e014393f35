import { z } from 'zod';
import { AUDIT_ACTIONS } from './classifications.ts';
import { AUDIT_OBJECT_KINDS, AuditObject } from './audit-objects.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list/paging.ts';
import { isCalendarDate, isCalendarMoment, startOfBusinessDay } from '../system/business-time.ts';
import { DATE_OR_MOMENT_DOC, momentOf } from '../validation/calendar-fields.ts';

/**
 * The audit trail filter (SPEC.md §3: username, timeRange, actionClassification, each nullable)
 * for POST audit_trail/list and GET audit_trail/export, and their answers.
 */

/** The longest time range one filter may span, in days (a year, leap day included). */
export const AUDIT_MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A resolved range: at >= from and at < toExclusive (ISO instants, UTC). */
export interface AuditTimeRange {
  from: string;
  toExclusive: string;
}

/**
 * `[from, to]`: each a date `yyyy-MM-dd` (a whole day in Kuala Lumpur; `to` inclusive) or an ISO
 * date-time with an offset (`to` inclusive to the millisecond), within the product calendar.
 * Reversed, unparsable, outside the calendar, or longer than AUDIT_MAX_RANGE_DAYS: null.
 */
export function resolveTimeRange(from: string, to: string): AuditTimeRange | null {
  const start = instant(from, false);
  const end = instant(to, true);
  if (start === null || end === null) return null;
  if (end <= start || end - start > AUDIT_MAX_RANGE_DAYS * DAY_MS) return null;
  return { from: new Date(start).toISOString(), toExclusive: new Date(end).toISOString() };
}

function instant(text: string, endOf: boolean): number | null {
  if (DATE_ONLY.test(text)) {
    // a bare date is a whole business day (Kuala Lumpur)
    if (!isCalendarDate(text)) return null;
    return startOfBusinessDay(text, endOf ? 1 : 0).getTime();
  }
  const ms = momentOf(text);
  if (ms === null || !isCalendarMoment(ms)) return null;
  return endOf ? ms + 1 : ms;
}

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Username: a case-insensitive part of it (LIKE wildcards in it are literal). */
const usernameFilter = z.preprocess(emptyToNull, z.string().trim().max(100).nullable()).transform((v) => (v ? v : null));
const classificationFilter = z.preprocess(emptyToNull, z.enum(AUDIT_ACTIONS).nullable());
/** The object a row is about: its kind, and optionally its number (a number alone names nothing). */
const objectKindFilter = z.preprocess(emptyToNull, z.enum(AUDIT_OBJECT_KINDS).nullable());
const objectIdFilter = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
);
const OBJECT_ID_NEEDS_KIND = { path: ['objectKind'], message: 'objectKind' };
const objectFilterComplete = (b: { objectKind: string | null; objectId: number | null }) => b.objectId === null || b.objectKind !== null;

const timeRangeFilter = z
  .unknown()
  .transform((v, ctx): AuditTimeRange | null => {
    if (v === null || v === undefined) return null;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') {
      const range = resolveTimeRange(v[0], v[1]);
      if (range) return range;
    }
    ctx.addIssue({ code: 'custom', message: 'timeRange' });
    return z.NEVER;
  })
  // the document says what the transform reads: [from, to] or null
  .meta({ type: ['array', 'null'], items: DATE_OR_MOMENT_DOC, minItems: 2, maxItems: 2 } as Record<string, unknown>);

/** Keyset cursor of the list: `<at as microsecond ISO UTC>_<id>` (the list's order is at desc, id desc). */
export const AUDIT_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,18}$/;
// a cursor names a row's moment: one outside the product calendar names no row
const cursorField = z.preprocess(
  emptyToNull,
  z
    .string()
    .regex(AUDIT_CURSOR)
    .refine((c) => {
      const ms = momentOf(parseAuditCursor(c).at);
      return ms !== null && isCalendarMoment(ms);
    })
    .nullable(),
);

export function parseAuditCursor(cursor: string): { at: string; id: number } {
  const i = cursor.lastIndexOf('_');
  return { at: cursor.slice(0, i), id: Number(cursor.slice(i + 1)) };
}

/**
 * POST audit_trail/list: the filter (SPEC.md §3) plus optional keyset paging: `limit`, `after` (the
 * X-Next-Cursor answer header, for the next, older page) or `before` (X-Previous-Cursor, for the
 * previous, newer one). A body of the filter alone gets the first page.
 */
export const AuditListBody = z
  .object({
    username: usernameFilter.optional().default(null),
    timeRange: timeRangeFilter.optional().default(null),
    actionClassification: classificationFilter.optional().default(null),
    objectKind: objectKindFilter.optional().default(null),
    objectId: objectIdFilter.optional().default(null),
    limit: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z
        .number()
        .int()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
        .default(DEFAULT_PAGE_SIZE),
    ),
    after: cursorField.optional().default(null),
    before: cursorField.optional().default(null),
  })
  .refine((b) => !(b.after && b.before), { path: ['before'], message: 'after and before together' })
  .refine(objectFilterComplete, OBJECT_ID_NEEDS_KIND);
export type AuditListBody = z.infer<typeof AuditListBody>;

/** The filter alone, as resolved (what the list and the export share). */
export interface AuditFilter {
  username: string | null;
  timeRange: AuditTimeRange | null;
  actionClassification: string | null;
  /** Rows about objects of this kind (and this number, when given). */
  objectKind: string | null;
  objectId: number | null;
}

/** GET audit_trail/export: the same filter as query parameters, the range as `from` and `to` (both or neither). */
export const AuditExportQuery = z
  .object({
    username: usernameFilter.optional().default(null),
    from: z.preprocess(emptyToNull, z.string().max(40).meta(DATE_OR_MOMENT_DOC).nullable()).optional().default(null),
    to: z.preprocess(emptyToNull, z.string().max(40).meta(DATE_OR_MOMENT_DOC).nullable()).optional().default(null),
    actionClassification: classificationFilter.optional().default(null),
    objectKind: objectKindFilter.optional().default(null),
    objectId: objectIdFilter.optional().default(null),
  })
  .refine(objectFilterComplete, OBJECT_ID_NEEDS_KIND)
  .transform((q, ctx): AuditFilter => {
    let timeRange: AuditTimeRange | null = null;
    if (q.from !== null || q.to !== null) {
      timeRange = q.from !== null && q.to !== null ? resolveTimeRange(q.from, q.to) : null;
      if (!timeRange) {
        ctx.addIssue({ code: 'custom', path: ['timeRange'], message: 'timeRange' });
        return z.NEVER;
      }
    }
    return { username: q.username, timeRange, actionClassification: q.actionClassification, objectKind: q.objectKind, objectId: q.objectId };
  });

/**
 * One row of the trail (SPEC.md §3 audit log). `detail` holds `before` and `after` where the change
 * has them; `device` is the raw User-Agent and `deviceName` what it names ("Chrome 156 on Linux"),
 * null when it names no known browser.
 */
export const AuditRowView = z.object({
  id: z.number().int(),
  username: z.string(),
  action: z.string(),
  date: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** What the row is about ("request 17"): null for rows that name no numbered object, and rows written before objects were kept. */
  object: AuditObject.nullable(),
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditRowView = z.infer<typeof AuditRowView>;

/** POST audit_trail/list answers a list (SPEC.md §7): one page of rows, newest first. */
export const AuditListAnswer = z.array(AuditRowView);
export type AuditListAnswer = z.infer<typeof AuditListAnswer>;

/**
 * The answer headers that page the list: the cursor to send as `after` for the next, older page,
 * and as `before` for the previous, newer one; each present only when that page exists.
 */
export const AUDIT_PAGE_HEADERS = { next: 'X-Next-Cursor', previous: 'X-Previous-Cursor' } as const;

/** GET audit_trail/verify (and `npm run audit:verify`). */
export const AuditVerifyAnswer = z.object({
  ok: z.boolean(),
  /** Rows checked (all of them when ok). */
  checked: z.number().int(),
  /** The last row of an intact chain: record it elsewhere to detect a removed tail later. */
  head: z.object({ id: z.number().int(), hash: z.string() }).nullable(),
  /** The keyed part as far as checked: the cut-over row (null before it), the chain's key, the rotations passed. */
  keyed: z.object({ cutoverId: z.number().int().nullable(), keyId: z.string().nullable(), rotations: z.number().int() }),
  broken: z.object({ id: z.number().int(), kind: z.enum(['altered', 'link', 'key']), reason: z.string() }).nullable(),
});
export type AuditVerifyAnswer = z.infer<typeof AuditVerifyAnswer>;

/** CSV columns of the export, in order (deviceName last, so the older columns keep their places). */
export const AUDIT_CSV_COLUMNS = ['id', 'date', 'username', 'action', 'detail', 'device', 'ip', 'deviceName'] as const;

