import type { UserCreateBody } from '@aurum/domain/users/user-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { Created, useWrite } from '#shared/http/use-write.ts';
import { userQueries } from '#shared/queries/user-queries.ts';

/** POST user/create → {id}; duplicates are 409 (1001, the field). */
export function createUser(body: UserCreateBody) {
  return http.request(`${SECURE_API}/user/create`, { method: 'POST', body, schema: Created });
}

export const useCreateUser = () => useWrite(createUser, userQueries.lists());
