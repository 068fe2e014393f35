import type { Page } from '@aurum/domain/list/paging';
import type {
  RequestAction,
  RequestListQuery,
  RequestMethod,
  RequestStatus,
  RequestType,
  RequestView,
} from '@aurum/domain/assets/request-schemas';
import type { ReceiptContentType } from '@aurum/domain/assets/receipt';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { SelectQueryBuilder, Updateable } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import type { Database, PaymentRequestsTable } from '../../db/db-types.ts';
import { kysely } from '../../db/query-builder.ts';

const selectRequests = (q: Queryable) =>
  kysely(q)
    .selectFrom('payment_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as v', 'v.id', 'r.receiver_user_id')
    .leftJoin('admins as s', 's.id', 'r.submitted_by')
    .leftJoin('admins as d', 'd.id', 'r.verified_by')
    .select((eb) => [
      'r.id',
      'r.action',
      'r.method',
      'r.type',
      eb.cast<string | null>('r.amount', 'text').as('amount'),
      eb.cast<string | null>('r.quantity', 'text').as('quantity'),
      'r.status',
      'r.user_id',
      'u.username',
      'r.receiver_user_id',
      'v.username as receiver_username',
      'r.note',
      'r.decline_reason',
      'r.user_receipt_key',
      'r.user_receipt_type',
      'r.verified_receipt_key',
      'r.verified_receipt_type',
      'r.hold_entry_id',
      'r.decision_entry_id',
      'r.submitted_by',
      's.username as submitter',
      'd.username as verifier',
      'r.created_at',
      'r.decided_at',
    ]);

type SelectedRequest = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

/** A request as read, its CHECK-listed text columns typed by the domain's values. */
export type RequestRow = Omit<SelectedRequest, 'action' | 'method' | 'type' | 'status' | 'user_receipt_type' | 'verified_receipt_type'> & {
  action: RequestAction;
  method: RequestMethod | null;
  type: RequestType;
  status: RequestStatus;
  user_receipt_type: ReceiptContentType | null;
  verified_receipt_type: ReceiptContentType | null;
};

// the schema's CHECK lists hold exactly the domain's values (text columns in db-types)
const typed = (r: SelectedRequest): RequestRow => r as RequestRow;

export async function findRequest(q: Queryable, id: number): Promise<RequestRow | undefined> {
  const row = await selectRequests(q).where('r.id', '=', id).executeTakeFirst();
  return row && typed(row);
}

export const RECEIPT_PATH = (id: number, which: 'user' | 'verified') => `/v0/web/secure/asset/${id}/receipt/${which}`;

export function toRequestView(r: RequestRow): RequestView {
  const user = { id: r.user_id, username: r.username };
  const receiver = r.receiver_user_id !== null ? { id: r.receiver_user_id, username: r.receiver_username ?? '' } : null;
  return {
    id: r.id,
    action: r.action,
    method: r.method,
    type: r.type,
    amount: r.amount,
    quantity: r.quantity,
    status: r.status,
    userId: r.user_id,
    sender: r.action === 'deposit' ? null : user,
    receiver: r.action === 'deposit' ? user : receiver,
    note: r.note,
    submittedBy: r.submitter,
    submittedById: r.submitted_by,
    verifiedBy: r.verifier,
    declineReason: r.decline_reason,
    userReceiptUrl: r.user_receipt_key ? RECEIPT_PATH(r.id, 'user') : null,
    verifiedReceiptUrl: r.verified_receipt_key ? RECEIPT_PATH(r.id, 'verified') : null,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
  };
}

export interface NewRequest {
  action: RequestAction;
  method: RequestMethod | null;
  type: RequestType;
  amount: string | null;
  quantity: string | null;
  userId: number;
  receiverUserId: number | null;
  note: string | null;
  submittedBy: number;
  at: Date;
}

export async function insertRequest(q: Queryable, r: NewRequest): Promise<number> {
  const row = await kysely(q)
    .insertInto('payment_requests')
    .values({
      action: r.action,
      method: r.method,
      type: r.type,
      amount: r.amount,
      quantity: r.quantity,
      user_id: r.userId,
      receiver_user_id: r.receiverUserId,
      note: r.note,
      submitted_by: r.submittedBy,
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the journal entries and receipt of a request as the service makes them. */
export async function setRequestLinks(
  q: Queryable,
  id: number,
  links: Partial<Pick<Updateable<PaymentRequestsTable>, 'hold_entry_id' | 'decision_entry_id' | 'user_receipt_key' | 'user_receipt_type'>>,
): Promise<void> {
  await kysely(q).updateTable('payment_requests').set(links).where('id', '=', id).execute();
}

/**
 * Decides a pending request in one conditional UPDATE: of concurrent decisions exactly one finds
 * it pending (the others wait for its row lock, then find it decided). The submitter never
 * decides (maker-checker). False when nothing changed.
 */
export async function decideRequest(
  q: Queryable,
  id: number,
  d: {
    status: 'approved' | 'declined';
    by: number;
    at: Date;
    verifiedReceipt?: { key: string; contentType: ReceiptContentType } | null;
    declineReason?: string | null;
  },
): Promise<boolean> {
  const rows = await kysely(q)
    .updateTable('payment_requests')
    .set({
      status: d.status,
      verified_by: d.by,
      decided_at: d.at,
      verified_receipt_key: d.verifiedReceipt?.key ?? null,
      verified_receipt_type: d.verifiedReceipt?.contentType ?? null,
      decline_reason: d.declineReason ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('submitted_by', 'is distinct from', d.by)
    .returning('id')
    .execute();
  return rows.length === 1;
}

const SORT_COLUMN = {
  id: 'r.id',
  createdAt: 'r.created_at',
  decidedAt: 'r.decided_at',
  amount: 'r.amount',
  quantity: 'r.quantity',
  status: 'r.status',
} as const satisfies Record<NonNullable<RequestListQuery['sort']>, string>;

/** A yyyy-MM-dd bound is a whole business day (the business clock's, Kuala Lumpur). */
function bound(value: string, end: boolean): Date {
  if (value.length === 10) return startOfBusinessDay(value, end ? 1 : 0);
  return new Date(value);
}

/**
 * The request list: filters by action, status, type, user (its own requests and the transfers it
 * receives) and creation time; sorted on a column (ties by id), newest first when no sort is named.
 */
export async function listRequests(q: Queryable, query: RequestListQuery): Promise<Page<RequestView>> {
  const filtered = <QB extends SelectQueryBuilder<Database & { r: PaymentRequestsTable }, 'r', object>>(qb: QB): QB =>
    qb
      .$if(query.action !== undefined, (b) => b.where('r.action', '=', query.action!))
      .$if(query.status !== undefined, (b) => b.where('r.status', '=', query.status!))
      .$if(query.type !== undefined, (b) => b.where('r.type', '=', query.type!))
      .$if(query.userId !== undefined, (b) => b.where((eb) => eb.or([eb('r.user_id', '=', query.userId!), eb('r.receiver_user_id', '=', query.userId!)])))
      .$if(query.createdAfter !== undefined, (b) => b.where('r.created_at', '>=', bound(query.createdAfter!, false)))
      .$if(query.createdBefore !== undefined, (b) => {
        const end = query.createdBefore!.length === 10;
        return b.where('r.created_at', end ? '<' : '<=', bound(query.createdBefore!, end));
      }) as QB;
  const count = await filtered(kysely(q).selectFrom('payment_requests as r').select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirstOrThrow();
  const direction = query.order === 'desc' ? 'desc' : 'asc';
  const rows = await filtered(selectRequests(q))
    .$if(query.sort !== undefined, (b) => b.orderBy(SORT_COLUMN[query.sort!], (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast()).orderBy('r.id', direction))
    .$if(query.sort === undefined, (b) => b.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { items: rows.map((r) => toRequestView(typed(r))), page: query.page, limit: query.limit, total: count.n };
}

/** Pending requests of these actions, oldest first (ties by id), at most `limit` of them. */
export async function pendingRequests(q: Queryable, actions: readonly RequestAction[], limit: number): Promise<RequestRow[]> {
  if (actions.length === 0) return [];
  const rows = await selectRequests(q)
    .where('r.status', '=', 'pending')
    .where('r.action', 'in', [...actions])
    .orderBy('r.created_at', 'asc')
    .orderBy('r.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(typed);
}

/** How many requests of these actions are pending, and how many of them `adminId` did not submit. */
export async function countPendingRequests(q: Queryable, actions: readonly RequestAction[], adminId: number): Promise<{ total: number; decidable: number }> {
  if (actions.length === 0) return { total: 0, decidable: 0 };
  const row = await kysely(q)
    .selectFrom('payment_requests as r')
    .where('r.status', '=', 'pending')
    .where('r.action', 'in', [...actions])
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('r.submitted_by', 'is distinct from', adminId).as('decidable'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), decidable: Number(row.decidable) };
}
