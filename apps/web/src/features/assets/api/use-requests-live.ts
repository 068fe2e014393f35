import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStore } from '#shared/live/live.ts';

/**
 * Keeps the request screens live: a RequestUpdated frame (a request created, approved or
 * declined anywhere) refetches the lists and details on screen, and the wallets (holds and
 * postings change them). Receipt images never change once stored: they are not refetched.
 */
export function useRequestsLive(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      liveStore.onMessage((message) => {
        if (message.type !== 'RequestUpdated') return;
        void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'assets' && q.queryKey[1] !== 'receipt' });
        void client.invalidateQueries({ queryKey: ['users'] });
      }),
    [client],
  );
}
