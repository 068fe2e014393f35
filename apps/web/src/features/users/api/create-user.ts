import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { UserCreateBody } from '@aurum/domain/users/user-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

const Created = z.object({ id: z.number().int() });

/** POST user/create → {id}; duplicates are 409 (1001, the field). */
export function createUser(body: UserCreateBody) {
  return http.request(`${SECURE_API}/user/create`, { method: 'POST', body, schema: Created });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => client.invalidateQueries({ queryKey: userQueries.lists() }) });
}
