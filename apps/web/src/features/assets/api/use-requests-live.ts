import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStore } from '#shared/live/live.ts';
import { requestQueries } from './request-queries.ts';

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
        for (const queryKey of requestQueries.afterChange()) void client.invalidateQueries({ queryKey, predicate: (q) => !requestQueries.isReceipt(q.queryKey) });
      }),
    [client],
  );
}
