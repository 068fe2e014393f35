import { sql, type NotNull } from 'kysely';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import type { CoverageMode, MetalPrice } from '@aurum/domain/treasury/treasury-books';
import { roundTo } from '@aurum/domain/money/decimal';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * The treasury's queries (decision 0836). The books come from treasury_book_deltas (migration 020):
 * a handful of rows per metal once folded, written by triggers in the writers' own transactions.
 */

export interface BookRow {
  metal: TreasuryMetal;
  book: string;
  balance: string;
}

/** Every book's balance (sum of its delta rows), of one metal or of all. */
export async function bookBalances(q: Queryable, metal?: TreasuryMetal): Promise<BookRow[]> {
  return kysely(q)
    .selectFrom('treasury_book_deltas')
    .select((eb) => ['metal', 'book', eb.fn.sum<string>('delta').as('balance')])
    .$if(metal !== undefined, (qb) => qb.where('metal', '=', metal!))
    .groupBy(['metal', 'book'])
    .$narrowType<{ metal: TreasuryMetal }>()
    .execute();
}

/**
 * The coverage rule's step in one round trip (migration 020's treasury_cover): `grams` (> 0 for a
 * buy) taken from the quota slot `slot` when it has them (path 'quota': covered); otherwise, under
 * every slot of the metal locked, the books read afresh and the headroom handed out again (path
 * 'books': customer metal, supply and the mode, for the caller to decide). The slow path locks every
 * slot of the metal until commit.
 */
export async function cover(
  q: Queryable,
  metal: TreasuryMetal,
  grams: string,
  slot: number,
): Promise<{ path: 'quota' } | { path: 'books'; customer: string; supply: string; mode: CoverageMode }> {
  // a set-returning function of the migration, called with typed arguments: the builder names tables only
  const cover = sql<{ path: 'quota' | 'books'; customer: string; supply: string; mode: CoverageMode }>`treasury_cover(${metal}, CAST(${grams} AS numeric), CAST(${slot} AS int))`;
  const row = await kysely(q).selectFrom(cover.as('c')).select(['c.path', 'c.customer', 'c.supply', 'c.mode']).executeTakeFirstOrThrow();
  if (row.path === 'quota') return { path: 'quota' };
  return { path: 'books', customer: row.customer, supply: row.supply, mode: row.mode };
}

/** Book weight of available bars per metal. */
export async function availableBars(q: Queryable): Promise<Map<string, string>> {
  const rows = await kysely(q)
    .selectFrom('vault_bars')
    .select((eb) => ['metal', eb.fn.sum<string>('book_weight').as('weight')])
    .where('status', '=', 'available')
    .groupBy('metal')
    .execute();
  return new Map(rows.map((r) => [r.metal, r.weight]));
}

/** Hedge buys minus hedge sells not canceled, per metal. */
export async function hedgedTotals(q: Queryable): Promise<Map<string, string>> {
  const rows = await kysely(q)
    .selectFrom('hedges')
    .select((eb) => ['metal', eb.fn.sum<string>(eb.case('side').when('BUY').then(eb.ref('quantity')).else(eb.neg(eb.ref('quantity'))).end()).as('hedged')])
    .where('state', '<>', 'canceled')
    .groupBy('metal')
    .execute();
  return new Map(rows.map((r) => [r.metal, r.hedged]));
}

/**
 * The metal of an order: the first part of its symbol ('XAU/MYR' -> 'XAU'). The separator is a
 * literal, not a parameter, so that SELECT and GROUP BY hold the same expression.
 */
const metalOfOrder = sql<string>`split_part(${sql.ref('o.symbol')}, '/', 1)`;

/**
 * Metal customers still owe on filled sells, per metal: quantity - gold reserved at fill - principal
 * delivered by payments not refunded (the domain's sellOwed), over open sells only (orders_status_id).
 */
export async function sellReceivables(q: Queryable): Promise<Map<string, string>> {
  const rows = await kysely(q)
    .selectFrom('orders as o')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('order_payments')
          .select((p) => p.fn.sum<string>('to_principal').as('paid'))
          .whereRef('order_id', '=', 'o.id')
          .where('kind', '=', 'XAU')
          .where('refunded_at', 'is', null)
          .as('p'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      metalOfOrder.as('metal'),
      eb.fn
        .sum<string>(
          eb.fn('greatest', [eb(eb(eb.ref('o.quantity_gram'), '-', eb.ref('o.gold_reserved')), '-', eb.fn.coalesce('p.paid', eb.lit(0)).$castTo<string>()), eb.lit(0)]),
        )
        .as('owed'),
    ])
    .where('o.status', 'in', ['FILLED', 'SETTLED', 'OVERDUE'])
    .where('o.action', '=', 'SELL')
    .groupBy(metalOfOrder)
    .execute();
  return new Map(rows.map((r) => [r.metal, r.owed]));
}

const selectSettings = (q: Queryable) =>
  kysely(q)
    .selectFrom('treasury_settings as s')
    .leftJoin('admins as a', 'a.id', 's.updated_by')
    .select(['s.metal', 's.coverage_mode', 's.target', 's.band', 's.offline_price_band', 's.outside_band', 's.updated_at', 'a.username as updated_by'])
    // CHECK lists in the schema; the domain names their values
    .$narrowType<{ metal: TreasuryMetal; coverage_mode: CoverageMode }>();

export type SettingsRow = Awaited<ReturnType<ReturnType<typeof selectSettings>['executeTakeFirstOrThrow']>>;

export async function settingsRows(q: Queryable): Promise<SettingsRow[]> {
  return (
    selectSettings(q)
      // the metals in the order the screens list them (array_position has no builder method)
      .orderBy(sql`array_position(ARRAY['XAU', 'XPT', 'XAG'], ${sql.ref('s.metal')})`)
      .execute()
  );
}

/** One metal's settings row, locked until the transaction ends. */
export async function lockSettings(q: Queryable, metal: TreasuryMetal): Promise<SettingsRow | undefined> {
  return kysely(q)
    .selectFrom('treasury_settings')
    .select((eb) => ['metal', 'coverage_mode', 'target', 'band', 'offline_price_band', 'outside_band', 'updated_at', eb.lit(null).$castTo<string | null>().as('updated_by')])
    .where('metal', '=', metal)
    .forUpdate()
    .$narrowType<{ metal: TreasuryMetal; coverage_mode: CoverageMode }>()
    .executeTakeFirst();
}

export async function updateSettings(
  q: Queryable,
  metal: TreasuryMetal,
  values: { coverageMode: CoverageMode; target: string; band: string; offlinePriceBand: string },
  by: number,
  now: Date,
): Promise<void> {
  await kysely(q)
    .updateTable('treasury_settings')
    .set({ coverage_mode: values.coverageMode, target: values.target, band: values.band, offline_price_band: values.offlinePriceBand, updated_by: by, updated_at: now })
    .where('metal', '=', metal)
    .execute();
}

/** The offline price band of a metal (percent), as its settings row holds it. */
export async function offlinePriceBandOf(q: Queryable, metal: TreasuryMetal): Promise<string | undefined> {
  const row = await kysely(q).selectFrom('treasury_settings').select('offline_price_band').where('metal', '=', metal).executeTakeFirst();
  return row?.offline_price_band;
}

/** Sets the outside_band flag only when it differs (answers whether it changed: one alert per crossing). */
export async function flipOutsideBand(q: Queryable, metal: TreasuryMetal, outside: boolean): Promise<boolean> {
  const row = await kysely(q)
    .updateTable('treasury_settings')
    .set({ outside_band: outside })
    .where('metal', '=', metal)
    .where('outside_band', '<>', outside)
    .returning('metal')
    .executeTakeFirst();
  return row !== undefined;
}

/** E-mail addresses of the active superAdmins. */
export async function superAdminEmails(q: Queryable): Promise<string[]> {
  const rows = await kysely(q)
    .selectFrom('admins')
    .select('email')
    .where('role', '=', 'superAdmin')
    .where('deleted_at', 'is', null)
    .where('email', 'is not', null)
    .orderBy('id')
    .$narrowType<{ email: NotNull }>()
    .execute();
  return rows.map((r) => r.email);
}

/**
 * Folds the delta rows into one per (metal, book): the rows this statement sees are deleted and
 * summed; what concurrent transactions add meanwhile stays for the next fold (the sums never change).
 * The same statement as the order counters' fold (decision 0918).
 */
export async function foldBooks(q: Queryable): Promise<number> {
  const row = await kysely(q)
    .with('gone', (d) => d.deleteFrom('treasury_book_deltas').returning(['metal', 'book', 'delta']))
    .with('kept', (d) =>
      d
        .insertInto('treasury_book_deltas')
        .columns(['metal', 'book', 'delta'])
        .expression((eb) =>
          eb
            .selectFrom('gone')
            .select((s) => ['gone.metal', 'gone.book', s.fn.sum<string>('gone.delta').as('delta')])
            .groupBy(['gone.metal', 'gone.book'])
            .having((h) => h.fn.sum('gone.delta'), '<>', 0),
        )
        .returning('metal'),
    )
    .selectNoFrom((eb) => [eb.selectFrom('gone').select((s) => s.fn.countAll<number>().as('n')).as('folded'), eb.selectFrom('kept').select((s) => s.fn.countAll<number>().as('n')).as('kept')])
    .executeTakeFirstOrThrow();
  return Number(row.folded ?? 0);
}

/**
 * VACUUMs the books' delta rows and the coverage quota (updated by every buy) after a fold that
 * removed rows: PGlite runs no autovacuum. Outside a transaction: VACUUM refuses to run in one.
 */
export async function vacuumBooks(q: Queryable): Promise<void> {
  // VACUUM is a maintenance command the builder has no verb for
  await sql`VACUUM treasury_book_deltas`.execute(kysely(q));
  await sql`VACUUM treasury_coverage_quota`.execute(kysely(q));
}

/** Writes a metal's history point of a slot, unless one is there already (another process wrote it). */
export async function insertHistoryPoint(
  q: Queryable,
  point: { metal: TreasuryMetal; at: Date; net: string; mtmMyr: string | null; mtmUsd: string | null; price: MetalPrice | null },
): Promise<void> {
  await kysely(q)
    .insertInto('treasury_history')
    .values({
      metal: point.metal,
      at: point.at,
      net: point.net,
      mtm_myr: point.mtmMyr,
      mtm_usd: point.mtmUsd,
      usd_per_ounce: point.price === null ? null : roundTo(point.price.usdPerOunce, 6),
      usd_myr: point.price === null ? null : roundTo(point.price.usdMyr, 6),
    })
    .onConflict((oc) => oc.columns(['metal', 'at']).doNothing())
    .execute();
}

/** The history points since a moment, oldest first. */
export async function historySince(q: Queryable, since: Date): Promise<Array<{ metal: TreasuryMetal; at: Date; net: string }>> {
  return kysely(q)
    .selectFrom('treasury_history')
    .select((eb) => ['metal', 'at', eb.cast<string>('net', 'numeric(24, 4)').as('net')])
    .where('at', '>=', since)
    .orderBy('at')
    .orderBy('metal')
    .$narrowType<{ metal: TreasuryMetal }>()
    .execute();
}

/** The latest history point of a metal at or before a moment that was valued (its mids, or its value and net), or undefined. */
export async function pricedPointAt(q: Queryable, metal: TreasuryMetal, at: Date) {
  return kysely(q)
    .selectFrom('treasury_history')
    .select(['at', 'net', 'mtm_myr', 'usd_per_ounce', 'usd_myr'])
    .where('metal', '=', metal)
    .where('at', '<=', at)
    .where((eb) => eb.or([eb('usd_per_ounce', 'is not', null), eb.and([eb('mtm_myr', 'is not', null), eb('net', '<>', '0')])]))
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest USD/MYR mid a history point was valued at, at or before a moment, or undefined. */
export async function rateAt(q: Queryable, at: Date) {
  return kysely(q).selectFrom('treasury_history').select(['at', 'usd_myr']).where('at', '<=', at).where('usd_myr', 'is not', null).orderBy('at', 'desc').limit(1).executeTakeFirst();
}
