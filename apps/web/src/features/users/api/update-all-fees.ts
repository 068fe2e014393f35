import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AllUsersFeeBody } from '@aurum/domain/users/user-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

const Updated = z.object({ updated: z.number().int() });

/** POST user/fee/update_all (AllUsersFeeBody) → {updated}. */
export function updateAllFees(body: AllUsersFeeBody) {
  return http.request(`${SECURE_API}/user/fee/update_all`, { method: 'POST', body, schema: Updated });
}

export function useUpdateAllFees() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateAllFees, onSuccess: () => client.invalidateQueries({ queryKey: userQueries.all() }) });
}
