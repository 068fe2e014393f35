import { TreasurySettingsAnswer, type TreasurySettingsBody } from '@aurum/domain/treasury/treasury-settings-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { treasuryQueries } from './treasury-queries.ts';

/** PUT treasury/settings {metal, coverageMode?, target?, band?} → every metal's settings (setTreasuryLimits). */
export function saveTreasurySettings(body: TreasurySettingsBody) {
  return http.request(`${SECURE_API}/treasury/settings`, { method: 'PUT', body, schema: TreasurySettingsAnswer });
}

/** Saves a metal's limits and refetches the position (its target, band and flag). */
export const useSaveTreasurySettings = () => useWrite(saveTreasurySettings, treasuryQueries.all());
