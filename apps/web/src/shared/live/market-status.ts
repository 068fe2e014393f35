import { useSyncExternalStore } from 'react';
import type { ClosureReason } from '@aurum/domain/system/market-status';
import { createListeners } from '#shared/store/listeners.ts';

/**
 * What the top bar shows about the market (SPEC.md §2). `connecting` until the live socket has
 * delivered its first price (and again while it reconnects); then the price's closure reason,
 * null when everything is open. `unavailable` is true when any of the MYR, USD or offline
 * markets is unavailable (top bar in the error colour).
 */
export type MarketStatus = { phase: 'connecting' } | { phase: 'live'; reason: ClosureReason | null; unavailable: boolean };

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

/** The translation key (common namespace) of a closure reason. */
export const REASON_KEYS = {
  'bank closed': 'market.reasons.bankClosed',
  'market source disconnect': 'market.reasons.marketSourceDisconnect',
  'system holiday': 'market.reasons.systemHoliday',
  'panic mode': 'market.reasons.panicMode',
  'trading period mode': 'market.reasons.tradingPeriodMode',
} as const satisfies Readonly<Record<ClosureReason, string>>;

/** The key of a reason, or of 'open' when there is none. */
export function reasonKey(reason: ClosureReason | null): 'market.open' | (typeof REASON_KEYS)[ClosureReason] {
  return reason === null ? 'market.open' : REASON_KEYS[reason];
}
