import { useQuery } from '@tanstack/react-query';
import { WalletAnswer } from '@aurum/domain/wallet/wallet-view';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { requestKeys } from './request-keys.ts';

/** GET user/{userId}/wallet?page=1&limit=10 → the balances (fund and gold are what is available). */
export function getUserWallet(userId: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/user/${userId}/wallet?page=1&limit=10`, { schema: WalletAnswer, signal });
}

export function useUserBalances(userId: number | null) {
  return useQuery({
    queryKey: requestKeys.wallet(userId ?? 0),
    queryFn: ({ signal }) => getUserWallet(userId!, signal),
    select: (answer) => answer.balances,
    enabled: userId !== null && Number.isSafeInteger(userId) && userId > 0,
  });
}
