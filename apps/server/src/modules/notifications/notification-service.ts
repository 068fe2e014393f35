import type { NotificationSendBody, NotificationSummary } from '@aurum/domain/notifications/notification-schemas';
import type { Page } from '@aurum/domain/list/paging';
import { invalidFormat, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import {
  countLiveUsers,
  countNotifications,
  findSummary,
  insertNotification,
  insertRecipients,
  listSummaries,
  recipientPage,
  type SummaryRow,
} from './notification-repository.ts';

const toSummary = (r: SummaryRow): NotificationSummary => ({
  id: r.id,
  subject: r.subject,
  content: r.content,
  recipients: r.recipients as NotificationSummary['recipients'], // a CHECK list in the schema
  createdAt: r.created_at.toISOString(),
  createdBy: r.created_by,
  recipientCount: Number(r.recipient_count),
  deliveredCount: Number(r.delivered_count),
  failedCount: Number(r.failed_count),
  readCount: Number(r.read_count),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Stores a notification and one row per recipient in the call's transaction (the worker delivers
 * them after the commit). Unknown users, or nobody to send to, are 400 (1001) and store nothing.
 */
export async function sendNotification(c: Change, body: NotificationSendBody): Promise<{ id: number; recipientCount: number }> {
  const userIds = [...new Set(body.userIds)].sort((a, b) => a - b);
  if (body.recipients === 'selected' && (await countLiveUsers(c.q, userIds)) !== userIds.length) throw invalidFormat('userIds');
  const id = await insertNotification(c.q, { subject: body.subject, content: body.content, recipients: body.recipients, createdBy: c.by });
  const recipientCount = await insertRecipients(c.q, id, body.recipients === 'all', userIds);
  // nobody to send to (no users at all): nothing is stored
  if (recipientCount === 0) throw invalidFormat('recipients');
  c.audit.after({
    id,
    subject: body.subject,
    content: body.content,
    recipients: body.recipients,
    ...(body.recipients === 'selected' ? { userIds } : {}),
    recipientCount,
  });
  return { id, recipientCount };
}

export async function notificationList(
  q: Queryable,
  query: { sort?: 'createdAt' | 'subject' | undefined; order: 'asc' | 'desc'; page: number; limit: number },
): Promise<Page<NotificationSummary>> {
  const rows = await listSummaries(q, { sort: query.sort, order: query.order, limit: query.limit, offset: (query.page - 1) * query.limit });
  return { items: rows.map(toSummary), page: query.page, limit: query.limit, total: await countNotifications(q) };
}

export async function notificationDetail(q: Queryable, id: number, query: { order: 'asc' | 'desc'; page: number; limit: number }) {
  const row = await findSummary(q, id);
  if (!row) throw notFound('notification');
  const recipients = await recipientPage(q, id, { order: query.order, limit: query.limit, offset: (query.page - 1) * query.limit });
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
}
