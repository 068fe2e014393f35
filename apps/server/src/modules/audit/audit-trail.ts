import { AUDIT_CSV_COLUMNS, csvLine, parseAuditCursor, type AuditFilter, type AuditListAnswer, type AuditListBody, type AuditRowView } from '@aurum/domain/audit/audit-schemas';
import type { Queryable } from '../../db/db.ts';
import { deviceName } from './device-name.ts';

/** The time of a row as the keyset cursor carries it (microseconds, UTC). */
const AT_TEXT = `to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface TrailRow {
  id: number;
  at: Date;
  at_text: string;
  username: string;
  action: string;
  detail: Record<string, unknown>;
  device: string | null;
  ip: string | null;
}

const likePart = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** WHERE conditions of a filter, with their parameters from $1 on. */
function whereOf(filter: AuditFilter): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.username) {
    params.push(likePart(filter.username));
    conditions.push(`lower(username) LIKE $${params.length}`);
  }
  if (filter.timeRange) {
    params.push(filter.timeRange.from, filter.timeRange.toExclusive);
    conditions.push(`at >= $${params.length - 1}::timestamptz AND at < $${params.length}::timestamptz`);
  }
  if (filter.actionClassification) {
    params.push(filter.actionClassification);
    conditions.push(`action = $${params.length}`);
  }
  return { conditions, params };
}

const SELECT = `SELECT id, at, ${AT_TEXT} AS at_text, username, action, detail, device, ip FROM audit_log`;

const toView = (r: TrailRow): AuditRowView => ({
  id: r.id,
  username: r.username,
  action: r.action,
  date: r.at.toISOString(),
  detail: r.detail,
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
  const { conditions, params } = whereOf(body);
  const backward = body.before !== null;
  const cursor = body.after ?? body.before;
  if (cursor) {
    const { at, id } = parseAuditCursor(cursor);
    params.push(at, id);
    conditions.push(`(at, id) ${backward ? '>' : '<'} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
  }
  params.push(body.limit + 1);
  const rows = await q.query<TrailRow>(
    `${SELECT} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
     ORDER BY at ${backward ? 'ASC' : 'DESC'}, id ${backward ? 'ASC' : 'DESC'} LIMIT $${params.length}`,
    params,
  );
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

export const EXPORT_BATCH = 2000;

/**
 * The filtered trail as CSV text, newest first, one chunk per keyset batch: a batch is read only
 * when the previous chunk has been taken, so a consumer that respects backpressure (an HTTP reply)
 * holds one batch at a time however long the trail. Rows appended after the export started (a
 * higher id than the highest then) are left out, so the file is the trail as of its start.
 */
export async function* auditCsvChunks(q: Queryable, filter: AuditFilter, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  const [top] = await q.query<{ id: number | null }>('SELECT max(id) AS id FROM audit_log');
  yield `\uFEFF${csvLine([...AUDIT_CSV_COLUMNS])}`;
  if (top?.id === null || top?.id === undefined) return;
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const { conditions, params } = whereOf(filter);
    params.push(top.id);
    conditions.push(`id <= $${params.length}`);
    if (cursor) {
      params.push(cursor.at, cursor.id);
      conditions.push(`(at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
    }
    params.push(batchSize);
    const rows = await q.query<TrailRow>(
      `${SELECT} WHERE ${conditions.join(' AND ')} ORDER BY at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0) return;
    let text = '';
    for (const r of rows) {
      text += csvLine([r.id, r.at.toISOString(), r.username, r.action, JSON.stringify(r.detail), r.device, r.ip, deviceName(r.device)]);
    }
    yield text;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at_text, id: last.id };
  }
}
