import { z } from 'zod';
import { PERMISSIONS } from '../access/permissions.ts';
import { pageSchema } from '../list/paging.ts';

/** An admin as the admin calls answer it; `role` travels in its wire form (SUPER_ADMIN, ...). */
export const AdminListItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: z.string(),
  createdAt: z.string(),
  /** The creating admin's username, or null (shown as a dash). */
  createdBy: z.string().nullable(),
});
export type AdminListItem = z.infer<typeof AdminListItem>;

export const AdminListAnswer = pageSchema(AdminListItem);

/** GET /v0/web/secure/admin/{adminId}: the admin and what its role lets it do. */
export const AdminDetail = AdminListItem.extend({
  updatedAt: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type AdminDetail = z.infer<typeof AdminDetail>;
