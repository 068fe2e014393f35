import { useQuery } from '@tanstack/react-query';
import { requestQueries } from './request-queries.ts';

export function useRequestList(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...requestQueries.list(search), enabled: options.enabled ?? true });
}
