import { useQuery } from '@tanstack/react-query';
import { ModeAnswer } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET mode: panicMode, tradingPeriodMode, autoSettleConfig {enabled, reenableAt}. */
export function getModes(): Promise<ModeAnswer> {
  return http.request(`${SECURE_API}/mode`, { schema: ModeAnswer });
}

export const modesKey = ['system', 'modes'] as const;

export function useModes() {
  return useQuery({ queryKey: modesKey, queryFn: getModes, staleTime: 0 });
}
