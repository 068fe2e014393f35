import type { AppDeps } from '../../app-deps.ts';
import { SettingsFloor, VersionedCopy } from '../../cache/versioned-copy.ts';
import type { Queryable } from '../../db/db.ts';
import type { EventBus, LiveEvent } from '../../live/event-bus.ts';
import { bumpSettingsVersion, modesAt, readModeRow, readModeRowForMoney, readModes, writeMode, type ModeColumn, type Modes, type ModesRow } from './mode-repository.ts';

/** What other modules read of the modes inside their own transaction (the engine, the market). */
export { readModes, type Modes, type ModesRow } from './mode-repository.ts';
export { modesAt, readModeRow };

/**
 * The modes as every process serves them. Each process holds the modes row with the settings'
 * version it was read at (cache/versioned-copy.ts) and the least version it may serve: a settings
 * change raises it in its own process before it commits (so the call's acknowledgement is in force
 * there at once), and its notification (`settings`, with the version) raises it in every process.
 * A held row older than that is read again; an older read never replaces a newer row. What
 * follows from the clock (auto settle ending at 12:00) is worked out on every read.
 */
interface ProcessSettings {
  floor: SettingsFloor;
  modes: VersionedCopy<ModesRow>;
}

/** The safety net for a lost notification: the row is read again after 30 s. */
const MODE_CACHE_MAX_AGE_MS = 30_000;

const byBus = new WeakMap<EventBus, ProcessSettings>();

function processSettings(bus: EventBus): ProcessSettings {
  const held = byBus.get(bus);
  if (held) return held;
  const settings: ProcessSettings = { floor: new SettingsFloor(), modes: new VersionedCopy({ maxAgeMs: MODE_CACHE_MAX_AGE_MS }) };
  bus.subscribe((event) => {
    if (event.kind === 'settings') {
      if (event.version !== undefined) settings.floor.heardOf(event.version);
      // a notification without a version (a change made outside the services) drops the row
      else if (event.what === 'modes') settings.modes.clear();
    } else if (event.kind === 'resync') settings.modes.clear();
  });
  byBus.set(bus, settings);
  return settings;
}

/** The least settings version this process may serve (the market's copy reads it too). */
export function settingsFloor(bus: EventBus): number {
  return processSettings(bus).floor.floor;
}

/** A settings version this process read committed from the database. */
export function settingsHeard(bus: EventBus, version: number): void {
  processSettings(bus).floor.heardOf(version);
}

/** The modes now, from this process's copy (read again when older than a change this process knows of). */
export async function currentModes(deps: AppDeps): Promise<Modes> {
  const settings = processSettings(deps.events);
  let row = settings.modes.get(settings.floor.floor);
  if (!row) {
    row = await readModeRow(deps.db);
    settings.floor.heardOf(row.settings_version);
    settings.modes.offer(row.settings_version, row);
  }
  return modesAt(row, deps.now());
}

/**
 * The modes row as a money-moving transaction must act on it: read on `q` under the settings lock,
 * shared and held until that transaction ends (docs/decisions/0041-money-paths-read-settings-under-lock.md),
 * so a switch in flight is waited for and then seen, and a switch waits for the transactions that
 * read the row before it.
 */
export async function modesForMoney(q: Queryable): Promise<ModesRow> {
  return readModeRowForMoney(q);
}

/** How a settings change is undone in this process when its transaction does not commit (route()'s onRollback). */
export type OnRollback = (undo: () => Promise<void>) => void;

/**
 * Records a settings change made on `q`: the settings' version goes up by one in that transaction
 * (`version`: when the change's own statement already did it), this process serves nothing older
 * from now on, and every process is told on commit.
 */
export async function settingsChanged(
  target: { q: Queryable; events: EventBus; onRollback?: OnRollback | undefined },
  event: Omit<Extract<LiveEvent, { kind: 'settings' }>, 'kind' | 'version'>,
  version?: number,
): Promise<number> {
  const v = version ?? (await bumpSettingsVersion(target.q));
  const floor = processSettings(target.events).floor;
  floor.wrote(v);
  target.onRollback?.(async () => floor.withdrawn(v));
  await target.events.publish(target.q, { kind: 'settings', ...event, version: v });
  return v;
}

/**
 * Switches one mode on `q` (the route's transaction) and tells every process (on commit; this one
 * at once). Answers the modes before and after, as the transaction sees them.
 */
export async function switchMode(
  deps: AppDeps,
  q: Queryable,
  column: ModeColumn,
  enabled: boolean,
  adminId: number,
  onRollback?: OnRollback,
): Promise<{ before: Modes; after: Modes }> {
  const now = deps.now();
  const before = await readModes(q, now);
  const version = await writeMode(q, column, enabled, now, adminId);
  const after = await readModes(q, now);
  await settingsChanged({ q, events: deps.events, onRollback }, { what: 'modes' }, version);
  return { before, after };
}
