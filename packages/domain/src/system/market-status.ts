import { businessClock, nextBusinessTime } from './business-time.ts';

/**
 * Market status per pair (SPEC.md §4, DECISIONS.md §3-4), on the business clock (`business-time.ts`).
 */
// Kept for the console's orders files (payment-rules.ts, create-order-online.tsx) until they import business-time.ts.
export { businessClock } from './business-time.ts';
export const TRADING_OPENS = { hour: 9, minute: 0 };
export const TRADING_CLOSES = { hour: 17, minute: 30 };
export const AUTO_SETTLE_REENABLES = { hour: 12, minute: 0 };

/** Closure reasons, as SPEC.md §4 names them. */
export const CLOSURE_REASONS = ['bank closed', 'market source disconnect', 'system holiday', 'panic mode', 'trading period mode', 'sources disagree'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

export interface Modes {
  panic: boolean;
  tradingPeriod: boolean;
  /** Auto settle mode ON turns XAU/USD auto settlement off until 12:00. */
  autoSettle: boolean;
}

export interface MarketInputs {
  now: Date;
  /** System holidays as yyyy-MM-dd (business dates). */
  holidays: readonly string[];
  modes: Modes;
  /** Whether the price source has sent something recently enough. */
  sourceConnected: boolean;
  /** Whether the second (cross-check) source's price disagrees with the primary's beyond the threshold (decision 0862). */
  sourcesDisagree?: boolean;
}

export interface PairStatus {
  available: boolean;
  reason: ClosureReason | null;
}

export interface MarketStatus {
  myr: PairStatus; // XAU/MYR
  usd: PairStatus; // XAU/USD
  offline: PairStatus; // customised orders
  /** Which adjust variant is active: regular in trading hours on business days, afterHour otherwise. */
  variant: 'regular' | 'afterHour';
  /** The text of the top bar: the first reason that applies, or null when everything is open. */
  reason: ClosureReason | null;
}

export function isBusinessDay(now: Date, holidays: readonly string[]): boolean {
  const { date, weekday } = businessClock(now);
  return weekday !== 0 && weekday !== 6 && !holidays.includes(date);
}

export function inTradingHours(now: Date): boolean {
  const { minutes } = businessClock(now);
  return minutes >= TRADING_OPENS.hour * 60 + TRADING_OPENS.minute && minutes < TRADING_CLOSES.hour * 60 + TRADING_CLOSES.minute;
}

export function marketStatus(input: MarketInputs): MarketStatus {
  const { now, holidays, modes, sourceConnected, sourcesDisagree = false } = input;
  const businessDay = isBusinessDay(now, holidays);
  const regular = businessDay && inTradingHours(now);
  const holiday = holidays.includes(businessClock(now).date);
  const closedReason: ClosureReason = holiday ? 'system holiday' : 'bank closed';
  const closed = (reason: ClosureReason): PairStatus => ({ available: false, reason });
  const open: PairStatus = { available: true, reason: null };

  if (modes.panic) {
    return { myr: closed('panic mode'), usd: closed('panic mode'), offline: closed('panic mode'), variant: regular ? 'regular' : 'afterHour', reason: 'panic mode' };
  }
  if (!sourceConnected) {
    const d = closed('market source disconnect');
    return { myr: d, usd: d, offline: open, variant: regular ? 'regular' : 'afterHour', reason: 'market source disconnect' };
  }
  if (sourcesDisagree) {
    // treated like staleness: no live pair trades on a price two sources dispute; offline orders carry their own prices
    const d = closed('sources disagree');
    return { myr: d, usd: d, offline: open, variant: regular ? 'regular' : 'afterHour', reason: 'sources disagree' };
  }
  const usd = regular ? open : closed(closedReason);
  // trading-period mode keeps XAU/MYR open outside regular hours (at the session's final rate)
  const myr = regular ? open : modes.tradingPeriod ? { available: true, reason: 'trading period mode' as const } : closed(closedReason);
  const reason = usd.reason ?? myr.reason;
  return { myr, usd, offline: open, variant: regular ? 'regular' : 'afterHour', reason };
}

/** When auto-settle mode (switched on at `since`) turns itself off again: the next 12:00 business time. */
export function autoSettleReenableAt(since: Date): Date {
  return nextBusinessTime(since, AUTO_SETTLE_REENABLES);
}
