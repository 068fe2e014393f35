import { useQuery } from '@tanstack/react-query';
import { userQueries } from '#shared/queries/user-queries.ts';

/** The user's available balances (holds already taken out): the first page of GET user/{userId}/wallet. */
export function useUserBalances(userId: number | null) {
  // no placeholder: another user's balances must not show while this one's load
  return useQuery({ ...userQueries.wallet(userId ?? 0, 1, 10), placeholderData: undefined, select: (answer) => answer.balances });
}
