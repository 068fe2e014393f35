import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveStore } from '#shared/live/live.ts';
import { userQueries } from '#shared/queries/user-queries.ts';
import { touchesWallet } from '../model/wallet-frames.ts';

/**
 * Keeps an open user page current: a request or an order of this user, made or decided by anyone on
 * any process, refetches the user's detail and wallet (balances, holds, history) without a reload.
 */
export function useWalletLive(userId: number): void {
  const client = useQueryClient();
  useEffect(
    () =>
      liveStore.onMessage((message) => {
        if (touchesWallet(message, userId)) void client.invalidateQueries({ queryKey: userQueries.detail(userId).queryKey });
      }),
    [client, userId],
  );
}
