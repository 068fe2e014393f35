import type { BarRecord, BreakKind, FoundBreak } from '@aurum/domain/reconciliation/reconciliation-matcher';
import type { BarRecordView, BreakExportQuery, BreakListQuery, BreakView, ExplainingPosting, RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { one, type Queryable } from '../../db/db.ts';
import { escapeLike } from '../../db/query-builder.ts';

/**
 * Reconciliation's queries (decisions 0820-0823). Reading the vault, the custodians' lists, the ledger and the
 * orders is read-only here: the matcher is in the domain, the writes are to the runs and breaks
 * tables of migration 019 only.
 */

/** Advisory lock class of reconciliation runs: one run at a time, whichever process (pg_advisory_xact_lock(class, 0)). */
const RUN_LOCK_CLASS = 7_261_900;

export async function lockRuns(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, 0)', [RUN_LOCK_CLASS]);
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

const LIST_COLUMNS = `l.id::int AS "id", l.vault_id::int AS "vaultId", v.code AS "vaultCode", l.custodian, l.file_name AS "fileName",
  to_char(l.as_of, 'YYYY-MM-DD') AS "asOf", l.row_count AS "rowCount"`;

/** The latest imported list of each custodian and vault (the newest as_of, then the newest import). */
export async function latestLists(q: Queryable): Promise<ListRow[]> {
  return q.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM (
       SELECT DISTINCT ON (custodian, vault_id) * FROM custodian_bar_lists ORDER BY custodian, vault_id, as_of DESC, imported_at DESC, id DESC
     ) l LEFT JOIN vaults v ON v.id = l.vault_id ORDER BY l.id`,
  );
}

const BAR_COLUMNS = `serial, refiner, metal, gross_weight::text AS "grossWeight", fineness::text AS fineness, fine_weight::text AS "fineWeight"`;

/** The custodian's bars of a list, in the list's order. */
export async function listBars(q: Queryable, listId: number): Promise<BarRecord[]> {
  return q.query<BarRecord>(`SELECT ${BAR_COLUMNS} FROM custodian_bars WHERE list_id = $1 ORDER BY line`, [listId]);
}

/**
 * Our bars a list is matched against: the bars of its vault (or, for a list of no vault, of its
 * custodian) that the house holds: neither released nor pending (a receive not approved yet).
 */
export async function ourBars(q: Queryable, list: { vaultId: number | null; custodian: string }): Promise<BarRecord[]> {
  const where = list.vaultId !== null ? 'vault_id = $1' : 'lower(custodian) = lower($1)';
  return q.query<BarRecord>(
    `SELECT ${BAR_COLUMNS} FROM vault_bars WHERE ${where} AND status NOT IN ('released', 'pending') ORDER BY metal, lower(refiner), serial, id`,
    [list.vaultId ?? list.custodian],
  );
}

/** How many postings explain a break at most (the newest). */
export const EXPLAINING_POSTINGS = 10;

const POSTING_COLUMNS = `e.id::int AS "entryId", e.kind, e.note, e.created_at AS "createdAt", p.from_account AS "from", p.to_account AS "to", p.asset, p.amount::text AS amount`;

type PostingRow = Omit<ExplainingPosting, 'createdAt'> & { createdAt: Date };
const postingOut = (rows: PostingRow[]): ExplainingPosting[] => rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));

/**
 * The postings that explain bar breaks, per serial, in one pass over the journal: the newest
 * ledger postings of the bar's metal whose entry names the serial in its note (the vault's
 * movements post 'vault.*' entries naming their bars), at most EXPLAINING_POSTINGS per bar.
 */
export async function barPostings(q: Queryable, bars: ReadonlyArray<{ metal: TreasuryMetal; serial: string }>): Promise<Map<string, ExplainingPosting[]>> {
  const out = new Map<string, ExplainingPosting[]>();
  if (bars.length === 0) return out;
  const serials = [...new Set(bars.map((b) => b.serial))];
  const rows = await q.query<PostingRow>(
    `SELECT ${POSTING_COLUMNS} FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
      WHERE e.note ILIKE ANY($1::text[]) ORDER BY e.id DESC, p.id DESC`,
    [serials.map((serial) => `%${escapeLike(serial)}%`)],
  );
  for (const bar of bars) {
    const key = barPostingsKey(bar);
    if (out.has(key)) continue;
    const serial = bar.serial.toLowerCase();
    out.set(key, postingOut(rows.filter((r) => r.asset === bar.metal && (r.note ?? '').toLowerCase().includes(serial)).slice(0, EXPLAINING_POSTINGS)));
  }
  return out;
}

/** The key of a bar in barPostings' answer. */
export const barPostingsKey = (bar: { metal: string; serial: string }) => `${bar.metal}|${bar.serial}`;

/** The postings that explain a coverage break: the newest postings moving that metal. */
export async function metalPostings(q: Queryable, metal: TreasuryMetal): Promise<ExplainingPosting[]> {
  const rows = await q.query<PostingRow>(
    `SELECT ${POSTING_COLUMNS} FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
      WHERE p.asset = $1 ORDER BY p.id DESC LIMIT ${EXPLAINING_POSTINGS}`,
    [metal],
  );
  return postingOut(rows);
}

export async function insertRun(q: Queryable, run: { at: Date; businessDate: string; trigger: 'admin' | 'job'; by: number | null }): Promise<number | null> {
  const row = await one<{ id: number }>(
    q,
    `INSERT INTO reconciliation_runs (ran_at, business_date, trigger, ran_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (business_date) WHERE trigger = 'job' DO NOTHING RETURNING id::int AS id`,
    [run.at, run.businessDate, run.trigger, run.by],
  );
  return row?.id ?? null;
}

export async function insertRunList(q: Queryable, runId: number, listId: number): Promise<void> {
  await q.query('INSERT INTO reconciliation_run_lists (run_id, list_id) VALUES ($1, $2)', [runId, listId]);
}

export async function finishRun(q: Queryable, runId: number, counts: { barsCompared: number; breaksFound: number; breaksOpened: number }): Promise<void> {
  await q.query(
    `UPDATE reconciliation_runs SET bars_compared = $2, breaks_found = $3, breaks_opened = $4,
       open_breaks = (SELECT count(*) FROM reconciliation_breaks WHERE status = 'open') WHERE id = $1`,
    [runId, counts.barsCompared, counts.breaksFound, counts.breaksOpened],
  );
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
  const values = [runId, b.vaultId, b.ours ? JSON.stringify(b.ours) : null, b.theirs ? JSON.stringify(b.theirs) : null, b.difference, JSON.stringify(b.postings)];
  const updated = await q.query(
    `UPDATE reconciliation_breaks SET last_run_id = $1, vault_id = $2, ours = $3::jsonb, theirs = $4::jsonb, difference = $5, postings = $6::jsonb
      WHERE break_key = $7 AND status = 'open' RETURNING id`,
    [...values, b.key],
  );
  if (updated.length > 0) return false;
  await q.query(
    `INSERT INTO reconciliation_breaks (first_run_id, last_run_id, vault_id, ours, theirs, difference, postings, break_key, kind, metal, serial, refiner, opened_at)
     VALUES ($1, $1, $2, $3::jsonb, $4::jsonb, $5, $6::jsonb, $7, $8, $9, $10, $11, $12)`,
    [...values, b.key, b.kind, b.metal, b.serial, b.refiner, at],
  );
  return true;
}

interface RunRow {
  id: number;
  ranAt: Date;
  trigger: 'admin' | 'job';
  ranBy: string | null;
  businessDate: string;
  barsCompared: number;
  breaksFound: number;
  breaksOpened: number;
  openBreaks: number;
}

/** A run as the API answers it (the latest when no id is given), or undefined. */
export async function findRun(q: Queryable, id?: number): Promise<RunView | undefined> {
  const run = await one<RunRow>(
    q,
    `SELECT r.id::int AS id, r.ran_at AS "ranAt", r.trigger, a.username AS "ranBy", to_char(r.business_date, 'YYYY-MM-DD') AS "businessDate",
       r.bars_compared AS "barsCompared", r.breaks_found AS "breaksFound", r.breaks_opened AS "breaksOpened", r.open_breaks AS "openBreaks"
       FROM reconciliation_runs r LEFT JOIN admins a ON a.id = r.ran_by
      ${id === undefined ? '' : 'WHERE r.id = $1'} ORDER BY r.id DESC LIMIT 1`,
    id === undefined ? [] : [id],
  );
  if (!run) return undefined;
  const lists = await q.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM reconciliation_run_lists rl JOIN custodian_bar_lists l ON l.id = rl.list_id LEFT JOIN vaults v ON v.id = l.vault_id
      WHERE rl.run_id = $1 ORDER BY l.id`,
    [run.id],
  );
  return { ...run, ranAt: run.ranAt.toISOString(), lists };
}

/** Whether the daily job has run for that business date. */
export async function jobRanOn(q: Queryable, businessDate: string): Promise<boolean> {
  const row = await one(q, `SELECT 1 FROM reconciliation_runs WHERE trigger = 'job' AND business_date = $1`, [businessDate]);
  return row !== undefined;
}

interface BreakRow {
  id: number;
  kind: BreakKind;
  metal: TreasuryMetal;
  serial: string | null;
  refiner: string | null;
  vaultCode: string | null;
  ours: BarRecordView | null;
  theirs: BarRecordView | null;
  difference: string | null;
  status: 'open' | 'resolved';
  firstRunId: number;
  lastRunId: number;
  openedAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  note: string | null;
  postings: ExplainingPosting[];
}

const BREAK_SELECT = `SELECT b.id::int AS id, b.kind, b.metal, b.serial, b.refiner, v.code AS "vaultCode", b.ours, b.theirs, b.difference::text AS difference,
    b.status, b.first_run_id::int AS "firstRunId", b.last_run_id::int AS "lastRunId", b.opened_at AS "openedAt", b.resolved_at AS "resolvedAt",
    a.username AS "resolvedBy", b.note, b.postings
  FROM reconciliation_breaks b LEFT JOIN vaults v ON v.id = b.vault_id LEFT JOIN admins a ON a.id = b.resolved_by`;

const breakOut = (r: BreakRow): BreakView => ({ ...r, openedAt: r.openedAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null });

const SORTS = { openedAt: 'b.opened_at', kind: 'b.kind', metal: 'b.metal', serial: 'b.serial' } as const;

/** The WHERE of the breaks' filters, and its parameters. */
function breakWhere(f: BreakExportQuery): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (f.status !== 'all') parts.push(`b.status = $${params.push(f.status)}`);
  if (f.kind) parts.push(`b.kind = $${params.push(f.kind)}`);
  if (f.metal) parts.push(`b.metal = $${params.push(f.metal)}`);
  if (f.serial) parts.push(`b.serial ILIKE $${params.push(`%${escapeLike(f.serial)}%`)}`);
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** A page of breaks (newest first unless sorted), and how many match. */
export async function listBreaks(q: Queryable, query: BreakListQuery): Promise<{ items: BreakView[]; total: number }> {
  const { where, params } = breakWhere(query);
  const order = query.sort ? `${SORTS[query.sort]} ${query.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, b.id DESC` : 'b.id DESC';
  const rows = await q.query<BreakRow>(`${BREAK_SELECT} ${where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`, params);
  const total = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM reconciliation_breaks b ${where}`, params);
  return { items: rows.map(breakOut), total: total?.n ?? 0 };
}

/** Breaks for the export, by id, in keyset batches. */
export async function* breakBatches(q: Queryable, filter: BreakExportQuery, size: number): AsyncGenerator<BreakView[]> {
  const { where, params } = breakWhere(filter);
  let after = 0;
  for (;;) {
    const rows = await q.query<BreakRow>(
      `${BREAK_SELECT} ${where ? `${where} AND` : 'WHERE'} b.id > $${params.length + 1} ORDER BY b.id LIMIT ${size}`,
      [...params, after],
    );
    yield rows.map(breakOut);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

export async function findBreak(q: Queryable, id: number): Promise<BreakView | undefined> {
  const row = await one<BreakRow>(q, `${BREAK_SELECT} WHERE b.id = $1`, [id]);
  return row && breakOut(row);
}

/** The break's status, locked FOR UPDATE until the transaction ends; undefined when unknown. */
export async function lockBreak(q: Queryable, id: number): Promise<{ status: 'open' | 'resolved' } | undefined> {
  return one(q, 'SELECT status FROM reconciliation_breaks WHERE id = $1 FOR UPDATE', [id]);
}

export async function resolveBreakRow(q: Queryable, id: number, by: number, at: Date, note: string): Promise<void> {
  await q.query(`UPDATE reconciliation_breaks SET status = 'resolved', resolved_by = $2, resolved_at = $3, note = $4 WHERE id = $1`, [id, by, at, note]);
}
