import { storedAuditObject } from '@aurum/domain/audit/audit-objects';
import { parseAuditCursor, type AuditFilter, type AuditListAnswer, type AuditListBody, type AuditRowView } from '@aurum/domain/audit/audit-schemas';
import type { Queryable } from '../../db/db.ts';
import { maxAuditId, selectTrailPage, type TrailRow } from './audit-repository.ts';
import { deviceName } from './device-name.ts';

const toView = (r: TrailRow): AuditRowView => ({
  id: r.id,
  username: r.username,
  action: r.action,
  date: r.at.toISOString(),
  detail: r.detail,
  object: storedAuditObject(r.detail),
  device: r.device,
  deviceName: deviceName(r.device),
  ip: r.ip,
});
const cursorOf = (r: TrailRow) => `${r.at_text}_${r.id}`;

/** One page of the list and the cursors of the pages beside it (null when there is none). */
export interface AuditTrailPage {
  items: AuditListAnswer;
  /** Send as `after` for the next, older page. */
  next: string | null;
  /** Send as `before` for the previous, newer page. */
  previous: string | null;
}

/**
 * POST audit_trail/list: newest first (at desc, id desc), keyset paging on (at, id) by the
 * audit_log_at index: `after` a cursor gives the next (older) page, `before` the previous one.
 */
export async function listAuditTrail(q: Queryable, body: AuditListBody): Promise<AuditTrailPage> {
  const backward = body.before !== null;
  const cursor = body.after ?? body.before;
  const rows = await selectTrailPage(q, {
    filter: body,
    from: cursor ? parseAuditCursor(cursor) : null,
    toward: backward ? 'newer' : 'older',
    limit: body.limit + 1,
  });
  const more = rows.length > body.limit;
  const page = rows.slice(0, body.limit);
  if (backward) page.reverse();
  // backward, the older page is where we came from; forward after a cursor, the newer one is
  const hasNext = backward ? true : more;
  const hasPrevious = backward ? more : body.after !== null;
  return {
    items: page.map(toView),
    next: hasNext && page.length > 0 ? cursorOf(page[page.length - 1]!) : null,
    previous: hasPrevious && page.length > 0 ? cursorOf(page[0]!) : null,
  };
}

/**
 * The filtered trail as the list shows it (newest first), one keyset batch per read: a batch is
 * read only when the previous one has been taken, so an export sent with backpressure holds one
 * batch at a time however long the trail. Rows appended after the export started (a higher id than
 * the highest then) are left out, so the file is the trail as of its start.
 */
export async function* auditExportBatches(q: Queryable, filter: AuditFilter, batchSize: number): AsyncGenerator<AuditRowView[]> {
  const top = await maxAuditId(q);
  if (top === null) return;
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const rows = await selectTrailPage(q, { filter, from: cursor, toward: 'older', limit: batchSize, maxId: top });
    if (rows.length === 0) return;
    yield rows.map(toView);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at_text, id: last.id };
  }
}
