import type { Queryable } from '../../db/db.ts';
import type { BarStatus, MovementKind, MovementStatus, SettableStatus } from '@aurum/domain/vault/bar-rules';
import type { BarListQuery, MovementListQuery } from '@aurum/domain/vault/vault-schemas';
import type { ListedBar } from '@aurum/domain/vault/weight-list';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';

/** The vault's queries (decisions 0810-0816): vaults, bars, movements, custodian lists. */

/** Advisory lock of the vault's movements: every record and decision of a bar movement takes it first (decision 0814). */
export const VAULT_LOCK = 7261800;

export async function lockVault(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1::int, 0)', [VAULT_LOCK]);
}

export interface VaultRow {
  id: number;
  code: string;
  name: string;
  custodian: string;
  created_at: Date;
}

export async function listVaults(q: Queryable): Promise<VaultRow[]> {
  return q.query<VaultRow>('SELECT id, code, name, custodian, created_at FROM vaults ORDER BY code');
}

export async function findVault(q: Queryable, id: number): Promise<VaultRow | undefined> {
  return (await q.query<VaultRow>('SELECT id, code, name, custodian, created_at FROM vaults WHERE id = $1', [id]))[0];
}

export async function vaultCodeTaken(q: Queryable, code: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM vaults WHERE code = $1', [code])).length > 0;
}

export async function insertVault(q: Queryable, v: { code: string; name: string; custodian: string; at: Date }): Promise<number> {
  const rows = await q.query<{ id: number }>('INSERT INTO vaults (code, name, custodian, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [v.code, v.name, v.custodian, v.at]);
  return rows[0]!.id;
}

export interface BarRow {
  id: number;
  serial: string;
  refiner: string;
  metal: TreasuryMetal;
  form: string;
  year: number | null;
  gross_weight: string;
  fineness: string;
  fine_weight: string;
  book_weight: string;
  refiner_weight: string | null;
  vault_weight: string | null;
  custodian: string;
  vault_id: number | null;
  vault_code: string | null;
  status: BarStatus;
  created_at: Date;
  updated_at: Date;
}

const BAR_COLUMNS = `b.id, b.serial, b.refiner, b.metal, b.form, b.year, b.gross_weight::text AS gross_weight, b.fineness::text AS fineness,
  b.fine_weight::text AS fine_weight, b.book_weight::text AS book_weight, b.refiner_weight::text AS refiner_weight,
  b.vault_weight::text AS vault_weight, b.custodian, b.vault_id, v.code AS vault_code, b.status, b.created_at, b.updated_at`;

export async function findBars(q: Queryable, ids: readonly number[], options: { forUpdate?: boolean } = {}): Promise<BarRow[]> {
  if (ids.length === 0) return [];
  return q.query<BarRow>(
    `SELECT ${BAR_COLUMNS} FROM vault_bars b LEFT JOIN vaults v ON v.id = b.vault_id WHERE b.id = ANY($1::bigint[]) ORDER BY b.id${options.forUpdate ? ' FOR UPDATE OF b' : ''}`,
    [ids],
  );
}

function barFilter(query: Pick<BarListQuery, 'metal' | 'vaultId' | 'status' | 'serial'>): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(params.length));
  };
  if (query.metal) add((n) => `b.metal = $${n}`, query.metal);
  if (query.vaultId) add((n) => `b.vault_id = $${n}`, query.vaultId);
  if (query.status) add((n) => `b.status = $${n}`, query.status);
  // no status asked: the bars held and pending, not those released
  else clauses.push(`b.status <> 'released'`);
  if (query.serial) add((n) => `b.serial ILIKE $${n} ESCAPE '\\'`, `%${query.serial.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const BAR_SORT: Record<NonNullable<BarListQuery['sort']>, string> = {
  serial: 'b.serial',
  refiner: 'lower(b.refiner)',
  createdAt: 'b.created_at',
  grossWeight: 'b.gross_weight',
  status: 'b.status',
};

export async function listBars(q: Queryable, query: BarListQuery): Promise<{ rows: BarRow[]; total: number }> {
  const { where, params } = barFilter(query);
  const order = `${query.sort ? BAR_SORT[query.sort] : 'b.id'} ${query.order === 'desc' ? 'DESC' : 'ASC'}, b.id ${query.order === 'desc' ? 'DESC' : 'ASC'}`;
  const rows = await q.query<BarRow>(
    `SELECT ${BAR_COLUMNS} FROM vault_bars b LEFT JOIN vaults v ON v.id = b.vault_id ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM vault_bars b ${where}`, params))[0]!.n;
  return { rows, total };
}

/** Per metal, the bars matching the filter that the house holds (not pending, not released): count and book weight. */
export async function barTotals(q: Queryable, query: Pick<BarListQuery, 'metal' | 'vaultId' | 'status' | 'serial'>): Promise<Array<{ metal: TreasuryMetal; bars: number; grams: string }>> {
  const { where, params } = barFilter(query);
  const held = `b.status NOT IN ('pending', 'released')`;
  return q.query(
    `SELECT b.metal, count(*)::int AS bars, sum(b.book_weight)::text AS grams FROM vault_bars b ${where ? `${where} AND ${held}` : `WHERE ${held}`} GROUP BY b.metal ORDER BY b.metal`,
    params,
  );
}

/** The bars not released with these (metal, refiner case-insensitive, serial) keys. */
export async function barsWithKeys(q: Queryable, keys: ReadonlyArray<{ metal: string; refiner: string; serial: string }>): Promise<Array<{ id: number; metal: string; refiner: string; serial: string; status: BarStatus }>> {
  if (keys.length === 0) return [];
  return q.query(
    `SELECT b.id, b.metal, b.refiner, b.serial, b.status FROM vault_bars b
       JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(metal, refiner, serial)
         ON b.metal = k.metal AND lower(b.refiner) = lower(k.refiner) AND b.serial = k.serial
      WHERE b.status <> 'released'`,
    [keys.map((k) => k.metal), keys.map((k) => k.refiner), keys.map((k) => k.serial)],
  );
}

/** A bar recorded pending its receive: a weight list's bar (its fields, not its line) and where it is booked. */
export type NewBar = Omit<ListedBar, 'line'> & {
  bookWeight: string;
  custodian: string;
  vaultId: number;
};

export async function insertPendingBar(q: Queryable, b: NewBar, at: Date): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO vault_bars (serial, refiner, metal, form, year, gross_weight, fineness, fine_weight, book_weight, refiner_weight, vault_weight, custodian, vault_id, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending', $14, $14) RETURNING id`,
    [b.serial, b.refiner, b.metal, b.form, b.year, b.grossWeight, b.fineness, b.fineWeight, b.bookWeight, b.refinerWeight, b.vaultWeight, b.custodian, b.vaultId, at],
  );
  return rows[0]!.id;
}

export async function setBars(q: Queryable, ids: readonly number[], change: { status: BarStatus; vaultId?: number; custodian?: string }, at: Date): Promise<void> {
  await q.query(
    `UPDATE vault_bars SET status = $2, vault_id = coalesce($3, vault_id), custodian = coalesce($4, custodian), updated_at = $5 WHERE id = ANY($1::bigint[])`,
    [ids, change.status, change.vaultId ?? null, change.custodian ?? null, at],
  );
}

export async function deleteBars(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.query('DELETE FROM vault_bars WHERE id = ANY($1::bigint[])', [ids]);
}

export interface MovementRow {
  id: number;
  kind: MovementKind;
  status: MovementStatus;
  to_status: SettableStatus | null;
  vault_id: number | null;
  vault_code: string | null;
  request_id: number | null;
  list_id: number | null;
  note: string | null;
  decline_reason: string | null;
  submitted_by: number | null;
  submitter: string | null;
  decided_by: number | null;
  decider: string | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface MovementBarRow {
  movement_id: number;
  bar_id: number | null;
  bar: { serial: string; refiner: string; metal: TreasuryMetal; bookWeight: string; status: BarStatus; vaultId: number | null; vaultCode: string | null };
}

const MOVEMENT_SELECT = `SELECT m.id, m.kind, m.status, m.to_status, m.vault_id, v.code AS vault_code, m.request_id, m.list_id, m.note, m.decline_reason,
  m.submitted_by, s.username AS submitter, m.decided_by, d.username AS decider, m.created_at, m.decided_at
  FROM vault_movements m LEFT JOIN vaults v ON v.id = m.vault_id LEFT JOIN admins s ON s.id = m.submitted_by LEFT JOIN admins d ON d.id = m.decided_by`;

export async function insertMovement(
  q: Queryable,
  m: { kind: MovementKind; toStatus: SettableStatus | null; vaultId: number | null; requestId: number | null; listId: number | null; note: string | null; by: number; at: Date },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO vault_movements (kind, to_status, vault_id, request_id, list_id, note, submitted_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.kind, m.toStatus, m.vaultId, m.requestId, m.listId, m.note, m.by, m.at],
  );
  return rows[0]!.id;
}

export async function insertMovementBars(q: Queryable, movementId: number, bars: ReadonlyArray<{ barId: number; bar: MovementBarRow['bar'] }>): Promise<void> {
  await q.query(
    `INSERT INTO vault_movement_bars (movement_id, seq, bar_id, bar) SELECT $1, s.seq, s.bar_id, s.bar FROM unnest($2::int[], $3::bigint[], $4::jsonb[]) AS s(seq, bar_id, bar)`,
    [movementId, bars.map((_, i) => i + 1), bars.map((b) => b.barId), bars.map((b) => JSON.stringify(b.bar))],
  );
  await q.query(`INSERT INTO vault_bar_pending (bar_id, movement_id) SELECT unnest($2::bigint[]), $1`, [movementId, bars.map((b) => b.barId)]);
}

/** Bars among these that a pending movement names already. */
export async function barsPending(q: Queryable, barIds: readonly number[]): Promise<Array<{ bar_id: number; movement_id: number }>> {
  if (barIds.length === 0) return [];
  return q.query('SELECT bar_id, movement_id FROM vault_bar_pending WHERE bar_id = ANY($1::bigint[]) ORDER BY bar_id', [barIds]);
}

export async function findMovement(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<MovementRow | undefined> {
  return (await q.query<MovementRow>(`${MOVEMENT_SELECT} WHERE m.id = $1${options.forUpdate ? ' FOR UPDATE OF m' : ''}`, [id]))[0];
}

export async function movementBars(q: Queryable, movementIds: readonly number[]): Promise<MovementBarRow[]> {
  if (movementIds.length === 0) return [];
  return q.query<MovementBarRow>('SELECT movement_id, bar_id, bar FROM vault_movement_bars WHERE movement_id = ANY($1::bigint[]) ORDER BY movement_id, seq', [movementIds]);
}

export async function decideMovement(q: Queryable, id: number, d: { status: 'approved' | 'declined'; by: number; at: Date; reason?: string }): Promise<boolean> {
  const rows = await q.query(
    `UPDATE vault_movements SET status = $2, decided_by = $3, decided_at = $4, decline_reason = $5 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, d.status, d.by, d.at, d.reason ?? null],
  );
  await q.query('DELETE FROM vault_bar_pending WHERE movement_id = $1', [id]);
  return rows.length === 1;
}

export async function listMovements(q: Queryable, query: MovementListQuery): Promise<{ rows: MovementRow[]; total: number }> {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(params.length));
  };
  if (query.status) add((n) => `m.status = $${n}`, query.status);
  if (query.kind) add((n) => `m.kind = $${n}`, query.kind);
  if (query.requestId) add((n) => `m.request_id = $${n}`, query.requestId);
  if (query.barId) add((n) => `EXISTS (SELECT 1 FROM vault_movement_bars mb WHERE mb.movement_id = m.id AND mb.bar_id = $${n})`, query.barId);
  const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  const dir = query.order === 'asc' && query.sort ? 'ASC' : 'DESC';
  const rows = await q.query<MovementRow>(`${MOVEMENT_SELECT} ${where} ORDER BY m.id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    query.limit,
    (query.page - 1) * query.limit,
  ]);
  const total = (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM vault_movements m ${where}`, params))[0]!.n;
  return { rows, total };
}

export async function insertCustodianList(
  q: Queryable,
  l: { custodian: string; vaultId: number; fileName: string; asOf: string; rowCount: number; by: number; at: Date },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO custodian_bar_lists (custodian, vault_id, file_name, as_of, row_count, imported_by, imported_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [l.custodian, l.vaultId, l.fileName, l.asOf, l.rowCount, l.by, l.at],
  );
  return rows[0]!.id;
}

export async function insertCustodianBars(
  q: Queryable,
  listId: number,
  bars: ReadonlyArray<{ line: number; serial: string; refiner: string; metal: string; grossWeight: string; fineness: string; fineWeight: string }>,
): Promise<void> {
  if (bars.length === 0) return;
  await q.query(
    `INSERT INTO custodian_bars (list_id, line, serial, refiner, metal, gross_weight, fineness, fine_weight)
     SELECT $1, s.line, s.serial, s.refiner, s.metal, s.gross, s.fineness, s.fine
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[]) AS s(line, serial, refiner, metal, gross, fineness, fine)`,
    [listId, bars.map((b) => b.line), bars.map((b) => b.serial), bars.map((b) => b.refiner), bars.map((b) => b.metal), bars.map((b) => b.grossWeight), bars.map((b) => b.fineness), bars.map((b) => b.fineWeight)],
  );
}
