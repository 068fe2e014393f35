import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeConfigBody } from '@aurum/domain/users/user-schemas';
import { TradeConfigView } from '@aurum/domain/users/user-views';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** PUT user/{userId}/trade_config (TradeConfigBody; interestRate a fraction) → the configuration. */
export function editTradeConfig({ userId, body }: { userId: number; body: TradeConfigBody }) {
  return http.request(`${SECURE_API}/user/${userId}/trade_config`, { method: 'PUT', body, schema: TradeConfigView });
}

export function useEditTradeConfig(userId: number) {
  const client = useQueryClient();
  return useMutation({ mutationFn: editTradeConfig, onSuccess: () => client.invalidateQueries({ queryKey: userQueries.detail(userId).queryKey }) });
}
