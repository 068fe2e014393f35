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
import type { Queryable } from '../../db/db.ts';

export interface RequestRow {
  id: number;
  action: RequestAction;
  method: RequestMethod | null;
  type: RequestType;
  amount: string | null;
  quantity: string | null;
  status: RequestStatus;
  user_id: number;
  username: string;
  receiver_user_id: number | null;
  receiver_username: string | null;
  note: string | null;
  decline_reason: string | null;
  user_receipt_key: string | null;
  user_receipt_type: ReceiptContentType | null;
  verified_receipt_key: string | null;
  verified_receipt_type: ReceiptContentType | null;
  hold_entry_id: number | null;
  decision_entry_id: number | null;
  submitted_by: number | null;
  submitter: string | null;
  verifier: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const SELECT = `SELECT r.id, r.action, r.method, r.type, r.amount::text AS amount, r.quantity::text AS quantity, r.status,
    r.user_id, u.username, r.receiver_user_id, v.username AS receiver_username, r.note, r.decline_reason,
    r.user_receipt_key, r.user_receipt_type, r.verified_receipt_key, r.verified_receipt_type, r.hold_entry_id,
    r.decision_entry_id, r.submitted_by, s.username AS submitter, d.username AS verifier, r.created_at, r.decided_at
  FROM payment_requests r
  JOIN users u ON u.id = r.user_id
  LEFT JOIN users v ON v.id = r.receiver_user_id
  LEFT JOIN admins s ON s.id = r.submitted_by
  LEFT JOIN admins d ON d.id = r.verified_by`;

export async function findRequest(q: Queryable, id: number): Promise<RequestRow | undefined> {
  const rows = await q.query<RequestRow>(`${SELECT} WHERE r.id = $1`, [id]);
  return rows[0];
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
  const rows = await q.query<{ id: number }>(
    `INSERT INTO payment_requests (action, method, type, amount, quantity, user_id, receiver_user_id, note, submitted_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [r.action, r.method, r.type, r.amount, r.quantity, r.userId, r.receiverUserId, r.note, r.submittedBy, r.at],
  );
  return rows[0]!.id;
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
  const rows = await q.query<{ id: number }>(
    `UPDATE payment_requests SET status = $2, verified_by = $3, decided_at = $4, verified_receipt_key = $5,
       verified_receipt_type = $6, decline_reason = $7
     WHERE id = $1 AND status = 'pending' AND submitted_by IS DISTINCT FROM $3
     RETURNING id`,
    [id, d.status, d.by, d.at, d.verifiedReceipt?.key ?? null, d.verifiedReceipt?.contentType ?? null, d.declineReason ?? null],
  );
  return rows.length === 1;
}

const SORT_SQL: Record<NonNullable<RequestListQuery['sort']>, string> = {
  id: 'r.id',
  createdAt: 'r.created_at',
  decidedAt: 'r.decided_at',
  amount: 'r.amount',
  quantity: 'r.quantity',
  status: 'r.status',
};

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
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (query.action) add((p) => `r.action = ${p}`, query.action);
  if (query.status) add((p) => `r.status = ${p}`, query.status);
  if (query.type) add((p) => `r.type = ${p}`, query.type);
  if (query.userId !== undefined) add((p) => `(r.user_id = ${p} OR r.receiver_user_id = ${p})`, query.userId);
  if (query.createdAfter) add((p) => `r.created_at >= ${p}`, bound(query.createdAfter, false));
  if (query.createdBefore) {
    const end = query.createdBefore.length === 10;
    add((p) => `r.created_at ${end ? '<' : '<='} ${p}`, bound(query.createdBefore, end));
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await q.query<{ n: number }>(`SELECT count(*) AS n FROM payment_requests r ${whereSql}`, params);
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderBy = query.sort
    ? `${SORT_SQL[query.sort]} ${direction} NULLS LAST, r.id ${direction}`
    : 'r.created_at DESC, r.id DESC';
  const rows = await q.query<RequestRow>(
    `${SELECT} ${whereSql} ORDER BY ${orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { items: rows.map(toRequestView), page: query.page, limit: query.limit, total: count!.n };
}

/** Whether the user has an approved bank account (a MYR withdrawal goes there). */
export async function hasApprovedBankAccount(q: Queryable, userId: number): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM bank_accounts WHERE user_id = $1 AND status = 'approved'", [userId]);
  return rows.length > 0;
}
