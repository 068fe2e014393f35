import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NotificationDetail,
  NotificationDetailQuery,
  NotificationListAnswer,
  NotificationListQuery,
  NotificationSendAnswer,
  NotificationSendBody,
  NotificationSummary,
} from '@aurum/domain/notifications/notification-schemas';
import { csvColumnsOf } from '@aurum/domain/export/export-schemas';
import { route } from '../../http/route.ts';
import { EXPORT_BATCH, exportRoute, pagedRows } from '../../http/csv-export.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { NotificationWorker, type WorkerOptions } from './notification-worker.ts';
import { notificationDetail, notificationList, sendNotification } from './notification-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['notifications'];

/**
 * Notifications: POST notification/send (permission sendNotification, audited notification.send)
 * stores the notification and one row per recipient in the request's transaction; the worker
 * (answered here: the job `notifications`, started with the other jobs) delivers them through the
 * mailer after the commit.
 */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps, workerOptions: WorkerOptions = {}): NotificationWorker {
  const worker = new NotificationWorker(deps.db, deps.mailer, {
    onError: (error) => app.log.error({ err: error }, 'notification delivery failed'),
    ...workerOptions,
  });
  app.addHook('onClose', async () => worker.stop());

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/notification/send`,
    summary:
      'Send a notification {subject, content, recipients: all | selected, userIds}: stored per recipient, e-mailed in the background (empty subject or content, no or unknown users: 400, 1001 with the field)',
    tags,
    auth: 'admin',
    permission: 'sendNotification',
    audit: 'notification.send',
    body: NotificationSendBody,
    response: NotificationSendAnswer,
    handler: async (ctx) => {
      const sent = await sendNotification(changeOf(ctx, deps), ctx.body);
      // deliver as soon as the transaction has committed (the answer is sent after the commit)
      ctx.reply.raw.once('finish', () => worker.kick());
      return sent;
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/notification/list`,
    reads: 'replica',
    summary: 'Sent notifications, newest first by default, with recipient, delivered, failed and read counts (page, limit, sort createdAt | subject, order)',
    tags,
    auth: 'admin',
    query: NotificationListQuery,
    response: NotificationListAnswer,
    handler: async ({ db, query }) => notificationList(db, query),
  });

  exportRoute(app, deps, {
    list: 'notifications',
    summary: 'Sent notifications as a CSV attachment, with their counts, in the list\'s order (sort createdAt | subject, order)',
    tags: [...tags, 'export'],
    query: NotificationListQuery.omit({ page: true, limit: true }),
    columns: csvColumnsOf(NotificationSummary),
    rows: (db, query) => pagedRows((page, limit) => notificationList(db, { ...query, page, limit }), EXPORT_BATCH),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/notification/:id`,
    summary: 'One sent notification with its counts and a page of its recipients (delivery and read state)',
    tags,
    auth: 'admin',
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    query: NotificationDetailQuery,
    response: NotificationDetail,
    handler: async ({ db, params, query }) => notificationDetail(db, params.id, query),
  });

  return worker;
}
