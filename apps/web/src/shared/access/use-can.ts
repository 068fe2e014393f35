import { can, type Permission } from '@aurum/domain/access/permissions';
import { useAdmin } from '../auth/use-auth.ts';

/** Whether the signed-in admin may do what the permission guards (DECISIONS.md §8). */
export function useCan(permission: Permission): boolean {
  return can(useAdmin(), permission);
}

/** A checker for screens that ask about several permissions. */
export function useCanCheck(): (permission: Permission) => boolean {
  const admin = useAdmin();
  return (permission) => can(admin, permission);
}
