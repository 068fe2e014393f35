import { useQuery } from '@tanstack/react-query';
import { adminQueries } from './admin-queries.ts';

export function useAdminDetail(adminId: number) {
  return useQuery(adminQueries.detail(adminId));
}
