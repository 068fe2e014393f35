import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NotificationListAnswer } from '@aurum/domain/notifications/notification-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { notificationKeys } from './notification-keys.ts';

/** GET notification/list?page&limit&sort&order → sent notifications with recipient, delivered, failed and read counts. */
export function listNotifications(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/notification/list${search ? `?${search}` : ''}`, { schema: NotificationListAnswer, signal });
}

export function useNotificationList(params: { page: number; limit: number; sort: string | null; order: 'asc' | 'desc' }) {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit), ...(params.sort ? { sort: params.sort, order: params.order } : {}) }).toString();
  return useQuery({
    queryKey: notificationKeys.list(search),
    queryFn: ({ signal }) => listNotifications(search, signal),
    placeholderData: keepPreviousData,
    // delivery runs in the background: the counts move for a while after a send
    refetchInterval: 5000,
  });
}
