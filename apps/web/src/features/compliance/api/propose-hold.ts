import { HoldView, type ProposeHoldBody } from '@aurum/domain/compliance/hold-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useHoldWrite } from './use-hold-write.ts';

/** POST compliance/holds/{id}/propose {decision, note}: freeze or release, for a second officer to agree. */
export function proposeHold({ id, body }: { id: number; body: ProposeHoldBody }) {
  return http.request(`${SECURE_API}/compliance/holds/${id}/propose`, { method: 'POST', body, schema: HoldView });
}

export function useProposeHold() {
  return useHoldWrite(proposeHold);
}
