import { HoldView } from '@aurum/domain/compliance/hold-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { useHoldWrite } from './use-hold-write.ts';

/** POST compliance/holds/{id}/agree (decideComplianceHold): the pending freeze or release takes effect. */
export function agreeHold(id: number) {
  return http.request(`${SECURE_API}/compliance/holds/${id}/agree`, { method: 'POST', schema: HoldView });
}

export function useAgreeHold() {
  return useHoldWrite(agreeHold);
}
