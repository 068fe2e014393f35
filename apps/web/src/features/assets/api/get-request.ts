import { useQuery } from '@tanstack/react-query';
import { requestQueries } from './request-queries.ts';

export function useRequest(requestId: number) {
  return useQuery(requestQueries.detail(requestId));
}
