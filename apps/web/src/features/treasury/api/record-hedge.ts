import { HedgeDetail, type HedgeCreateBody } from '@aurum/domain/hedges/hedge-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useWrite } from '#shared/http/use-write.ts';
import { treasuryQueries } from './treasury-queries.ts';

/** POST hedge/create → the hedge; the same clientRef and body answers the first hedge again, another body 409 (3101). */
export function recordHedge(body: HedgeCreateBody) {
  return http.request(`${SECURE_API}/hedge/create`, { method: 'POST', body, schema: HedgeDetail });
}

/** Records a hedge and refetches the hedges and the position. */
export const useRecordHedge = () => useWrite(recordHedge, treasuryQueries.all());
