import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { NotificationDetail, NotificationListAnswer } from '@aurum/domain/notifications/notification-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

export const RECIPIENT_PAGE_SIZE = 10;

/** GET notification/list?page&limit&sort&order → sent notifications with recipient, delivered, failed and read counts. */
export function listNotifications(search: string, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/notification/list${search ? `?${search}` : ''}`, { schema: NotificationListAnswer, signal });
}

/** GET notification/{id}?page&limit → the notification with a page of its recipients (delivery and read state). */
export function getNotification(id: number, page: number, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/notification/${id}?page=${page}&limit=${RECIPIENT_PAGE_SIZE}`, { schema: NotificationDetail, signal });
}

/** The notification screen's queries; delivery runs in the background, so the counts are asked again every 5 s. */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  list: (search: string) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list', search],
      queryFn: ({ signal }) => listNotifications(search, signal),
      placeholderData: keepPreviousData,
      refetchInterval: 5000,
    }),
  detail: (id: number, page: number) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'detail', id, page],
      queryFn: ({ signal }) => getNotification(id, page, signal),
      placeholderData: keepPreviousData,
      refetchInterval: 5000,
    }),
};
