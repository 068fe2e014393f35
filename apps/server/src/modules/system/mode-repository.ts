import { autoSettleReenableAt } from '@aurum/domain/system/market-status';
import { sql, type Updateable } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import type { SystemModesTable } from '../../db/db-types.ts';
import { kysely } from '../../db/query-builder.ts';

/** The one row of system_modes, as stored. */
export interface ModesRow {
  panic: boolean;
  trading_period: boolean;
  auto_settle: boolean;
  auto_settle_since: Date | null;
  /** The settings' version: one more on every change of a mode, an adjust, a holiday or a manual price. */
  settings_version: number;
}

export interface Modes {
  panic: boolean;
  tradingPeriod: boolean;
  autoSettle: boolean;
  reenableAt: Date | null;
}

/** The switchable columns of system_modes. */
export type ModeColumn = 'panic' | 'trading_period' | 'auto_settle';

const MODE_COLUMNS = ['panic', 'trading_period', 'auto_settle', 'auto_settle_since', 'settings_version'] as const;

export async function readModeRow(q: Queryable): Promise<ModesRow> {
  return kysely(q).selectFrom('system_modes').select(MODE_COLUMNS).where('id', '=', 1).executeTakeFirstOrThrow();
}

/**
 * The settings lock (an advisory lock, one key): every settings change takes it exclusively before
 * it changes the version, and every money-moving transaction takes it shared before it reads the
 * modes. PostgreSQL queues a lock request behind a waiting one that conflicts with it, so a switch
 * waits only for the transactions already holding it, and those that come after wait for the
 * switch (a row's FOR SHARE lets new sharers pass a waiting updater, which then waits for ever
 * under steady orders).
 */
const SETTINGS_LOCK = 7_261_005;

/**
 * The row as a money-moving transaction acts on it: under the settings lock (shared, held until
 * the transaction ends), then read by a statement of its own, so that a switch committed while
 * this waited is seen; while the lock is held, no settings change commits.
 */
export async function readModeRowForMoney(q: Queryable): Promise<ModesRow> {
  // an advisory lock is a function call the builder has no verb for
  await sql`SELECT pg_advisory_xact_lock_shared(CAST(${SETTINGS_LOCK} AS bigint))`.execute(kysely(q));
  return readModeRow(q);
}

/** Waits for the money-moving transactions that read the settings and makes the next ones wait for this one (until it ends). */
async function lockSettings(q: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(CAST(${SETTINGS_LOCK} AS bigint))`.execute(kysely(q));
}

/** Adds one to the settings' version in the caller's transaction (the row stays locked until it ends); answers the new version. */
export async function bumpSettingsVersion(q: Queryable): Promise<number> {
  await lockSettings(q);
  const row = await kysely(q)
    .updateTable('system_modes')
    .set((eb) => ({ settings_version: eb('settings_version', '+', 1) }))
    .where('id', '=', 1)
    .returning('settings_version')
    .executeTakeFirstOrThrow();
  return Number(row.settings_version);
}

/** The modes as they stand at `now`: auto-settle mode has turned itself off once 12:00 has passed. */
export function modesAt(row: ModesRow, now: Date): Modes {
  const reenableAt = row.auto_settle && row.auto_settle_since ? autoSettleReenableAt(row.auto_settle_since) : null;
  const autoSettle = row.auto_settle && reenableAt !== null && reenableAt > now;
  return { panic: row.panic, tradingPeriod: row.trading_period, autoSettle, reenableAt: autoSettle ? reenableAt : null };
}

/** The modes as they stand now, read on `q` (inside a transaction: as that transaction sees them). */
export async function readModes(q: Queryable, now: Date): Promise<Modes> {
  return modesAt(await readModeRow(q), now);
}

/**
 * Switches one mode and adds one to the settings' version; switching auto-settle on (off) also
 * sets (clears) the moment it was switched on. Answers the new version.
 */
export async function writeMode(q: Queryable, column: ModeColumn, enabled: boolean, now: Date, adminId: number): Promise<number> {
  const set: Updateable<SystemModesTable> = { [column]: enabled, updated_at: now, updated_by: adminId };
  if (column === 'auto_settle') set.auto_settle_since = enabled ? now : null;
  await lockSettings(q);
  const row = await kysely(q)
    .updateTable('system_modes')
    .set((eb) => ({ ...set, settings_version: eb('settings_version', '+', 1) }))
    .where('id', '=', 1)
    .returning('settings_version')
    .executeTakeFirstOrThrow();
  return Number(row.settings_version);
}
