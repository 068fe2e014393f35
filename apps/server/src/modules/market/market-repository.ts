import { sql } from 'kysely';
import type { Metal } from '@aurum/domain/system/metals';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** Takes or renews the price feed's lease for `holder` (free, or already its own); true when it holds it. */
export async function takeFeedLease(q: Queryable, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await kysely(q)
    .updateTable('market_feed_lease')
    .set({ holder, until: sql`now() + (${String(leaseMs)} || ' milliseconds')::interval` })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('until', '<', sql<Date>`now()`)]))
    .returning('holder')
    .execute();
  return rows.length > 0;
}

/** Lets the lease go at once (the process stops). */
export async function releaseFeedLease(q: Queryable, holder: string): Promise<void> {
  await kysely(q).updateTable('market_feed_lease').set({ until: sql`now()` }).where('id', '=', 1).where('holder', '=', holder).execute();
}

/** Every manual price with who set it, by metal (the API's shape). */
export async function listManualPrices(q: Queryable) {
  return kysely(q)
    .selectFrom('manual_prices as m')
    .leftJoin('admins as a', 'a.id', 'm.set_by')
    .select(['m.metal', 'm.bid', 'm.ask', 'm.expires_at as expiresAt', 'm.set_at as setAt', 'a.username as setBy'])
    .orderBy('m.metal')
    .execute();
}

/** Every manual price as the market applies it. */
export async function manualPriceRows(q: Queryable): Promise<Array<{ metal: Metal; bid: string; ask: string; expires_at: Date | null }>> {
  const rows = await kysely(q).selectFrom('manual_prices').select(['metal', 'bid', 'ask', 'expires_at']).execute();
  return rows.map((r) => ({ ...r, metal: r.metal as Metal })); // a CHECK list in the schema
}

export async function lockManualPrice(q: Queryable, metal: Metal) {
  return kysely(q).selectFrom('manual_prices').select(['metal', 'bid', 'ask', 'expires_at']).where('metal', '=', metal).forUpdate().executeTakeFirst();
}

export async function upsertManualPrice(q: Queryable, p: { metal: Metal; bid: string; ask: string; expiresAt: string | null; by: number; at: Date }) {
  const values = { bid: p.bid, ask: p.ask, expires_at: p.expiresAt, set_by: p.by, set_at: p.at };
  return kysely(q)
    .insertInto('manual_prices')
    .values({ metal: p.metal, ...values })
    .onConflict((oc) => oc.column('metal').doUpdateSet(values))
    .returning(['metal', 'bid', 'ask', 'expires_at as expiresAt'])
    .executeTakeFirstOrThrow();
}

export async function deleteManualPrice(q: Queryable, metal: Metal) {
  return kysely(q).deleteFrom('manual_prices').where('metal', '=', metal).returning(['metal', 'bid', 'ask']).executeTakeFirst();
}

/**
 * Records the feed's health (migration 022) when it holds another state: under the row lock, so
 * of several processes seeing the same change only one changes it. Answers the state before, or
 * null when it was this state already.
 */
export async function recordFeedHealth(q: Queryable, state: string, detail: object, at: Date): Promise<string | null> {
  const row = await kysely(q).selectFrom('price_feed_health').select('state').where('id', '=', 1).forUpdate().executeTakeFirst();
  if (!row || row.state === state) return null;
  await kysely(q).updateTable('price_feed_health').set({ state, detail: JSON.stringify(detail), changed_at: at }).where('id', '=', 1).execute();
  return row.state;
}

/**
 * Makes the caller's transaction one read-only snapshot (REPEATABLE READ): its first statement, so
 * that every read of it sees the same moment. The builder has no verb for SET TRANSACTION.
 */
export async function readOnlySnapshot(q: Queryable): Promise<void> {
  await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(kysely(q));
}
