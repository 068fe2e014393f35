import { useQuery } from '@tanstack/react-query';
import { userQueries } from '#shared/queries/user-queries.ts';

/** GET user/{userId}: the user's profile, address, trade configuration, bank account and wallet. */
export function useUser(userId: number) {
  return useQuery(userQueries.detail(userId));
}
