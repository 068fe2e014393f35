import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HoldView } from '@aurum/domain/compliance/hold-schemas';
import { userQueries } from '#shared/queries/user-queries.ts';
import { holdQueries } from './holds-queries.ts';

/** A hold's write: the holds refetched, and its customer's page too (it says whether a hold is in force). */
export function useHoldWrite<V>(call: (variables: V) => Promise<HoldView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (hold) =>
      Promise.all([client.invalidateQueries({ queryKey: holdQueries.all() }), client.invalidateQueries({ queryKey: userQueries.detail(hold.userId).queryKey, exact: true })]),
  });
}
