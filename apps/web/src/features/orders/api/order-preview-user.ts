import { useQuery } from '@tanstack/react-query';
import type { Symbol } from '@aurum/domain/system/metals';
import { allowsPair, allowsSide, type TradeSide } from '@aurum/domain/users/user-enums';
import { userQueries } from '#shared/queries/user-queries.ts';

/**
 * The picked user (GET user/{userId}: trade configuration, personal fees, wallet) and what the
 * server would refuse with 1200, so that it is not offered: the sides and pairs the user may
 * trade (a user not yet loaded allows everything). `userId` is the picker's value (id as text).
 */
export function useOrderUser(userId: string | undefined) {
  const picked = userId && /^\d+$/.test(userId) ? Number(userId) : 0;
  const user = useQuery(userQueries.detail(picked));
  const config = user.data?.tradeConfig;
  return {
    user,
    sideAllowed: (side: TradeSide) => !config || allowsSide(config.allowedAction, side),
    pairAllowed: (pair: Symbol) => !config || allowsPair(config.allowedPair, pair),
  };
}
