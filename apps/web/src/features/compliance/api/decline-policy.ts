import { PolicyView } from '@aurum/domain/compliance/policy-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { usePolicyWrite } from './use-policy-write.ts';

/** POST compliance/policy/decline (placeComplianceHold): the pending proposal withdrawn; nothing changes. */
export function declinePolicy() {
  return http.request(`${SECURE_API}/compliance/policy/decline`, { method: 'POST', schema: PolicyView });
}

export function useDeclinePolicy() {
  return usePolicyWrite(declinePolicy);
}
