import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Metal } from '@aurum/domain/system/metals';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { settingsQueries } from './settings-queries.ts';

/** DELETE price/manual/{metal} (setManualPrice): the metal returns to the feed. */
export function clearManualPrice(metal: Metal): Promise<unknown> {
  return http.request(`${SECURE_API}/price/manual/${metal}`, { method: 'DELETE' });
}

export function useClearManualPrice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearManualPrice, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.manualPrices().queryKey }) });
}
