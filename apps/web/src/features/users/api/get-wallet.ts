import { useQuery } from '@tanstack/react-query';
import { userQueries } from '#shared/queries/user-queries.ts';

/** GET user/{userId}/wallet?page&limit → {balances, history} (history newest first). */
export function useWallet(userId: number, page: number, limit: number) {
  return useQuery(userQueries.wallet(userId, page, limit));
}
