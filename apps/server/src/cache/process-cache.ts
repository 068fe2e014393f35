/**
 * A cache held by one server process for rows that change rarely and are read on every call
 * (sessions, admins, the modes). Whoever changes such a row announces it over LISTEN/NOTIFY, and
 * every process drops its copy when the notification arrives (`drop`); the process that made the
 * change also drops its copy at once. A load that was under way while something was dropped is not
 * kept (it may have read the row before the change committed): the caller gets its value, the next
 * call reads again. Entries older than `maxAgeMs` are read again too: a safety net for
 * notifications that never arrived, not the way changes spread.
 */
export interface ProcessCacheOptions {
  /** How long an entry is trusted at most (real time, whatever the business clock says). */
  maxAgeMs: number;
  /** Beyond this many entries the oldest go first. */
  maxEntries: number;
  /** Monotonic milliseconds; performance.now() unless a test gives another. */
  clock?: () => number;
}

export class ProcessCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  /** Moves on every drop: a load started before a drop does not keep its value. */
  private generation = 0;
  private readonly options: ProcessCacheOptions;
  private readonly clock: () => number;

  constructor(options: ProcessCacheOptions) {
    this.options = options;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The value held for `key`, if it is there and young enough. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.at > this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The held value, else `load()`'s (kept unless something was dropped meanwhile; undefined is not kept). */
  async read(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const held = this.get(key);
    return held !== undefined ? held : this.reload(key, load);
  }

  /** Reads again whatever is held: `load()`'s value replaces it (kept as in `read`). */
  async reload(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const generation = this.generation;
    this.entries.delete(key);
    const value = await load();
    if (value !== undefined && generation === this.generation) this.keep(key, value);
    return value;
  }

  /** Keeps a value read elsewhere, if nothing was dropped since `generation` (see `stamp`). */
  keepIfCurrent(key: K, value: V, generation: number): void {
    if (generation === this.generation) this.keep(key, value);
  }

  /** The generation to pass to keepIfCurrent, taken before reading. */
  stamp(): number {
    return this.generation;
  }

  drop(keys: Iterable<K>): void {
    this.generation++;
    for (const key of keys) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.clock() });
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}
