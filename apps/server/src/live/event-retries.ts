import { backoffDelay } from '../db/pg-listener.ts';

export interface EventRetriesOptions {
  /** Back-off of the tries (full jitter under a capped exponential), as the listener's reconnection. */
  backoff: { baseMs: number; capMs: number };
  /** Each failed try (for the log). */
  onFailure?: (error: unknown, attempt: number) => void;
  random?: () => number;
}

/**
 * Tries again a live event its owner could not apply (the database away for a moment as the notice
 * arrived), until it applies. The listener's resync covers a lost connection, not a query that
 * failed while the connection stayed up: without this, a process would show a changed setting only
 * at the next change or reconnection. One pending try per key (a later failure of the same key
 * replaces the earlier event), so what waits is bounded by the kinds of events, not their number.
 */
export class EventRetries<E> {
  private readonly pending = new Map<string, { event: E; attempt: number; timer: NodeJS.Timeout }>();
  private stopped = false;
  private readonly apply: (event: E) => Promise<void>;
  private readonly options: EventRetriesOptions;

  constructor(apply: (event: E) => Promise<void>, options: EventRetriesOptions) {
    this.apply = apply;
    this.options = options;
  }

  /** `event` failed (its `attempt`-th try, 0 the first): try it again after the back-off. */
  failed(key: string, event: E, error: unknown, attempt = 0): void {
    this.options.onFailure?.(error, attempt);
    if (this.stopped) return;
    const earlier = this.pending.get(key);
    if (earlier) clearTimeout(earlier.timer);
    const timer = setTimeout(() => {
      if (this.pending.get(key)?.timer !== timer) return;
      this.pending.delete(key);
      this.apply(event).catch((e: unknown) => this.failed(key, event, e, attempt + 1));
    }, backoffDelay(attempt, this.options.backoff, this.options.random));
    timer.unref();
    this.pending.set(key, { event, attempt, timer });
  }

  /** Events still waiting for a try. */
  size(): number {
    return this.pending.size;
  }

  stop(): void {
    this.stopped = true;
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }
}
