import { queryOptions } from '@tanstack/react-query';
import { PolicyView } from '@aurum/domain/compliance/policy-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET compliance/policy → whether due diligence is enforced, and the pending proposal (readCompliance). */
export function getPolicy(signal?: AbortSignal) {
  return http.request(`${SECURE_API}/compliance/policy`, { schema: PolicyView, signal });
}

export const policyQueries = {
  all: () => ['compliance', 'policy'] as const,
  current: () => queryOptions({ queryKey: policyQueries.all(), queryFn: ({ signal }) => getPolicy(signal) }),
};
