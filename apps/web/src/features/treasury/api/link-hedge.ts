import { HedgeDetail, type HedgeLinkBody } from '@aurum/domain/hedges/hedge-schemas';
import { money } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { treasuryQueries } from './treasury-queries.ts';

/** POST hedge/link/{hedgeId} {orders} → the hedge; beyond an order's or the hedge's grams 422 (3220). */
export function linkHedge({ hedgeId, body }: { hedgeId: number; body: HedgeLinkBody }) {
  return money.request(`${SECURE_API}/hedge/link/${hedgeId}`, { method: 'POST', body, schema: HedgeDetail });
}

export const useLinkHedge = () => useWrite(linkHedge, treasuryQueries.hedges());
