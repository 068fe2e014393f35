import { PolicyView, type ProposePolicyBody } from '@aurum/domain/compliance/policy-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { usePolicyWrite } from './use-policy-write.ts';

/** POST compliance/policy/propose {enforce, note} (placeComplianceHold): 409 (3281) when one is pending or nothing would change. */
export function proposePolicy(body: ProposePolicyBody) {
  return http.request(`${SECURE_API}/compliance/policy/propose`, { method: 'POST', body, schema: PolicyView });
}

export function useProposePolicy() {
  return usePolicyWrite(proposePolicy);
}
