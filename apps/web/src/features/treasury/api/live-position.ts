import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@aurum/domain/treasury/position-schemas';
import { liveStore, useLive } from '#shared/live/live.ts';
import { treasuryQueries } from './treasury-queries.ts';

/** Socket messages after which the position is asked for again: the position moved, or an order was placed or changed. */
const MOVES = new Set(['TreasuryPosition', 'TreasuryBand', 'Market', 'Limit', 'OrderUpdated']);

/**
 * The position, kept live: a TreasuryPosition message (metal moved: a fill, a delivery, a bar, a
 * hedge), an order message or a reconnect refetches it; bursts are gathered for 300 ms.
 */
export function useLivePosition() {
  const client = useQueryClient();
  const position = useQuery(treasuryQueries.position());
  const connected = useLive((s) => s.connected);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = liveStore.onMessage((message) => {
      if (!MOVES.has(message.type) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: treasuryQueries.position().queryKey });
      }, 300);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [client]);
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void client.invalidateQueries({ queryKey: treasuryQueries.position().queryKey });
    wasConnected.current = connected;
  }, [connected, client]);
  return position;
}

export interface PositionSnapshot {
  at: string;
  net: Readonly<Record<string, string>>;
}

/** At most this many snapshots are kept (the oldest go). */
const SNAPSHOTS_MAX = 500;

/** How far back the exposure chart reaches. */
export const HISTORY_HOURS = 24;

/**
 * The exposure history: the server's points (every metal's net every five minutes over the last
 * HISTORY_HOURS, written by the treasuryBands job), then one snapshot per answer of the live
 * position since the last of them (decision 0848). A new answer
 * with the same nets adds nothing.
 */
export function usePositionHistory(answer: PositionAnswer | undefined): readonly PositionSnapshot[] {
  const server = useQuery(treasuryQueries.history(HISTORY_HOURS));
  const [live, setLive] = useState<readonly PositionSnapshot[]>([]);
  useEffect(() => {
    if (!answer) return;
    const net = Object.fromEntries(answer.items.map((i) => [i.metal, i.net]));
    setLive((previous) => {
      const last = previous.at(-1);
      if (last && (last.at === answer.at || JSON.stringify(last.net) === JSON.stringify(net))) return previous;
      return [...previous, { at: answer.at, net }].slice(-SNAPSHOTS_MAX);
    });
  }, [answer]);
  return useMemo(() => {
    const points = server.data?.points ?? [];
    const since = points.at(-1)?.at;
    return [...points, ...(since ? live.filter((s) => Date.parse(s.at) > Date.parse(since)) : live)];
  }, [server.data, live]);
}
