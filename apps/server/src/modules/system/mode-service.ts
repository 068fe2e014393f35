import type { AppDeps } from '../../app-deps.ts';
import { ProcessCache } from '../../cache/process-cache.ts';
import type { Queryable } from '../../db/db.ts';
import type { EventBus } from '../../live/event-bus.ts';
import { modesAt, readModeRow, readModes, writeMode, type ModeColumn, type Modes, type ModesRow } from './mode-repository.ts';

/** What other modules read of the modes inside their own transaction (the engine, the market). */
export { readModes, type Modes } from './mode-repository.ts';

/**
 * The modes as every process serves them: the row is held by each process (cache/process-cache.ts)
 * and dropped everywhere when a mode is switched (the `settings`/`modes` event, LISTEN/NOTIFY),
 * at once in the process that switched it. What follows from the clock (auto settle ending at
 * 12:00) is worked out on every read.
 */
type ModeCache = ProcessCache<'modes', ModesRow>;

/** The safety net for a lost notification: the row is read again after 30 s. */
const MODE_CACHE_MAX_AGE_MS = 30_000;

const byBus = new WeakMap<EventBus, ModeCache>();
const inProcess = new Set<WeakRef<ModeCache>>();

function modeCache(bus: EventBus): ModeCache {
  const held = byBus.get(bus);
  if (held) return held;
  const cache: ModeCache = new ProcessCache({ maxAgeMs: MODE_CACHE_MAX_AGE_MS, maxEntries: 1 });
  bus.subscribe((event) => {
    if ((event.kind === 'settings' && event.what === 'modes') || event.kind === 'resync') cache.clear();
  });
  byBus.set(bus, cache);
  inProcess.add(new WeakRef(cache));
  return cache;
}

/** The modes now, from this process's copy. */
export async function currentModes(deps: AppDeps): Promise<Modes> {
  // the held row without a promise; read from the database only when not held (a call's hot path)
  const cache = modeCache(deps.events);
  const row = cache.get('modes') ?? (await cache.reload('modes', () => readModeRow(deps.db)));
  return modesAt(row!, deps.now());
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
): Promise<{ before: Modes; after: Modes }> {
  const now = deps.now();
  const before = await readModes(q, now);
  await writeMode(q, column, enabled, now, adminId);
  const after = await readModes(q, now);
  for (const ref of inProcess) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else inProcess.delete(ref);
  }
  await deps.events.publish(q, { kind: 'settings', what: 'modes' });
  return { before, after };
}
