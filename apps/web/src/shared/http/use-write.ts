import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';

/** What a create answers: the new row's id. */
export const Created = z.object({ id: z.number().int() });

/** A write: the mutation over one call, refetching the queries under `invalidates` once it succeeded. */
export function useWrite<V, R>(call: (variables: V) => Promise<R>, invalidates: QueryKey) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: invalidates }) });
}
