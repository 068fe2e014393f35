import { useQuery } from '@tanstack/react-query';
import { adminListSearch, adminQueries } from './admin-queries.ts';

export function useAdminList(query: URLSearchParams) {
  return useQuery(adminQueries.list(adminListSearch(query)));
}
