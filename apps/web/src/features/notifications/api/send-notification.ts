import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationSendAnswer, type NotificationSendBody } from '@aurum/domain/notifications/notification-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { notificationQueries } from './notification-queries.ts';

/** POST notification/send {subject, content, recipients: all | selected, userIds} (sendNotification) → {id, recipientCount}. */
export function sendNotification(body: NotificationSendBody) {
  return http.request(`${SECURE_API}/notification/send`, { method: 'POST', body, schema: NotificationSendAnswer });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendNotification, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() }) });
}
