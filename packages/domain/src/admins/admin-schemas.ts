import { z } from 'zod';
import { ADMIN_ROLES } from '../access/roles.ts';
import { listQuery } from '../list/paging.ts';
import { emailField, passwordField, requiredText, usernameField } from '../validation/rules.ts';
import { emptyToUndefined } from '../validation/preprocess.ts';

export const AdminCreateBody = z.object({
  username: usernameField,
  email: emailField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  role: z.enum(ADMIN_ROLES),
  password: passwordField,
});
export type AdminCreateBody = z.infer<typeof AdminCreateBody>;

export const AdminEditBody = AdminCreateBody.omit({ username: true, password: true });
export type AdminEditBody = z.infer<typeof AdminEditBody>;

export const AdminPasswordBody = z.object({ password: passwordField });

export const ADMIN_SORT_FIELDS = ['id', 'username', 'email', 'role', 'createdAt'] as const;

export const AdminListQuery = listQuery(ADMIN_SORT_FIELDS).extend({
  input: z.preprocess(emptyToUndefined, z.string().max(254).optional()),
  role: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(ADMIN_ROLES).optional()),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;
