import { z } from 'zod';
import { listQuery, pageSchema } from '../list/paging.ts';
import { ID_MAX } from '../money/decimal-columns.ts';

/**
 * Notifications (SPEC.md §3: subject, content, recipients all users or selected users), sent by
 * POST notification/send and read back by GET notification/list and notification/{id}.
 */
export const NOTIFICATION_SUBJECT_MAX = 200;
export const NOTIFICATION_CONTENT_MAX = 10_000;
/** The most users one selected send may name. */
export const NOTIFICATION_SELECTED_MAX = 10_000;

export const RECIPIENT_KINDS = ['all', 'selected'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/**
 * `{subject, content, recipients: 'all' | 'selected', userIds}`: subject and content are trimmed
 * and must not be empty; 'selected' needs at least one user id, 'all' takes none.
 */
export const NotificationSendBody = z
  .object({
    subject: z.string().trim().min(1).max(NOTIFICATION_SUBJECT_MAX),
    content: z.string().trim().min(1).max(NOTIFICATION_CONTENT_MAX),
    recipients: z.enum(RECIPIENT_KINDS),
    userIds: z.array(z.number().int().positive().max(ID_MAX)).max(NOTIFICATION_SELECTED_MAX).optional().default([]),
  })
  .superRefine((b, ctx) => {
    if (b.recipients === 'selected' && b.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'no recipients selected' });
    if (b.recipients === 'all' && b.userIds.length > 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'all users take no ids' });
  });
export type NotificationSendBody = z.infer<typeof NotificationSendBody>;

export const NotificationSendAnswer = z.object({ id: z.number().int(), recipientCount: z.number().int() });

export const NotificationSummary = z.object({
  id: z.number().int(),
  subject: z.string(),
  content: z.string(),
  recipients: z.enum(RECIPIENT_KINDS),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  recipientCount: z.number().int(),
  deliveredCount: z.number().int(),
  failedCount: z.number().int(),
  readCount: z.number().int(),
});
export type NotificationSummary = z.infer<typeof NotificationSummary>;

export const NotificationListQuery = listQuery(['createdAt', 'subject']);
export const NotificationListAnswer = pageSchema(NotificationSummary);

export const NotificationRecipientView = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  readAt: z.string().nullable(),
});

/** GET notification/{id}?page&limit: the summary plus a page of its recipients (by user id). */
export const NotificationDetailQuery = listQuery(['userId']);
export const NotificationDetail = NotificationSummary.extend({ recipientList: pageSchema(NotificationRecipientView) });
export type NotificationDetail = z.infer<typeof NotificationDetail>;
