import { useQuery } from '@tanstack/react-query';
import { notificationQueries } from './notification-queries.ts';

export function useNotification(id: number | null, page: number) {
  return useQuery({ ...notificationQueries.detail(id ?? 0, page), enabled: id !== null });
}
