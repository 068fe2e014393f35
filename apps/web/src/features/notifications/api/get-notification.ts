import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NotificationDetail } from '@aurum/domain/notifications/notification-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { notificationKeys } from './notification-keys.ts';

export const RECIPIENT_PAGE_SIZE = 10;

/** GET notification/{id}?page&limit → the notification with a page of its recipients (delivery and read state). */
export function getNotification(id: number, page: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/notification/${id}?page=${page}&limit=${RECIPIENT_PAGE_SIZE}`, { schema: NotificationDetail, signal });
}

export function useNotification(id: number | null, page: number) {
  return useQuery({
    queryKey: notificationKeys.detail(id ?? 0, page),
    queryFn: ({ signal }) => getNotification(id as number, page, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}
