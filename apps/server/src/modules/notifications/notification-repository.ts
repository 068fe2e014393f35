import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** Notifications with who sent them and their recipient, delivered, failed and read counts. */
export const selectSummaries = (q: Queryable) =>
  kysely(q)
    .selectFrom('notifications as n')
    .leftJoin('admins as a', 'a.id', 'n.created_by')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('notification_recipients as r')
          .select((rb) => [
            rb.fn.countAll<number>().as('recipient_count'),
            rb.fn.count<number>('r.delivered_at').as('delivered_count'),
            rb.fn.count<number>('r.failed_at').as('failed_count'),
            rb.fn.count<number>('r.read_at').as('read_count'),
          ])
          .whereRef('r.notification_id', '=', 'n.id')
          .as('c'),
      (join) => join.onTrue(),
    )
    .select([
      'n.id',
      'n.subject',
      'n.content',
      'n.recipients',
      'n.created_at',
      'a.username as created_by',
      'c.recipient_count',
      'c.delivered_count',
      'c.failed_count',
      'c.read_count',
    ]);

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['executeTakeFirstOrThrow']>>;

export async function listSummaries(q: Queryable, page: { sort?: 'createdAt' | 'subject' | undefined; order: 'asc' | 'desc'; limit: number; offset: number }): Promise<SummaryRow[]> {
  const direction = page.sort ? page.order : 'desc';
  return selectSummaries(q)
    .orderBy((eb) => (page.sort === 'subject' ? eb.fn('lower', ['n.subject']) : eb.ref('n.created_at')), direction)
    .orderBy('n.id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function findSummary(q: Queryable, id: number): Promise<SummaryRow | undefined> {
  return selectSummaries(q).where('n.id', '=', id).executeTakeFirst();
}

export async function countNotifications(q: Queryable): Promise<number> {
  const row = await kysely(q).selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of these users exist and are not deleted. */
export async function countLiveUsers(q: Queryable, userIds: readonly number[]): Promise<number> {
  const row = await kysely(q)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '=', (eb) => eb.fn.any(eb.val(userIds)))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertNotification(q: Queryable, n: { subject: string; content: string; recipients: 'all' | 'selected'; createdBy: number }): Promise<number> {
  const row = await kysely(q)
    .insertInto('notifications')
    .values({ subject: n.subject, content: n.content, recipients: n.recipients, created_by: n.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One recipient row per live user (all of them, or those of `userIds`), with the address to send to; answers how many. */
export async function insertRecipients(q: Queryable, notificationId: number, all: boolean, userIds: readonly number[]): Promise<number> {
  const rows = await kysely(q)
    .insertInto('notification_recipients')
    .columns(['notification_id', 'user_id', 'email'])
    .expression((eb) =>
      eb
        .selectFrom('users as u')
        .select((sb) => [sb.val(notificationId).as('notification_id'), 'u.id', 'u.email'])
        .where('u.deleted_at', 'is', null)
        .$if(!all, (qb) => qb.where('u.id', '=', (wb) => wb.fn.any(wb.val(userIds)))),
    )
    .returning('user_id')
    .execute();
  return rows.length;
}

/** A page of a notification's recipients with their delivery and read state. */
export async function recipientPage(q: Queryable, notificationId: number, page: { order: 'asc' | 'desc'; limit: number; offset: number }) {
  return kysely(q)
    .selectFrom('notification_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.username', 'r.email', 'r.delivered_at', 'r.failed_at', 'r.attempts', 'r.last_error', 'r.read_at'])
    .where('r.notification_id', '=', notificationId)
    .orderBy('r.user_id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** `now()` plus so many seconds, as the database's clock has it. */
const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

/** A recipient claimed for delivery, with the notification's text. */
export interface ClaimedRecipient {
  notification_id: number;
  user_id: number;
  email: string;
  attempts: number;
  subject: string;
  content: string;
}

/**
 * Claims up to `limit` pending recipients in one statement: the due ones that no other process has
 * locked (FOR UPDATE SKIP LOCKED) are leased for `leaseSeconds` (next_attempt_at moves ahead) and
 * their attempts counted up.
 */
export async function claimRecipients(q: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedRecipient[]> {
  return kysely(q)
    .with('picked', (db) =>
      db
        .selectFrom('notification_recipients')
        .select(['notification_id', 'user_id'])
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .orderBy('notification_id')
        .orderBy('user_id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('notification_recipients as r')
    .from(['picked', 'notifications as n'])
    .set((eb) => ({ attempts: eb('r.attempts', '+', 1), next_attempt_at: secondsFromNow(leaseSeconds) }))
    .whereRef('r.notification_id', '=', 'picked.notification_id')
    .whereRef('r.user_id', '=', 'picked.user_id')
    .whereRef('n.id', '=', 'r.notification_id')
    .returning(['r.notification_id', 'r.user_id', 'r.email', 'r.attempts', 'n.subject', 'n.content'])
    .execute();
}

/** The recipient's e-mail has been handed over. */
export async function markDelivered(q: Queryable, notificationId: number, userId: number): Promise<void> {
  await kysely(q)
    .updateTable('notification_recipients')
    .set({ delivered_at: sql<Date>`now()`, last_error: null })
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .execute();
}

/** A failed attempt: tried again in `retryInSeconds`, or given up (failed_at) when `giveUp`. */
export async function markAttemptFailed(q: Queryable, notificationId: number, userId: number, failure: { message: string; retryInSeconds: number; giveUp: boolean }): Promise<void> {
  await kysely(q)
    .updateTable('notification_recipients')
    .set({ last_error: failure.message, next_attempt_at: secondsFromNow(failure.retryInSeconds), failed_at: failure.giveUp ? sql<Date>`now()` : null })
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .execute();
}
