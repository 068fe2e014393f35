import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NotificationDetail,
  NotificationDetailQuery,
  NotificationListAnswer,
  NotificationListQuery,
  NotificationSendAnswer,
  NotificationSendBody,
  type NotificationSummary,
} from '@aurum/domain/notifications/notification-schemas';
import { route } from '../../http/route.ts';
import { invalidFormat, notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { NotificationWorker, type WorkerOptions } from './notification-worker.ts';

const SECURE = '/v0/web/secure';
const tags = ['notifications'];

interface SummaryRow {
  id: number;
  subject: string;
  content: string;
  recipients: 'all' | 'selected';
  created_at: Date;
  created_by: string | null;
  recipient_count: number;
  delivered_count: number;
  failed_count: number;
  read_count: number;
}

const SUMMARY = `
  SELECT n.id, n.subject, n.content, n.recipients, n.created_at, a.username AS created_by,
         c.recipient_count, c.delivered_count, c.failed_count, c.read_count
    FROM notifications n
    LEFT JOIN admins a ON a.id = n.created_by
   CROSS JOIN LATERAL (
     SELECT count(*) AS recipient_count, count(r.delivered_at) AS delivered_count,
            count(r.failed_at) AS failed_count, count(r.read_at) AS read_count
       FROM notification_recipients r WHERE r.notification_id = n.id) c`;

const toSummary = (r: SummaryRow): NotificationSummary => ({
  id: r.id,
  subject: r.subject,
  content: r.content,
  recipients: r.recipients,
  createdAt: r.created_at.toISOString(),
  createdBy: r.created_by,
  recipientCount: Number(r.recipient_count),
  deliveredCount: Number(r.delivered_count),
  failedCount: Number(r.failed_count),
  readCount: Number(r.read_count),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function countOf(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await q.query<{ n: number }>(sql, params);
  return Number(row?.n ?? 0);
}

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
    handler: async ({ db, body, admin, audit, reply }) => {
      const userIds = [...new Set(body.userIds)].sort((a, b) => a - b);
      if (body.recipients === 'selected') {
        const known = await countOf(db, 'SELECT count(*) AS n FROM users WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL', [userIds]);
        if (known !== userIds.length) throw invalidFormat('userIds');
      }
      const [created] = await db.query<{ id: number }>(
        'INSERT INTO notifications (subject, content, recipients, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
        [body.subject, body.content, body.recipients, admin!.id],
      );
      const id = created!.id;
      const inserted = await db.query<{ user_id: number }>(
        `INSERT INTO notification_recipients (notification_id, user_id, email)
         SELECT $1, u.id, u.email FROM users u
          WHERE u.deleted_at IS NULL AND ($2::boolean OR u.id = ANY($3::bigint[]))
         RETURNING user_id`,
        [id, body.recipients === 'all', userIds],
      );
      // nobody to send to (no users at all): nothing is stored
      if (inserted.length === 0) throw invalidFormat('recipients');
      audit.after({
        id,
        subject: body.subject,
        content: body.content,
        recipients: body.recipients,
        ...(body.recipients === 'selected' ? { userIds } : {}),
        recipientCount: inserted.length,
      });
      // deliver as soon as the transaction has committed (the answer is sent after the commit)
      reply.raw.once('finish', () => worker.kick());
      return { id, recipientCount: inserted.length };
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/notification/list`,
    summary: 'Sent notifications, newest first by default, with recipient, delivered, failed and read counts (page, limit, sort createdAt | subject, order)',
    tags,
    auth: 'admin',
    query: NotificationListQuery,
    response: NotificationListAnswer,
    handler: async ({ db, query }) => {
      const column = query.sort === 'subject' ? 'lower(n.subject)' : 'n.created_at';
      const direction = query.sort ? (query.order === 'desc' ? 'DESC' : 'ASC') : 'DESC';
      const rows = await db.query<SummaryRow>(`${SUMMARY} ORDER BY ${column} ${direction}, n.id ${direction} LIMIT $1 OFFSET $2`, [
        query.limit,
        (query.page - 1) * query.limit,
      ]);
      const total = await countOf(db, 'SELECT count(*) AS n FROM notifications', []);
      return { items: rows.map(toSummary), page: query.page, limit: query.limit, total };
    },
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
    handler: async ({ db, params, query }) => {
      const [row] = await db.query<SummaryRow>(`${SUMMARY} WHERE n.id = $1`, [params.id]);
      if (!row) throw notFound('notification');
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      const recipients = await db.query<{
        user_id: number;
        username: string;
        email: string;
        delivered_at: Date | null;
        failed_at: Date | null;
        attempts: number;
        last_error: string | null;
        read_at: Date | null;
      }>(
        `SELECT r.user_id, u.username, r.email, r.delivered_at, r.failed_at, r.attempts, r.last_error, r.read_at
           FROM notification_recipients r JOIN users u ON u.id = r.user_id
          WHERE r.notification_id = $1 ORDER BY r.user_id ${direction} LIMIT $2 OFFSET $3`,
        [params.id, query.limit, (query.page - 1) * query.limit],
      );
      const summary = toSummary(row);
      return {
        ...summary,
        recipientList: {
          items: recipients.map((r) => ({
            userId: r.user_id,
            username: r.username,
            email: r.email,
            deliveredAt: iso(r.delivered_at),
            failedAt: iso(r.failed_at),
            attempts: r.attempts,
            lastError: r.last_error,
            readAt: iso(r.read_at),
          })),
          page: query.page,
          limit: query.limit,
          total: summary.recipientCount,
        },
      };
    },
  });

  return worker;
}
