import { sql, type Insertable } from 'kysely';
import type { ChainedRow } from '@aurum/domain/audit/audit-chain';
import type { AuditFilter } from '@aurum/domain/audit/audit-schemas';
import type { Queryable } from '../../db/db.ts';
import type { Database } from '../../db/db-types.ts';
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
    // the expressions of the audit_log_object index (migration 036), the number compared as text
    .$if(filter.objectKind !== null, (qb) => qb.where(sql<string>`detail #>> '{object,kind}'`, '=', filter.objectKind!))
    .$if(filter.objectId !== null, (qb) => qb.where(sql<string>`detail #>> '{object,id}'`, '=', String(filter.objectId)))
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

/** One keyset batch of the chain in id order, after `afterId`, in the form the domain's verifier reads. */
export async function chainBatch(q: Queryable, afterId: number, limit: number): Promise<ChainedRow[]> {
  const rows = await kysely(q)
    .selectFrom('audit_log')
    .select([
      'id',
      atText.as('at'),
      'admin_id as adminId',
      'username',
      'action',
      // the detail as jsonb renders it to text: the form the hash covers
      sql<string>`${sql.ref('detail')}::text`.as('detail'),
      'device',
      'ip',
      'prev_hash as prevHash',
      'row_hash as rowHash',
      'key_id as keyId',
    ])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows as ChainedRow[];
}

/** Advisory lock of the audit chain: one append at a time, held until the appending transaction ends. */
export const AUDIT_CHAIN_LOCK = 7_261_004;

/** Takes the chain lock (held until the transaction ends), then reads the chain's last row. */
export async function lockChainHead(q: Queryable): Promise<{ id: number; row_hash: string; key_id: string | null } | undefined> {
  // an advisory lock is a function call the builder has no verb for
  await sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(kysely(q));
  return kysely(q).selectFrom('audit_log').select(['id', 'row_hash', 'key_id']).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A detail as PostgreSQL's jsonb renders it to text (the form the hash covers). */
const jsonbText = (detail: unknown) => sql<string>`${JSON.stringify(detail)}::jsonb::text`;

/**
 * The next row's id, the transaction's time as the chain renders it and the detail as jsonb renders
 * it: what the row's MAC covers, taken from PostgreSQL so that a verifier reads the same text.
 */
export async function nextAuditRow(q: Queryable, detail: unknown): Promise<{ id: number; at: string; detail: string }> {
  const next = await kysely(q)
    .selectNoFrom([
      // the serial's next value and the transaction's time have no builder method
      sql<number>`nextval(pg_get_serial_sequence('audit_log', 'id'))`.as('id'),
      sql<string>`to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at'),
      jsonbText(detail).as('detail'),
    ])
    .executeTakeFirstOrThrow();
  return { id: Number(next.id), at: next.at, detail: next.detail };
}

/** A detail as jsonb renders it to text. */
export async function renderedDetail(q: Queryable, detail: unknown): Promise<string> {
  return (await kysely(q).selectNoFrom(jsonbText(detail).as('detail')).executeTakeFirstOrThrow()).detail;
}

export async function insertAuditRow(q: Queryable, row: Insertable<Database['audit_log']>): Promise<void> {
  await kysely(q).insertInto('audit_log').values(row).execute();
}

/** The id of the first keyed row (one with a key id), if any. */
export async function firstKeyedRowId(q: Queryable): Promise<number | undefined> {
  const row = await kysely(q).selectFrom('audit_log').select('id').where('key_id', 'is not', null).orderBy('id').limit(1).executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}
