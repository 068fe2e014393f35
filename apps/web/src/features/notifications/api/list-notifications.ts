import { useQuery } from '@tanstack/react-query';
import { notificationQueries } from './notification-queries.ts';

export function useNotificationList(params: { page: number; limit: number; sort: string | null; order: 'asc' | 'desc' }) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit), ...(params.sort ? { sort: params.sort, order: params.order } : {}) }).toString();
  return useQuery(notificationQueries.list(search));
}
