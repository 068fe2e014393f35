/**
 * What one process holds of settings that carry a version from the database (the settings'
 * version on the modes row, bumped by every settings change in its own transaction). Two rules
 * keep a copy from going back in time, whatever order reloads and notifications land in:
 *
 * - a copy is only ever replaced by one of the same or a later version (`offer`: compare and set);
 * - a copy older than what this process knows was written (`SettingsFloor`) is not served, so a
 *   change this process acknowledged is in force in it at once, even before its notification
 *   comes back, and a read that started before the change committed is not kept over it.
 */
export class VersionedCopy<T> {
  private held: { version: number; value: T; at: number } | null = null;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;

  /** `maxAgeMs`: a copy is read again after that long at most (a safety net for lost notifications). */
  constructor(options: { maxAgeMs?: number; clock?: () => number } = {}) {
    this.maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The held version, or 0 when nothing is held (versions start at 1). */
  get version(): number {
    return this.held?.version ?? 0;
  }

  /** The held value whatever its version or age (what the process last knew), or undefined. */
  peek(): T | undefined {
    return this.held?.value;
  }

  /** The held value when it is at least version `floor` and young enough; else undefined (read again). */
  get(floor = 0): T | undefined {
    const held = this.held;
    if (!held || held.version < floor || this.clock() - held.at > this.maxAgeMs) return undefined;
    return held.value;
  }

  /**
   * Keeps `value` read at `version` unless a later version is held; answers whether it was kept.
   * The same version again replaces the copy (the same content, read later: its age starts again).
   */
  offer(version: number, value: T): boolean {
    if (this.held && this.held.version > version) return false;
    this.held = { version, value, at: this.clock() };
    return true;
  }

  clear(): void {
    this.held = null;
  }
}

/**
 * The least settings version one process may serve: the highest version it heard of (a
 * notification, a read) and the versions its own calls wrote and have not seen roll back. A change
 * raises it before its transaction commits, so from the acknowledgement on every copy older than
 * the change is read again; a change that rolls back withdraws its version.
 */
export class SettingsFloor {
  private heard = 0;
  private readonly pending = new Set<number>();

  get floor(): number {
    let floor = this.heard;
    for (const v of this.pending) if (v > floor) floor = v;
    return floor;
  }

  /** A call of this process wrote `version` (its transaction has not committed yet). */
  wrote(version: number): void {
    if (version > this.heard) this.pending.add(version);
  }

  /** The transaction that wrote `version` did not commit. */
  withdrawn(version: number): void {
    this.pending.delete(version);
  }

  /** `version` is committed (a notification carried it, or the database answered it). */
  heardOf(version: number): void {
    if (version <= this.heard) return;
    this.heard = version;
    for (const v of this.pending) if (v <= version) this.pending.delete(v);
  }
}
