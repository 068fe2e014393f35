import { HoldView, type PlaceHoldBody } from '@aurum/domain/compliance/hold-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useHoldWrite } from './use-hold-write.ts';

/** POST compliance/holds {userId, note} (placeComplianceHold): 409 (3241) when the customer is held already. */
export function placeHold(body: PlaceHoldBody) {
  return http.request(`${SECURE_API}/compliance/holds`, { method: 'POST', body, schema: HoldView });
}

export function usePlaceHold() {
  return useHoldWrite(placeHold);
}
