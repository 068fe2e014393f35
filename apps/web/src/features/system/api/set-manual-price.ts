import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualPriceBody } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { settingsQueries } from './settings-queries.ts';

/** POST price/manual {metal, bid, ask, expiresAt ISO datetime with offset | null} (setManualPrice). */
export function setManualPrice(body: ManualPriceBody): Promise<unknown> {
  return http.request(`${SECURE_API}/price/manual`, { method: 'POST', body });
}

export function useSetManualPrice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setManualPrice, onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueries.manualPrices().queryKey }) });
}
