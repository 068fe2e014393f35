import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

export const ManualPrice = z.object({
  metal: z.string(),
  bid: z.coerce.string(),
  ask: z.coerce.string(),
  expiresAt: z.string().nullable(),
  setAt: z.string().nullable(),
  setBy: z.string().nullable(),
});
export type ManualPrice = z.infer<typeof ManualPrice>;

/** GET price/manual: the manual metal prices in force. */
export function getManualPrices(): Promise<ManualPrice[]> {
  return http.request(`${SECURE_API}/price/manual`, { schema: z.array(ManualPrice) });
}

export const manualPricesKey = ['system', 'manualPrices'] as const;

export function useManualPrices() {
  return useQuery({ queryKey: manualPricesKey, queryFn: getManualPrices, staleTime: 0 });
}
