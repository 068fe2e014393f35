import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WalletAnswer } from '@aurum/domain/wallet/wallet-view';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET user/{userId}/wallet?page&limit → {balances, history} (history newest first). */
export function getWallet(userId: number, page: number, limit: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/${userId}/wallet?page=${page}&limit=${limit}`, { schema: WalletAnswer, signal });
}

export function useWallet(userId: number, page: number, limit: number) {
  return useQuery({
    queryKey: ['users', 'detail', userId, 'wallet', page, limit],
    queryFn: ({ signal }) => getWallet(userId, page, limit, signal),
    placeholderData: keepPreviousData,
  });
}
