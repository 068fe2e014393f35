import { disagreementBps, feedHealth, type FeedHealthState } from '@aurum/domain/market/price-health';
import type { AuditEntry } from '../../http/route.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { Quotes } from '../../live/event-bus.ts';
import { recordFeedHealth } from './market-repository.ts';

/** What the feed health is decided on, as the price endpoints and the audit row show it. */
export interface FeedHealthView {
  state: FeedHealthState;
  primary: { lastTickAt: string | null; staleMs: number };
  check: { lastTickAt: string | null; staleMs: number; disagreeBps: number; thresholdBps: number } | null;
  /** Ticks dropped for coming out of order (source time older than the last accepted), per source, by this process. */
  outOfOrder: { primary: number; check: number };
}

/**
 * The feed's health at `now` (the domain's feedHealth): stale when the primary, or the configured
 * cross-check, has been silent longer than its limit in market-open time; disagree when the two
 * gold mids are further apart than the threshold.
 */
export function feedHealthView(input: {
  now: Date;
  calendar: { holidays: string[]; tradingPeriod: boolean };
  primary: { quotes: Quotes | null; staleMs: number };
  /** The cross-check when one is configured: its latest quotes, freshness limit and threshold (basis points). */
  check: { quotes: Quotes | null; staleMs: number; disagreeBps: number } | null;
  dropped: { primary: number; check: number };
}): FeedHealthView {
  const { now, calendar, primary, check } = input;
  const at = (q: Quotes | null) => (q ? new Date(q.at) : null);
  const state = feedHealth({
    now,
    calendar,
    primary: { lastTickAt: at(primary.quotes), limitMs: primary.staleMs, quote: primary.quotes?.metals.xau ?? null },
    check: check ? { lastTickAt: at(check.quotes), limitMs: check.staleMs, quote: check.quotes?.metals.xau ?? null, thresholdBps: check.disagreeBps } : null,
  });
  const bps = check && primary.quotes && check.quotes ? disagreementBps(primary.quotes.metals.xau, check.quotes.metals.xau).toDecimalPlaces(2).toNumber() : null;
  return {
    state,
    primary: { lastTickAt: primary.quotes?.at ?? null, staleMs: primary.staleMs },
    check: check ? { lastTickAt: check.quotes?.at ?? null, staleMs: check.staleMs, disagreeBps: bps ?? 0, thresholdBps: check.disagreeBps } : null,
    outOfOrder: { ...input.dropped },
  };
}

export interface FeedHealthRecorderOptions {
  db: Db;
  now: () => Date;
  /** Writes the audit row of a health change (route()'s writer; none: no audit row). */
  writeAudit: ((q: Queryable, entry: AuditEntry) => Promise<void>) | null;
  /** The market status's reason for a health state (the audit row names it). */
  reasonOf: (state: FeedHealthState) => string | null;
  log: { warn: (detail: object, message: string) => void } | null;
}

/**
 * A health change a process sees is recorded once: price_feed_health is updated only when it
 * holds another state (under its row lock), and the process that changed it writes the audit row.
 * Records are written one after another, in the order the changes were seen.
 */
export class FeedHealthRecorder {
  private last: FeedHealthState | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly options: FeedHealthRecorderOptions;

  constructor(options: FeedHealthRecorderOptions) {
    this.options = options;
  }

  note(health: FeedHealthView): void {
    if (health.state === this.last) return;
    this.last = health.state;
    const { db, writeAudit, reasonOf, log } = this.options;
    if (!writeAudit) return;
    const at = this.options.now();
    this.writing = this.writing
      .then(() =>
        db.transaction(async (tx) => {
          const before = await recordFeedHealth(tx, health.state, health, at);
          if (before === null) return;
          await writeAudit(tx, {
            username: 'system',
            adminId: null,
            action: 'price.feedHealth',
            detail: { before: { state: before }, after: { state: health.state, reason: reasonOf(health.state), health } },
            device: 'priceFeed',
            ip: null,
          });
        }),
      )
      .catch((error: unknown) => log?.warn({ error: String(error) }, 'price feed health not recorded'));
  }

  /** Waits for the records in hand (tests, shutdown). */
  settled(): Promise<void> {
    return this.writing;
  }
}
