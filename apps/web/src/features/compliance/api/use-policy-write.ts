import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PolicyView } from '@aurum/domain/compliance/policy-schemas';
import { policyQueries } from './policy-queries.ts';

/** A write of the enforcement switch: its answer is the switch as it now stands. */
export function usePolicyWrite<V>(call: (variables: V) => Promise<PolicyView>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (after) => client.setQueryData(policyQueries.current().queryKey, after) });
}
