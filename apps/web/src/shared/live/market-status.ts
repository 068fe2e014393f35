import { useSyncExternalStore } from 'react';

/**
 * What the top bar shows about the market. Until the live price socket (a later issue) sends
 * its first price, `reason` is null and the top bar says 'connecting'. `unavailable` is true when
 * any of the MYR, USD or offline markets is unavailable (top bar in the error colour).
 */
export interface MarketStatus {
  reason: string | null;
  unavailable: boolean;
}

let status: MarketStatus = { reason: null, unavailable: false };
const listeners = new Set<() => void>();

export function getMarketStatus(): MarketStatus {
  return status;
}

export function setMarketStatus(next: MarketStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

/** Back to 'connecting' (the socket is (re)connecting). */
export function resetMarketStatus(): void {
  setMarketStatus({ reason: null, unavailable: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMarketStatus(): MarketStatus {
  return useSyncExternalStore(subscribe, getMarketStatus);
}
