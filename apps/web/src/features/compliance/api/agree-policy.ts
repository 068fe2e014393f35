import { PolicyView } from '@aurum/domain/compliance/policy-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { usePolicyWrite } from './use-policy-write.ts';

/** POST compliance/policy/agree (decideComplianceHold): the proposal takes effect; not by its proposer (403, 3242). */
export function agreePolicy() {
  return http.request(`${SECURE_API}/compliance/policy/agree`, { method: 'POST', schema: PolicyView });
}

export function useAgreePolicy() {
  return usePolicyWrite(agreePolicy);
}
