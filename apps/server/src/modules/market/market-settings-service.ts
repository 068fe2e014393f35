import { METALS, type Metal } from '@aurum/domain/system/metals';
import type { AdjustSettings } from '@aurum/domain/orders/order-pricing';
import type { Db, Queryable } from '../../db/db.ts';
import { readAdjust, type Variant } from '../system/adjust-service.ts';
import { holidayDates } from '../system/holiday-service.ts';
import { modesAt, readModeRow, type ModesRow } from '../system/mode-service.ts';
import { manualPriceRows, readOnlySnapshot } from './market-repository.ts';

/** The settings that price orders and open the market, as of one settings version (from the database). */
export interface Settings {
  version: number;
  adjust: Record<Metal, Record<Variant, AdjustSettings>>;
  modes: { panic: boolean; tradingPeriod: boolean; autoSettle: boolean };
  holidays: string[];
  manual: Map<Metal, { bid: string; ask: string; expiresAt: Date | null }>;
}

/** The modes of `row` in force at `now` (a timed switch may have lapsed). */
export function modesOf(row: ModesRow, now: Date): Settings['modes'] {
  const modes = modesAt(row, now);
  return { panic: modes.panic, tradingPeriod: modes.tradingPeriod, autoSettle: modes.autoSettle };
}

/** The settings as `q` sees them, of the version of `row` (the modes row read on `q`, first). */
export async function loadSettings(q: Queryable, row: ModesRow, now: Date): Promise<Settings> {
  const adjust = {} as Settings['adjust'];
  for (const metal of METALS) adjust[metal] = await readAdjust(q, metal);
  const holidays = await holidayDates(q);
  const manualRows = await manualPriceRows(q);
  const manual = new Map(manualRows.map((m) => [m.metal, { bid: m.bid, ask: m.ask, expiresAt: m.expires_at }]));
  return { version: Number(row.settings_version), adjust, modes: modesOf(row, now), holidays, manual };
}

/**
 * The settings read in one REPEATABLE READ transaction, so that the version and the content are
 * of one moment (reloads started by several notifications may land in any order: the version says
 * which is newer).
 */
export function readSettingsSnapshot(db: Db, now: Date): Promise<Settings> {
  return db.transaction(async (tx) => {
    await readOnlySnapshot(tx);
    return loadSettings(tx, await readModeRow(tx), now);
  });
}
