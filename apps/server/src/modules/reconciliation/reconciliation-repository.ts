import { sql, type SelectQueryBuilder } from 'kysely';
import type { BarRecord, BreakKind, FoundBreak } from '@aurum/domain/reconciliation/reconciliation-matcher';
import type { BarRecordView, BreakExportQuery, BreakListQuery, BreakView, ExplainingPosting, RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import type { Queryable } from '../../db/db.ts';
import type { Database, ReconciliationBreaksTable } from '../../db/db-types.ts';
import { asDate, escapeLike, isoDate, kysely, sameText } from '../../db/query-builder.ts';

/**
 * Reconciliation's queries (decisions 0820-0823). Reading the vault, the custodians' lists, the ledger and the
 * orders is read-only here: the matcher is in the domain, the writes are to the runs and breaks
 * tables of migration 019 only.
 */

/** Advisory lock class of reconciliation runs: one run at a time, whichever process (pg_advisory_xact_lock(class, 0)). */
const RUN_LOCK_CLASS = 7_261_900;

export async function lockRuns(q: Queryable): Promise<void> {
  // an advisory lock is a function call the builder has no verb for
  await sql`SELECT pg_advisory_xact_lock(CAST(${RUN_LOCK_CLASS} AS int), 0)`.execute(kysely(q));
}

export interface ListRow {
  id: number;
  vaultId: number | null;
  vaultCode: string | null;
  custodian: string;
  fileName: string;
  asOf: string;
  rowCount: number;
}

/** The latest imported list of each custodian and vault (the newest as_of, then the newest import). */
export async function latestLists(q: Queryable): Promise<ListRow[]> {
  return kysely(q)
    .selectFrom((eb) =>
      eb
        .selectFrom('custodian_bar_lists')
        .selectAll()
        .distinctOn(['custodian', 'vault_id'])
        .orderBy('custodian')
        .orderBy('vault_id')
        .orderBy('as_of', 'desc')
        .orderBy('imported_at', 'desc')
        .orderBy('id', 'desc')
        .as('l'),
    )
    .leftJoin('vaults as v', 'v.id', 'l.vault_id')
    .select((eb) => ['l.id', 'l.vault_id as vaultId', 'v.code as vaultCode', 'l.custodian', 'l.file_name as fileName', isoDate(eb.ref('l.as_of')).as('asOf'), 'l.row_count as rowCount'])
    .orderBy('l.id')
    .execute();
}

const BAR_COLUMNS = ['serial', 'refiner', 'metal', 'gross_weight as grossWeight', 'fineness', 'fine_weight as fineWeight'] as const;

/** The custodian's bars of a list, in the list's order. */
export async function listBars(q: Queryable, listId: number): Promise<BarRecord[]> {
  return kysely(q).selectFrom('custodian_bars').select(BAR_COLUMNS).where('list_id', '=', listId).orderBy('line').$narrowType<{ metal: TreasuryMetal }>().execute();
}

/**
 * Our bars a list is matched against: the bars of its vault (or, for a list of no vault, of its
 * custodian) that the house holds: neither released nor pending (a receive not approved yet).
 */
export async function ourBars(q: Queryable, list: { vaultId: number | null; custodian: string }): Promise<BarRecord[]> {
  return kysely(q)
    .selectFrom('vault_bars')
    .select(BAR_COLUMNS)
    .$if(list.vaultId !== null, (qb) => qb.where('vault_id', '=', list.vaultId!))
    .$if(list.vaultId === null, (qb) => qb.where(sameText('custodian', list.custodian)))
    .where('status', 'not in', ['released', 'pending'])
    .orderBy('metal')
    .orderBy((eb) => eb.fn('lower', [eb.ref('refiner')]))
    .orderBy('serial')
    .orderBy('id')
    .$narrowType<{ metal: TreasuryMetal }>()
    .execute();
}


export async function insertRun(q: Queryable, run: { at: Date; businessDate: string; trigger: 'admin' | 'job'; by: number | null }): Promise<number | null> {
  const row = await kysely(q)
    .insertInto('reconciliation_runs')
    .values({ ran_at: run.at, business_date: run.businessDate, trigger: run.trigger, ran_by: run.by })
    .onConflict((oc) => oc.column('business_date').where('trigger', '=', 'job').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertRunList(q: Queryable, runId: number, listId: number): Promise<void> {
  await kysely(q).insertInto('reconciliation_run_lists').values({ run_id: runId, list_id: listId }).execute();
}

export async function finishRun(q: Queryable, runId: number, counts: { barsCompared: number; breaksFound: number; breaksOpened: number }): Promise<void> {
  await kysely(q)
    .updateTable('reconciliation_runs')
    .set((eb) => ({
      bars_compared: counts.barsCompared,
      breaks_found: counts.breaksFound,
      breaks_opened: counts.breaksOpened,
      open_breaks: eb.selectFrom('reconciliation_breaks').select((s) => s.fn.countAll<number>().as('n')).where('status', '=', 'open'),
    }))
    .where('id', '=', runId)
    .execute();
}

export interface FoundBreakRow extends FoundBreak {
  key: string;
  vaultId: number | null;
  postings: ExplainingPosting[];
}

/**
 * Records a break a run found: the open break of the same key is brought up to date (its last
 * run, both records, the difference, the postings); otherwise a new one opens. Answers whether it opened.
 */
export async function upsertBreak(q: Queryable, runId: number, at: Date, b: FoundBreakRow): Promise<boolean> {
  const values = {
    last_run_id: runId,
    vault_id: b.vaultId,
    ours: b.ours ? JSON.stringify(b.ours) : null,
    theirs: b.theirs ? JSON.stringify(b.theirs) : null,
    difference: b.difference,
    postings: JSON.stringify(b.postings),
  };
  const updated = await kysely(q)
    .updateTable('reconciliation_breaks')
    .set(values)
    .where('break_key', '=', b.key)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (updated) return false;
  await kysely(q)
    .insertInto('reconciliation_breaks')
    .values({ first_run_id: runId, ...values, break_key: b.key, kind: b.kind, metal: b.metal, serial: b.serial, refiner: b.refiner, opened_at: at })
    .execute();
  return true;
}

/** A run as the API answers it (the latest when no id is given), or undefined. */
export async function findRun(q: Queryable, id?: number): Promise<RunView | undefined> {
  const run = await kysely(q)
    .selectFrom('reconciliation_runs as r')
    .leftJoin('admins as a', 'a.id', 'r.ran_by')
    .select((eb) => [
      'r.id',
      'r.ran_at as ranAt',
      'r.trigger',
      'a.username as ranBy',
      isoDate(eb.ref('r.business_date')).as('businessDate'),
      'r.bars_compared as barsCompared',
      'r.breaks_found as breaksFound',
      'r.breaks_opened as breaksOpened',
      'r.open_breaks as openBreaks',
    ])
    .$if(id !== undefined, (qb) => qb.where('r.id', '=', id!))
    .orderBy('r.id', 'desc')
    .limit(1)
    // a CHECK list in the schema
    .$narrowType<{ trigger: 'admin' | 'job' }>()
    .executeTakeFirst();
  if (!run) return undefined;
  const lists = await kysely(q)
    .selectFrom('reconciliation_run_lists as rl')
    .innerJoin('custodian_bar_lists as l', 'l.id', 'rl.list_id')
    .leftJoin('vaults as v', 'v.id', 'l.vault_id')
    .select((eb) => ['l.id', 'l.vault_id as vaultId', 'v.code as vaultCode', 'l.custodian', 'l.file_name as fileName', isoDate(eb.ref('l.as_of')).as('asOf'), 'l.row_count as rowCount'])
    .where('rl.run_id', '=', run.id)
    .orderBy('l.id')
    .execute();
  return { ...run, ranAt: run.ranAt.toISOString(), lists };
}

/** Whether the daily job has run for that business date. */
export async function jobRanOn(q: Queryable, businessDate: string): Promise<boolean> {
  const row = await kysely(q).selectFrom('reconciliation_runs').select('id').where('trigger', '=', 'job').where('business_date', '=', asDate(businessDate)).executeTakeFirst();
  return row !== undefined;
}

const selectBreaks = (q: Queryable) =>
  kysely(q)
    .selectFrom('reconciliation_breaks as b')
    .leftJoin('vaults as v', 'v.id', 'b.vault_id')
    .leftJoin('admins as a', 'a.id', 'b.resolved_by')
    .select([
      'b.id',
      'b.kind',
      'b.metal',
      'b.serial',
      'b.refiner',
      'v.code as vaultCode',
      'b.ours',
      'b.theirs',
      'b.difference',
      'b.status',
      'b.first_run_id as firstRunId',
      'b.last_run_id as lastRunId',
      'b.opened_at as openedAt',
      'b.resolved_at as resolvedAt',
      'a.username as resolvedBy',
      'b.note',
      'b.postings',
    ])
    // CHECK lists in the schema and the jsonb this repository writes (upsertBreak)
    .$narrowType<{
      kind: BreakKind;
      metal: TreasuryMetal;
      status: 'open' | 'resolved';
      ours: BarRecordView | null;
      theirs: BarRecordView | null;
      postings: ExplainingPosting[];
    }>();

type BreakRow = Awaited<ReturnType<ReturnType<typeof selectBreaks>['executeTakeFirstOrThrow']>>;

const breakOut = (r: BreakRow): BreakView => ({ ...r, openedAt: r.openedAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null });

const SORTS = { openedAt: 'b.opened_at', kind: 'b.kind', metal: 'b.metal', serial: 'b.serial' } as const;

/** The breaks' filters on `reconciliation_breaks as b`. */
function filterBreaks<QB extends SelectQueryBuilder<Database & { b: ReconciliationBreaksTable }, 'b', object>>(qb: QB, f: BreakExportQuery): QB {
  return qb
    .$if(f.status !== 'all', (w) => w.where('b.status', '=', f.status))
    .$if(Boolean(f.kind), (w) => w.where('b.kind', '=', f.kind!))
    .$if(Boolean(f.metal), (w) => w.where('b.metal', '=', f.metal!))
    .$if(Boolean(f.serial), (w) => w.where('b.serial', 'ilike', `%${escapeLike(f.serial!)}%`)) as QB;
}

/** A page of breaks (newest first unless sorted), and how many match. */
export async function listBreaks(q: Queryable, query: BreakListQuery): Promise<{ items: BreakView[]; total: number }> {
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const rows = await filterBreaks(selectBreaks(q), query)
    .$if(query.sort !== undefined, (qb) => qb.orderBy(SORTS[query.sort!], (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast()))
    .orderBy('b.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const total = await filterBreaks(kysely(q).selectFrom('reconciliation_breaks as b'), query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(breakOut), total: Number(total.n) };
}

/** Breaks for the export, by id, in keyset batches. */
export async function* breakBatches(q: Queryable, filter: BreakExportQuery, size: number): AsyncGenerator<BreakView[]> {
  let after = 0;
  for (;;) {
    const rows = await filterBreaks(selectBreaks(q), filter).where('b.id', '>', after).orderBy('b.id').limit(size).execute();
    yield rows.map(breakOut);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

export async function findBreak(q: Queryable, id: number): Promise<BreakView | undefined> {
  const row = await selectBreaks(q).where('b.id', '=', id).executeTakeFirst();
  return row && breakOut(row);
}

/** The break's status, locked FOR UPDATE until the transaction ends; undefined when unknown. */
export async function lockBreak(q: Queryable, id: number): Promise<{ status: 'open' | 'resolved' } | undefined> {
  return kysely(q).selectFrom('reconciliation_breaks').select('status').where('id', '=', id).forUpdate().$narrowType<{ status: 'open' | 'resolved' }>().executeTakeFirst();
}

export async function resolveBreakRow(q: Queryable, id: number, by: number, at: Date, note: string): Promise<void> {
  await kysely(q).updateTable('reconciliation_breaks').set({ status: 'resolved', resolved_by: by, resolved_at: at, note }).where('id', '=', id).execute();
}
