import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import type { Database, VaultBarsTable, VaultMovementsTable } from '../../db/db-types.ts';
import { escapeLike, kysely } from '../../db/query-builder.ts';
import type { BarStatus, MovementKind, MovementStatus, SettableStatus } from '@aurum/domain/vault/bar-rules';
import type { BarListQuery, MovementListQuery } from '@aurum/domain/vault/vault-schemas';
import type { ListedBar } from '@aurum/domain/vault/weight-list';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';

/** The vault's queries (decisions 0810-0816): vaults, bars, movements, custodian lists. */

/** Advisory lock of the vault's movements: every record and decision of a bar movement takes it first (decision 0814). */
export const VAULT_LOCK = 7261800;

export async function lockVault(q: Queryable): Promise<void> {
  // an advisory lock is a function call the builder has no verb for
  await sql`SELECT pg_advisory_xact_lock(CAST(${VAULT_LOCK} AS int), 0)`.execute(kysely(q));
}

const selectVaults = (q: Queryable) => kysely(q).selectFrom('vaults').select(['id', 'code', 'name', 'custodian', 'created_at']);

export type VaultRow = Awaited<ReturnType<ReturnType<typeof selectVaults>['executeTakeFirstOrThrow']>>;

export async function listVaults(q: Queryable): Promise<VaultRow[]> {
  return selectVaults(q).orderBy('code').execute();
}

export async function findVault(q: Queryable, id: number): Promise<VaultRow | undefined> {
  return selectVaults(q).where('id', '=', id).executeTakeFirst();
}

export async function vaultCodeTaken(q: Queryable, code: string): Promise<boolean> {
  return (await kysely(q).selectFrom('vaults').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export async function insertVault(q: Queryable, v: { code: string; name: string; custodian: string; at: Date }): Promise<number> {
  const row = await kysely(q)
    .insertInto('vaults')
    .values({ code: v.code, name: v.name, custodian: v.custodian, created_at: v.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const selectBars = (q: Queryable) =>
  kysely(q)
    .selectFrom('vault_bars as b')
    .leftJoin('vaults as v', 'v.id', 'b.vault_id')
    .select(['b.id', 'b.serial', 'b.refiner', 'b.metal', 'b.form', 'b.year', 'b.gross_weight', 'b.fineness', 'b.fine_weight', 'b.book_weight'])
    .select(['b.refiner_weight', 'b.vault_weight', 'b.custodian', 'b.vault_id', 'v.code as vault_code', 'b.status', 'b.created_at', 'b.updated_at'])
    // CHECK lists in the schema; the domain names their values
    .$narrowType<{ metal: TreasuryMetal; status: BarStatus }>();

export type BarRow = Awaited<ReturnType<ReturnType<typeof selectBars>['executeTakeFirstOrThrow']>>;

export async function findBars(q: Queryable, ids: readonly number[], options: { forUpdate?: boolean } = {}): Promise<BarRow[]> {
  if (ids.length === 0) return [];
  return selectBars(q)
    .where('b.id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .orderBy('b.id')
    .$if(options.forUpdate === true, (qb) => qb.forUpdate('b'))
    .execute();
}

type BarFilter = Pick<BarListQuery, 'metal' | 'vaultId' | 'status' | 'serial'>;

/** The bar list's filter on `vault_bars as b`. */
function filterBars<QB extends SelectQueryBuilder<Database & { b: VaultBarsTable }, 'b', object>>(qb: QB, query: BarFilter): QB {
  return (
    qb
      .$if(Boolean(query.metal), (w) => w.where('b.metal', '=', query.metal!))
      .$if(Boolean(query.vaultId), (w) => w.where('b.vault_id', '=', query.vaultId!))
      .$if(Boolean(query.status), (w) => w.where('b.status', '=', query.status!))
      // no status asked: the bars held and pending, not those released
      .$if(!query.status, (w) => w.where('b.status', '<>', 'released'))
      .$if(Boolean(query.serial), (w) => w.where('b.serial', 'ilike', `%${escapeLike(query.serial!)}%`)) as QB
  );
}

type BarEb = ExpressionBuilder<Database & { b: VaultBarsTable }, 'b'>;

const BAR_SORT = {
  serial: (eb: BarEb) => eb.ref('b.serial'),
  refiner: (eb: BarEb) => eb.fn<string>('lower', [eb.ref('b.refiner')]),
  createdAt: (eb: BarEb) => eb.ref('b.created_at'),
  grossWeight: (eb: BarEb) => eb.ref('b.gross_weight'),
  status: (eb: BarEb) => eb.ref('b.status'),
} satisfies Record<NonNullable<BarListQuery['sort']>, unknown>;

export async function listBars(q: Queryable, query: BarListQuery): Promise<{ rows: BarRow[]; total: number }> {
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const rows = await filterBars(selectBars(q), query)
    .orderBy(query.sort ? BAR_SORT[query.sort] : 'b.id', direction)
    .orderBy('b.id', direction)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const count = await filterBars(kysely(q).selectFrom('vault_bars as b'), query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Per metal, the bars matching the filter that the house holds (not pending, not released): count and book weight. */
export async function barTotals(q: Queryable, query: BarFilter): Promise<Array<{ metal: TreasuryMetal; bars: number; grams: string }>> {
  const rows = await filterBars(kysely(q).selectFrom('vault_bars as b'), query)
    .where('b.status', 'not in', ['pending', 'released'])
    .select((eb) => ['b.metal', eb.fn.countAll<number>().as('bars'), eb.fn.sum<string>('b.book_weight').as('grams')])
    .groupBy('b.metal')
    .orderBy('b.metal')
    .$narrowType<{ metal: TreasuryMetal }>()
    .execute();
  return rows.map((r) => ({ metal: r.metal, bars: Number(r.bars), grams: r.grams }));
}

/**
 * A set of rows passed as one array parameter per column, as a table `alias(columns...)`: one
 * parameter per column whatever the number of rows (unnest has no builder method).
 */
function unnestAs<R extends Record<string, unknown>, A extends string>(alias: A, columns: { [K in keyof R & string]: { values: readonly R[K][]; type: string } }) {
  const names = Object.keys(columns);
  const arrays = names.map((name) => sql`CAST(${[...columns[name]!.values]} AS ${sql.raw(`${columns[name]!.type}[]`)})`);
  return sql<R>`unnest(${sql.join(arrays)})`.as<A>(sql`${sql.ref(alias)}(${sql.join(names.map((n) => sql.ref(n)))})`);
}

/** The bars not released with these (metal, refiner case-insensitive, serial) keys. */
export async function barsWithKeys(
  q: Queryable,
  keys: ReadonlyArray<{ metal: string; refiner: string; serial: string }>,
): Promise<Array<{ id: number; metal: string; refiner: string; serial: string; status: BarStatus }>> {
  if (keys.length === 0) return [];
  const k = unnestAs<{ metal: string; refiner: string; serial: string }, 'k'>('k', {
    metal: { values: keys.map((x) => x.metal), type: 'text' },
    refiner: { values: keys.map((x) => x.refiner), type: 'text' },
    serial: { values: keys.map((x) => x.serial), type: 'text' },
  });
  return kysely(q)
    .selectFrom('vault_bars as b')
    .innerJoin(k, (join) =>
      join
        .onRef('b.metal', '=', 'k.metal')
        .on((eb) => eb(eb.fn('lower', [eb.ref('b.refiner')]), '=', eb.fn('lower', [eb.ref('k.refiner')])))
        .onRef('b.serial', '=', 'k.serial'),
    )
    .select(['b.id', 'b.metal', 'b.refiner', 'b.serial', 'b.status'])
    .where('b.status', '<>', 'released')
    .$narrowType<{ status: BarStatus }>()
    .execute();
}

/** A bar recorded pending its receive: a weight list's bar (its fields, not its line) and where it is booked. */
export type NewBar = Omit<ListedBar, 'line'> & {
  bookWeight: string;
  custodian: string;
  vaultId: number;
};

export async function insertPendingBar(q: Queryable, b: NewBar, at: Date): Promise<number> {
  const row = await kysely(q)
    .insertInto('vault_bars')
    .values({
      serial: b.serial,
      refiner: b.refiner,
      metal: b.metal,
      form: b.form,
      year: b.year,
      gross_weight: b.grossWeight,
      fineness: b.fineness,
      fine_weight: b.fineWeight,
      book_weight: b.bookWeight,
      refiner_weight: b.refinerWeight,
      vault_weight: b.vaultWeight,
      custodian: b.custodian,
      vault_id: b.vaultId,
      status: 'pending',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setBars(q: Queryable, ids: readonly number[], change: { status: BarStatus; vaultId?: number; custodian?: string }, at: Date): Promise<void> {
  await kysely(q)
    .updateTable('vault_bars')
    .set({
      status: change.status,
      ...(change.vaultId !== undefined ? { vault_id: change.vaultId } : {}),
      ...(change.custodian !== undefined ? { custodian: change.custodian } : {}),
      updated_at: at,
    })
    .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .execute();
}

export async function deleteBars(q: Queryable, ids: readonly number[]): Promise<void> {
  await kysely(q)
    .deleteFrom('vault_bars')
    .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
    .execute();
}

/** A bar as a movement recorded it (vault_movement_bars.bar): what it was when the movement was recorded. */
export type MovementBar = {
  serial: string;
  refiner: string;
  metal: TreasuryMetal;
  bookWeight: string;
  status: BarStatus;
  vaultId: number | null;
  vaultCode: string | null;
};

const selectMovements = (q: Queryable) =>
  kysely(q)
    .selectFrom('vault_movements as m')
    .leftJoin('vaults as v', 'v.id', 'm.vault_id')
    .leftJoin('admins as s', 's.id', 'm.submitted_by')
    .leftJoin('admins as d', 'd.id', 'm.decided_by')
    .select(['m.id', 'm.kind', 'm.status', 'm.to_status', 'm.vault_id', 'v.code as vault_code', 'm.request_id', 'm.list_id', 'm.note', 'm.decline_reason'])
    .select(['m.submitted_by', 's.username as submitter', 'm.decided_by', 'd.username as decider', 'm.created_at', 'm.decided_at'])
    // CHECK lists in the schema; the domain names their values
    .$narrowType<{ kind: MovementKind; status: MovementStatus; to_status: SettableStatus | null }>();

export type MovementRow = Awaited<ReturnType<ReturnType<typeof selectMovements>['executeTakeFirstOrThrow']>>;

export async function insertMovement(
  q: Queryable,
  m: { kind: MovementKind; toStatus: SettableStatus | null; vaultId: number | null; requestId: number | null; listId: number | null; note: string | null; by: number; at: Date },
): Promise<number> {
  const row = await kysely(q)
    .insertInto('vault_movements')
    .values({ kind: m.kind, to_status: m.toStatus, vault_id: m.vaultId, request_id: m.requestId, list_id: m.listId, note: m.note, submitted_by: m.by, created_at: m.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMovementBars(q: Queryable, movementId: number, bars: ReadonlyArray<{ barId: number; bar: MovementBar }>): Promise<void> {
  const s = unnestAs<{ seq: number; bar_id: number; bar: string }, 's'>('s', {
    seq: { values: bars.map((_, i) => i + 1), type: 'int' },
    bar_id: { values: bars.map((b) => b.barId), type: 'bigint' },
    bar: { values: bars.map((b) => JSON.stringify(b.bar)), type: 'jsonb' },
  });
  await kysely(q)
    .insertInto('vault_movement_bars')
    .columns(['movement_id', 'seq', 'bar_id', 'bar'])
    .expression((eb) => eb.selectFrom(s).select((x) => [x.val(movementId).as('movement_id'), 's.seq', 's.bar_id', 's.bar']))
    .execute();
  const p = unnestAs<{ bar_id: number }, 'p'>('p', { bar_id: { values: bars.map((b) => b.barId), type: 'bigint' } });
  await kysely(q)
    .insertInto('vault_bar_pending')
    .columns(['bar_id', 'movement_id'])
    .expression((eb) => eb.selectFrom(p).select((x) => ['p.bar_id', x.val(movementId).as('movement_id')]))
    .execute();
}

/** Bars among these that a pending movement names already. */
export async function barsPending(q: Queryable, barIds: readonly number[]): Promise<Array<{ bar_id: number; movement_id: number }>> {
  if (barIds.length === 0) return [];
  return kysely(q)
    .selectFrom('vault_bar_pending')
    .select(['bar_id', 'movement_id'])
    .where('bar_id', '=', (eb) => eb.fn.any(eb.val([...barIds])))
    .orderBy('bar_id')
    .execute();
}

export async function findMovement(q: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<MovementRow | undefined> {
  return selectMovements(q)
    .where('m.id', '=', id)
    .$if(options.forUpdate === true, (qb) => qb.forUpdate('m'))
    .executeTakeFirst();
}

export type MovementBarRow = { movement_id: number; bar_id: number | null; bar: MovementBar };

export async function movementBars(q: Queryable, movementIds: readonly number[]): Promise<MovementBarRow[]> {
  if (movementIds.length === 0) return [];
  return kysely(q)
    .selectFrom('vault_movement_bars')
    .select(['movement_id', 'bar_id', 'bar'])
    .where('movement_id', '=', (eb) => eb.fn.any(eb.val([...movementIds])))
    .orderBy('movement_id')
    .orderBy('seq')
    // the jsonb snapshot written by insertMovementBars
    .$narrowType<{ bar: MovementBar }>()
    .execute();
}

export async function decideMovement(q: Queryable, id: number, d: { status: 'approved' | 'declined'; by: number; at: Date; reason?: string }): Promise<boolean> {
  const row = await kysely(q)
    .updateTable('vault_movements')
    .set({ status: d.status, decided_by: d.by, decided_at: d.at, decline_reason: d.reason ?? null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  await kysely(q).deleteFrom('vault_bar_pending').where('movement_id', '=', id).execute();
  return row !== undefined;
}

type MovementFilter = Pick<MovementListQuery, 'status' | 'kind' | 'requestId' | 'barId'>;

/** The movement list's filter on `vault_movements as m`. */
function filterMovements<QB extends SelectQueryBuilder<Database & { m: VaultMovementsTable }, 'm', object>>(qb: QB, query: MovementFilter): QB {
  return qb
    .$if(Boolean(query.status), (w) => w.where('m.status', '=', query.status!))
    .$if(Boolean(query.kind), (w) => w.where('m.kind', '=', query.kind!))
    .$if(Boolean(query.requestId), (w) => w.where('m.request_id', '=', query.requestId!))
    .$if(Boolean(query.barId), (w) =>
      w.where((eb) =>
        eb.exists(
          eb
            .selectFrom('vault_movement_bars as mb')
            .select(eb.lit(1).as('one'))
            .whereRef('mb.movement_id', '=', 'm.id')
            .where('mb.bar_id', '=', query.barId!),
        ),
      ),
    ) as QB;
}

export async function listMovements(q: Queryable, query: MovementListQuery): Promise<{ rows: MovementRow[]; total: number }> {
  const direction = query.order === 'asc' && query.sort ? 'asc' : 'desc';
  const rows = await filterMovements(selectMovements(q), query)
    .orderBy('m.id', direction)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const count = await filterMovements(kysely(q).selectFrom('vault_movements as m'), query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function insertCustodianList(
  q: Queryable,
  l: { custodian: string; vaultId: number; fileName: string; asOf: string; rowCount: number; by: number; at: Date },
): Promise<number> {
  const row = await kysely(q)
    .insertInto('custodian_bar_lists')
    .values({ custodian: l.custodian, vault_id: l.vaultId, file_name: l.fileName, as_of: l.asOf, row_count: l.rowCount, imported_by: l.by, imported_at: l.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCustodianBars(
  q: Queryable,
  listId: number,
  bars: ReadonlyArray<{ line: number; serial: string; refiner: string; metal: string; grossWeight: string; fineness: string; fineWeight: string }>,
): Promise<void> {
  if (bars.length === 0) return;
  const s = unnestAs<{ line: number; serial: string; refiner: string; metal: string; gross: string; fineness: string; fine: string }, 's'>('s', {
    line: { values: bars.map((b) => b.line), type: 'int' },
    serial: { values: bars.map((b) => b.serial), type: 'text' },
    refiner: { values: bars.map((b) => b.refiner), type: 'text' },
    metal: { values: bars.map((b) => b.metal), type: 'text' },
    gross: { values: bars.map((b) => b.grossWeight), type: 'numeric' },
    fineness: { values: bars.map((b) => b.fineness), type: 'numeric' },
    fine: { values: bars.map((b) => b.fineWeight), type: 'numeric' },
  });
  await kysely(q)
    .insertInto('custodian_bars')
    .columns(['list_id', 'line', 'serial', 'refiner', 'metal', 'gross_weight', 'fineness', 'fine_weight'])
    .expression((eb) => eb.selectFrom(s).select((x) => [x.val(listId).as('list_id'), 's.line', 's.serial', 's.refiner', 's.metal', 's.gross', 's.fineness', 's.fine']))
    .execute();
}
