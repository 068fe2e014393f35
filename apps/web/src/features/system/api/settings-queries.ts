import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { Holiday, ModeAnswer } from '@aurum/domain/system/system-schemas';
import { http } from '#shared/http/client.ts';
import { INFOZ_PATH, SECURE_API } from '#shared/http/paths.ts';

/** GET holiday: [{id, name, date yyyy-MM-dd}], by date. */
export function getHolidays(signal?: AbortSignal): Promise<Holiday[]> {
  return http.request(`${SECURE_API}/holiday`, { schema: z.array(Holiday), signal });
}

/** GET mode: panicMode, tradingPeriodMode, autoSettleConfig {enabled, reenableAt}. */
export function getModes(signal?: AbortSignal): Promise<ModeAnswer> {
  return http.request(`${SECURE_API}/mode`, { schema: ModeAnswer, signal });
}

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
export function getManualPrices(signal?: AbortSignal): Promise<ManualPrice[]> {
  return http.request(`${SECURE_API}/price/manual`, { schema: z.array(ManualPrice), signal });
}

export const BuildInfo = z.object({ branch: z.string(), commit: z.string() });
export type BuildInfo = z.infer<typeof BuildInfo>;

/** GET /infoz: the server's git branch and commit. */
export function getBuildInfo(signal?: AbortSignal): Promise<BuildInfo> {
  return http.request(INFOZ_PATH, { auth: 'none', schema: BuildInfo, signal });
}

/** The Settings screens' own queries (holidays, modes, manual prices) and the server's build; adjust and exchange are `systemQueries` (#shared). */
export const settingsQueries = {
  all: () => ['settings'] as const,
  holidays: () => queryOptions({ queryKey: [...settingsQueries.all(), 'holidays'], queryFn: ({ signal }) => getHolidays(signal), staleTime: 0 }),
  modes: () => queryOptions({ queryKey: [...settingsQueries.all(), 'modes'], queryFn: ({ signal }) => getModes(signal), staleTime: 0 }),
  manualPrices: () => queryOptions({ queryKey: [...settingsQueries.all(), 'manualPrices'], queryFn: ({ signal }) => getManualPrices(signal), staleTime: 0 }),
  buildInfo: () => queryOptions({ queryKey: [...settingsQueries.all(), 'infoz'], queryFn: ({ signal }) => getBuildInfo(signal), staleTime: Infinity, retry: 1 }),
};
