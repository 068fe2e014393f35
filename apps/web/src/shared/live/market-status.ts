import { useSyncExternalStore } from 'react';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { ClosureReason, PairStatus } from '@aurum/domain/system/market-status';
import type { Symbol } from '@aurum/domain/system/metals';
import { createListeners } from '#shared/store/listeners.ts';

/**
 * What the top bar shows about the market (SPEC.md §2). `connecting` until the live socket has
 * delivered its first price (and again while it reconnects); then the price's closure reason,
 * null when everything is open. `unavailable` is true when any of the MYR, USD or offline
 * markets is unavailable (top bar in the error colour); `open`, the markets that still trade then.
 */
export type MarketStatus = { phase: 'connecting' } | { phase: 'live'; reason: ClosureReason | null; unavailable: boolean; open: readonly Market[] };

const CONNECTING: MarketStatus = { phase: 'connecting' };

let status: MarketStatus = CONNECTING;
const listeners = createListeners();

export function getMarketStatus(): MarketStatus {
  return status;
}

export function setMarketStatus(next: MarketStatus): void {
  if (JSON.stringify(next) === JSON.stringify(status)) return;
  status = next;
  listeners.emit();
}

/** Back to 'connecting' (the socket is (re)connecting). */
export function resetMarketStatus(): void {
  setMarketStatus(CONNECTING);
}

export function useMarketStatus(): MarketStatus {
  return useSyncExternalStore(listeners.add, getMarketStatus);
}

/** The markets a Price frame reports on: XAU/MYR, XAU/USD and offline (customised) orders. */
export type Market = 'myr' | 'usd' | 'offline';
export const MARKETS: readonly Market[] = ['myr', 'usd', 'offline'];

/** The market an online order's pair trades on. */
export const marketOfSymbol = (symbol: Symbol): Market => (symbol === 'XAU/USD' ? 'usd' : 'myr');

/** The pair an online market trades (the same name in every language). */
export const SYMBOL_OF_MARKET = { myr: 'XAU/MYR', usd: 'XAU/USD' } as const satisfies Record<Exclude<Market, 'offline'>, Symbol>;

/**
 * One market's status read from a Price frame: the reading the top bar and the Create Order
 * preview share (decision 0611). The frame's `reason` is the first reason of any market (the
 * top bar's text); a market that is open has no reason of its own, except XAU/MYR open after
 * regular hours, which only trading-period mode allows (the domain's marketStatus).
 */
export function pairStatus(price: Pick<PriceData, 'available' | 'reason' | 'variant'>, market: Market): PairStatus {
  if (!price.available[market]) return { available: false, reason: price.reason };
  if (market === 'myr' && (price.variant === 'afterHour' || price.reason === 'trading period mode')) return { available: true, reason: 'trading period mode' };
  return { available: true, reason: null };
}

/** The top bar's status from the latest Price frame (null before the first one). */
export function marketStatusOfPrice(price: Pick<PriceData, 'available' | 'reason' | 'variant'> | null): MarketStatus {
  if (!price) return CONNECTING;
  const open = MARKETS.filter((m) => pairStatus(price, m).available);
  return { phase: 'live', reason: price.reason, unavailable: open.length < MARKETS.length, open };
}

/** The translation key (common namespace) of a closure reason. */
export const REASON_KEYS = {
  'bank closed': 'market.reasons.bankClosed',
  'market source disconnect': 'market.reasons.marketSourceDisconnect',
  'system holiday': 'market.reasons.systemHoliday',
  'panic mode': 'market.reasons.panicMode',
  'trading period mode': 'market.reasons.tradingPeriodMode',
  'sources disagree': 'market.reasons.sourcesDisagree',
} as const satisfies Readonly<Record<ClosureReason, string>>;

/** The key of a reason, or of 'open' when there is none. */
export function reasonKey(reason: ClosureReason | null): 'market.open' | (typeof REASON_KEYS)[ClosureReason] {
  return reason === null ? 'market.open' : REASON_KEYS[reason];
}
