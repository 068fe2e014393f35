import { Decimal } from '../money/decimal.ts';
import { businessClock } from '../system/business-time.ts';
import { isBusinessDay, TRADING_CLOSES, TRADING_OPENS } from '../system/market-status.ts';

/**
 * Price-feed health (decision 0860): whether
 * a price source is fresh on the market calendar, whether a tick comes out of order, and whether
 * two sources agree. Pure: the server's market service feeds it the clock, the holidays and the
 * quotes it holds.
 */

/** The calendar staleness counts on: the system holidays and whether trading-period mode is on. */
export interface FeedCalendar {
  /** System holidays as yyyy-MM-dd business dates. */
  holidays: readonly string[];
  /** Trading-period mode keeps XAU/MYR open outside regular hours: then the whole business day counts. */
  tradingPeriod: boolean;
}

const MINUTE_MS = 60_000;
const OPENS = TRADING_OPENS.hour * 60 + TRADING_OPENS.minute;
const CLOSES = TRADING_CLOSES.hour * 60 + TRADING_CLOSES.minute;

/**
 * Whether the market is open for the feed at `at`: a business day (not a weekend, not a system
 * holiday), within trading hours, or any hour of it while trading-period mode is on. A source
 * silent while this is false is not stale.
 */
export function isFeedOpen(at: Date, calendar: FeedCalendar): boolean {
  if (!isBusinessDay(at, calendar.holidays)) return false;
  if (calendar.tradingPeriod) return true;
  const { minutes } = businessClock(at);
  return minutes >= OPENS && minutes < CLOSES;
}

/** The next moment after `at` where isFeedOpen may change: the next trading-hours edge or business midnight. */
function nextEdge(at: Date): Date {
  const { minutes } = businessClock(at);
  const msIntoMinute = at.getTime() % MINUTE_MS;
  const startOfMinute = at.getTime() - (msIntoMinute < 0 ? msIntoMinute + MINUTE_MS : msIntoMinute);
  const edges = [OPENS, CLOSES, 24 * 60].filter((m) => m > minutes);
  return new Date(startOfMinute + (edges[0]! - minutes) * MINUTE_MS);
}

/**
 * How many milliseconds of market-open time lie between `from` and `to` (0 when `to` is not after
 * `from`). Stops counting once `cap` is passed (a long silence need not be walked day by day).
 */
export function openMillisBetween(from: Date, to: Date, calendar: FeedCalendar, cap = Number.POSITIVE_INFINITY): number {
  let total = 0;
  let t = from;
  while (t < to && total <= cap) {
    const edge = nextEdge(t);
    const end = edge < to ? edge : to;
    if (isFeedOpen(t, calendar)) total += end.getTime() - t.getTime();
    t = end;
  }
  return total;
}

/**
 * A source is stale when more than `limitMs` of market-open time has passed since its last
 * accepted tick, or when it has sent none. A source silent while the market is closed (a weekend,
 * a holiday, the night outside trading-period mode) is not stale.
 */
export function isStale(lastTickAt: Date | null, now: Date, limitMs: number, calendar: FeedCalendar): boolean {
  if (lastTickAt === null) return true;
  return openMillisBetween(lastTickAt, now, calendar, limitMs) > limitMs;
}

/** A tick older (by its source's own time) than the last one accepted from that source is dropped. */
export function isOutOfOrder(tickAt: Date, lastAcceptedAt: Date | null): boolean {
  return lastAcceptedAt !== null && tickAt.getTime() < lastAcceptedAt.getTime();
}

export interface BidAskQuote {
  bid: string;
  ask: string;
}

/** The mid of a quote, (bid + ask) / 2. */
export function midOf(q: BidAskQuote): Decimal {
  return new Decimal(q.bid).plus(q.ask).div(2);
}

/** How far the check's mid is from the primary's, in basis points of the primary's mid (absolute). */
export function disagreementBps(primary: BidAskQuote, check: BidAskQuote): Decimal {
  const p = midOf(primary);
  if (p.lte(0)) return new Decimal(Number.POSITIVE_INFINITY);
  return midOf(check).minus(p).abs().div(p).times(10_000);
}

/** Whether two sources disagree beyond the threshold (basis points): exactly at the threshold still agrees. */
export function sourcesDisagree(primary: BidAskQuote, check: BidAskQuote, thresholdBps: number): boolean {
  return disagreementBps(primary, check).gt(thresholdBps);
}

/** The health of the feed, as the top bar and the audit trail name it. */
export const FEED_HEALTH_STATES = ['healthy', 'stale', 'disagree'] as const;
export type FeedHealthState = (typeof FEED_HEALTH_STATES)[number];

export interface FeedHealthInput {
  now: Date;
  calendar: FeedCalendar;
  primary: { lastTickAt: Date | null; limitMs: number; quote: BidAskQuote | null };
  /** null: no second source configured (no cross-check). */
  check: { lastTickAt: Date | null; limitMs: number; quote: BidAskQuote | null; thresholdBps: number } | null;
}

/**
 * The feed's health: stale when the primary (or the configured cross-check) is stale on the
 * calendar; else disagree when both have a quote and their mids differ beyond the threshold.
 */
export function feedHealth(input: FeedHealthInput): FeedHealthState {
  const { now, calendar, primary, check } = input;
  if (isStale(primary.lastTickAt, now, primary.limitMs, calendar)) return 'stale';
  if (!check) return 'healthy';
  if (isStale(check.lastTickAt, now, check.limitMs, calendar)) return 'stale';
  if (primary.quote && check.quote && sourcesDisagree(primary.quote, check.quote, check.thresholdBps)) return 'disagree';
  return 'healthy';
}
