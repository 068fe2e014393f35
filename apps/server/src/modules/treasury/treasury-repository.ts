import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import type { CoverageMode } from '@aurum/domain/treasury/treasury-books';
import type { Queryable } from '../../db/db.ts';

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
  return q.query<BookRow>(
    `SELECT metal, book, sum(delta)::text AS balance FROM treasury_book_deltas ${metal ? 'WHERE metal = $1' : ''} GROUP BY metal, book`,
    metal ? [metal] : [],
  );
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
  const [row] = await q.query<{ path: 'quota' | 'books'; customer: string; supply: string; mode: CoverageMode }>(
    'SELECT path, customer, supply, mode FROM treasury_cover($1, $2::numeric, $3::int)',
    [metal, grams, slot],
  );
  if (row!.path === 'quota') return { path: 'quota' };
  return { path: 'books', customer: row!.customer, supply: row!.supply, mode: row!.mode };
}

/** Book weight of available bars per metal. */
export async function availableBars(q: Queryable): Promise<Map<string, string>> {
  const rows = await q.query<{ metal: string; weight: string }>(
    `SELECT metal, sum(book_weight)::text AS weight FROM vault_bars WHERE status = 'available' GROUP BY metal`,
  );
  return new Map(rows.map((r) => [r.metal, r.weight]));
}

/** Hedge buys minus hedge sells not canceled, per metal. */
export async function hedgedTotals(q: Queryable): Promise<Map<string, string>> {
  const rows = await q.query<{ metal: string; hedged: string }>(
    `SELECT metal, sum(CASE side WHEN 'BUY' THEN quantity ELSE -quantity END)::text AS hedged FROM hedges WHERE state <> 'canceled' GROUP BY metal`,
  );
  return new Map(rows.map((r) => [r.metal, r.hedged]));
}

/**
 * Metal customers still owe on filled sells, per metal: quantity - gold reserved at fill - principal
 * delivered by payments not refunded (the domain's sellOwed), over open sells only (orders_status_id).
 */
export async function sellReceivables(q: Queryable): Promise<Map<string, string>> {
  const rows = await q.query<{ metal: string; owed: string }>(
    `SELECT split_part(o.symbol, '/', 1) AS metal,
            sum(greatest(o.quantity_gram - o.gold_reserved - coalesce(p.paid, 0), 0))::text AS owed
       FROM orders o
       LEFT JOIN LATERAL (
         SELECT sum(to_principal) AS paid FROM order_payments
          WHERE order_id = o.id AND kind = 'XAU' AND refunded_at IS NULL
       ) p ON true
      WHERE o.status IN ('FILLED', 'SETTLED', 'OVERDUE') AND o.action = 'SELL'
      GROUP BY 1`,
  );
  return new Map(rows.map((r) => [r.metal, r.owed]));
}

export interface SettingsRow {
  metal: TreasuryMetal;
  coverage_mode: CoverageMode;
  target: string;
  band: string;
  outside_band: boolean;
  updated_at: Date;
  updated_by: string | null;
}

export async function settingsRows(q: Queryable): Promise<SettingsRow[]> {
  return q.query<SettingsRow>(
    `SELECT s.metal, s.coverage_mode, s.target::text AS target, s.band::text AS band, s.outside_band, s.updated_at, a.username AS updated_by
       FROM treasury_settings s LEFT JOIN admins a ON a.id = s.updated_by
      ORDER BY array_position(ARRAY['XAU', 'XPT', 'XAG'], s.metal)`,
  );
}

/** One metal's settings row, locked until the transaction ends. */
export async function lockSettings(q: Queryable, metal: TreasuryMetal): Promise<SettingsRow | undefined> {
  const [row] = await q.query<SettingsRow>(
    `SELECT metal, coverage_mode, target::text AS target, band::text AS band, outside_band, updated_at, NULL AS updated_by
       FROM treasury_settings WHERE metal = $1 FOR UPDATE`,
    [metal],
  );
  return row;
}

export async function updateSettings(
  q: Queryable,
  metal: TreasuryMetal,
  values: { coverageMode: CoverageMode; target: string; band: string },
  by: number,
  now: Date,
): Promise<void> {
  await q.query('UPDATE treasury_settings SET coverage_mode = $2, target = $3, band = $4, updated_by = $5, updated_at = $6 WHERE metal = $1', [
    metal,
    values.coverageMode,
    values.target,
    values.band,
    by,
    now,
  ]);
}

/** Sets the outside_band flag only when it differs (answers whether it changed: one alert per crossing). */
export async function flipOutsideBand(q: Queryable, metal: TreasuryMetal, outside: boolean): Promise<boolean> {
  const rows = await q.query('UPDATE treasury_settings SET outside_band = $2 WHERE metal = $1 AND outside_band <> $2 RETURNING metal', [metal, outside]);
  return rows.length > 0;
}

/** E-mail addresses of the active superAdmins. */
export async function superAdminEmails(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ email: string }>(
    `SELECT email FROM admins WHERE role = 'superAdmin' AND deleted_at IS NULL AND email IS NOT NULL ORDER BY id`,
  );
  return rows.map((r) => r.email);
}

/**
 * Folds the delta rows into one per (metal, book): the rows this statement sees are deleted and
 * summed; what concurrent transactions add meanwhile stays for the next fold (the sums never change).
 */
export async function foldBooks(q: Queryable): Promise<number> {
  const [row] = await q.query<{ folded: number }>(
    `WITH gone AS (DELETE FROM treasury_book_deltas RETURNING metal, book, delta),
          kept AS (INSERT INTO treasury_book_deltas (metal, book, delta)
                   SELECT metal, book, sum(delta) FROM gone GROUP BY metal, book HAVING sum(delta) <> 0 RETURNING 1)
     SELECT (SELECT count(*) FROM gone)::int AS folded, (SELECT count(*) FROM kept)::int AS kept`,
  );
  return row?.folded ?? 0;
}

/** Writes a metal's history point of a slot, unless one is there already (another process wrote it). */
export async function insertHistoryPoint(q: Queryable, point: { metal: TreasuryMetal; at: Date; net: string; mtmMyr: string | null; mtmUsd: string | null }): Promise<void> {
  await q.query('INSERT INTO treasury_history (metal, at, net, mtm_myr, mtm_usd) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (metal, at) DO NOTHING', [
    point.metal,
    point.at,
    point.net,
    point.mtmMyr,
    point.mtmUsd,
  ]);
}

/** The history points since a moment, oldest first. */
export async function historySince(q: Queryable, since: Date): Promise<Array<{ metal: TreasuryMetal; at: Date; net: string }>> {
  return q.query<{ metal: TreasuryMetal; at: Date; net: string }>('SELECT metal, at, net::numeric(24, 4)::text AS net FROM treasury_history WHERE at >= $1 ORDER BY at, metal', [since]);
}
