import type { AdminCreateBody } from '@aurum/domain/admins/admin-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { Created, useWrite } from '#shared/http/use-write.ts';
import { adminQueries } from './admin-queries.ts';

/** POST admin/create → {id}; a taken username or e-mail is 409 (1001, the field). */
export function createAdmin(body: AdminCreateBody) {
  return http.request(`${SECURE_API}/admin/create`, { method: 'POST', body, schema: Created });
}

export const useCreateAdmin = () => useWrite(createAdmin, adminQueries.lists());
