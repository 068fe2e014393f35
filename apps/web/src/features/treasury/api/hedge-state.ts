import { HedgeView } from '@aurum/domain/hedges/hedge-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { treasuryQueries } from './treasury-queries.ts';

/** POST hedge/settle/{hedgeId} or hedge/cancel/{hedgeId} → the hedge; from any state but filled 409 (3221). */
export function changeHedgeState({ hedgeId, to }: { hedgeId: number; to: 'settle' | 'cancel' }) {
  return money.request(`${SECURE_API}/hedge/${to}/${hedgeId}`, { method: 'POST', schema: HedgeView });
}

export const useHedgeState = () => useWrite(changeHedgeState, treasuryQueries.all());
