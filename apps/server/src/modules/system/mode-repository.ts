import { autoSettleReenableAt } from '@aurum/domain/system/market-status';
import type { Queryable } from '../../db/db.ts';

/** The one row of system_modes, as stored. */
export interface ModesRow {
  panic: boolean;
  trading_period: boolean;
  auto_settle: boolean;
  auto_settle_since: Date | null;
}

export interface Modes {
  panic: boolean;
  tradingPeriod: boolean;
  autoSettle: boolean;
  reenableAt: Date | null;
}

/** The switchable columns of system_modes. */
export type ModeColumn = 'panic' | 'trading_period' | 'auto_settle';

export async function readModeRow(q: Queryable): Promise<ModesRow> {
  const [row] = await q.query<ModesRow>('SELECT panic, trading_period, auto_settle, auto_settle_since FROM system_modes WHERE id = 1');
  return row!;
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

export async function writeMode(q: Queryable, column: ModeColumn, enabled: boolean, now: Date, adminId: number): Promise<void> {
  await q.query(
    `UPDATE system_modes SET ${column} = $1, updated_at = $2, updated_by = $3${
      column === 'auto_settle' ? ', auto_settle_since = CASE WHEN $1 THEN $2::timestamptz ELSE NULL END' : ''
    } WHERE id = 1`,
    [enabled, now, adminId],
  );
}
