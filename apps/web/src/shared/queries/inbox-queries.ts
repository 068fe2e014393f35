import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { InboxCount } from '@aurum/domain/inbox/inbox-schemas';
import { http } from '../http/client.ts';
import { SECURE_API } from '../http/paths.ts';
import { liveStore } from '../live/live.ts';

/** GET inbox/count → {total, decidable}: the sidebar badge. */
export function getInboxCount(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/inbox/count`, { schema: InboxCount, signal, background: true });
}

/** The inbox's queries, everything under 'inbox' (the feature's list too): one invalidation refreshes the badge and the screen. */
export const inboxQueries = {
  all: () => ['inbox'] as const,
  count: () => queryOptions({ queryKey: [...inboxQueries.all(), 'count'], queryFn: ({ signal }) => getInboxCount(signal) }),
};

export function useInboxCount() {
  return useQuery(inboxQueries.count());
}

/** Many changes arrive together (a bulk decision sends one per item): one refetch after the burst. */
const BURST_MS = 250;

/**
 * Keeps the inbox live: an InboxChanged frame (something submitted, decided or removed anywhere)
 * refetches the badge and the inbox screen, once per burst. Mounted once by the shell (app-shell.tsx).
 */
export function useInboxLive(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = liveStore.onMessage((message) => {
      if (message.type !== 'InboxChanged') return;
      timer ??= setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: inboxQueries.all() });
      }, BURST_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [client]);
}
