import { sql } from 'kysely';
import type { AuditFilter } from '@aurum/domain/audit/audit-schemas';
import type { Queryable } from '../../db/db.ts';
import { containsPattern, kysely } from '../../db/query-builder.ts';

/** The time of a row as the keyset cursor carries it (microseconds, UTC). */
const atText = sql<string>`to_char(${sql.ref('at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An instant as ISO text, compared with a timestamptz column at its full (microsecond) precision. */
const instant = (text: string) => sql<Date>`CAST(${text} AS timestamptz)`;

/** A row of the trail as the list and the export read it. */
export interface TrailRow {
  id: number;
  at: Date;
  /** `at` as the keyset cursor carries it. */
  at_text: string;
  username: string;
  action: string;
  detail: Record<string, unknown>;
  device: string | null;
  ip: string | null;
}

/** Where a keyset page starts and which way it reads. */
export interface TrailPageQuery {
  filter: AuditFilter;
  /** Rows strictly after this key in the reading order; null from the start. */
  from: { at: string; id: number } | null;
  /** 'older' reads at desc, id desc (the list's order); 'newer' reads at asc, id asc. */
  toward: 'older' | 'newer';
  limit: number;
  /** Rows up to this id only (an export leaves out rows appended after it started). */
  maxId?: number;
}

/** One keyset page of the filtered trail (the audit_log_at index on (at, id)). */
export async function selectTrailPage(q: Queryable, page: TrailPageQuery): Promise<TrailRow[]> {
  const { filter, from, maxId } = page;
  const older = page.toward === 'older';
  const direction = older ? 'desc' : 'asc';
  const rows = await kysely(q)
    .selectFrom('audit_log')
    .select(['id', 'at', atText.as('at_text'), 'username', 'action', 'detail', 'device', 'ip'])
    .$if(Boolean(filter.username), (qb) => qb.where((eb) => eb(eb.fn('lower', [eb.ref('username')]), 'like', containsPattern(filter.username!))))
    .$if(filter.timeRange !== null, (qb) => qb.where('at', '>=', instant(filter.timeRange!.from)).where('at', '<', instant(filter.timeRange!.toExclusive)))
    .$if(Boolean(filter.actionClassification), (qb) => qb.where('action', '=', filter.actionClassification!))
    .$if(maxId !== undefined, (qb) => qb.where('id', '<=', maxId!))
    .$if(from !== null, (qb) => qb.where((eb) => eb(eb.refTuple('at', 'id'), older ? '<' : '>', eb.tuple(instant(from!.at), from!.id))))
    .orderBy('at', direction)
    .orderBy('id', direction)
    .limit(page.limit)
    .execute();
  return rows as TrailRow[];
}

/** The highest id of the trail, or null when it is empty. */
export async function maxAuditId(q: Queryable): Promise<number | null> {
  const row = await kysely(q)
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? null;
}
