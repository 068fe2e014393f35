import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStore, useLive } from '#shared/live/live.ts';
import type { OrderUpdate } from '#shared/live/live-store.ts';

/** The live order updates (by id) received since the socket connected. */
export function useLiveOrders(): ReadonlyMap<string, OrderUpdate> {
  return useLive((s) => s.orders);
}

/**
 * Keeps order views fresh from the socket: a new order (Market, Limit) or a reconnect refetches
 * the views under `keys` (lists and counts); OrderUpdated refetches them when `onUpdate` says so
 * for that update (counts always change; a list merges updates of the orders it shows and
 * refetches for others, which may now belong to it, and for a new status, which may take an
 * order out of it). Bursts are gathered for 300 ms.
 */
export function useOrderRefetch(keys: ReadonlyArray<readonly unknown[]>, options: { onUpdate?: boolean | ((id: string, update: OrderUpdate) => boolean) } = {}): void {
  const client = useQueryClient();
  const connected = useLive((s) => s.connected);
  const onUpdate = options.onUpdate ?? false;
  const onUpdateRef = useRef(onUpdate);
  useEffect(() => {
    onUpdateRef.current = onUpdate;
  });
  const keyText = JSON.stringify(keys);
  const stableKeys = useMemo(() => JSON.parse(keyText) as unknown[][], [keyText]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        for (const queryKey of stableKeys) void client.invalidateQueries({ queryKey });
      }, 300);
    };
    const stop = liveStore.onMessage((message) => {
      if (message.type === 'Market' || message.type === 'Limit') refetch();
      else if (message.type === 'OrderUpdated') {
        const wanted = onUpdateRef.current;
        if (typeof wanted === 'function' ? wanted(String(message.data.id), message.data) : wanted) refetch();
      }
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [client, stableKeys]);
  // a reconnect clears the live updates: what they said must come from the server again
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) for (const queryKey of stableKeys) void client.invalidateQueries({ queryKey });
    wasConnected.current = connected;
  }, [connected, client, stableKeys]);
}
