import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import { methodOf, type RequestAction, type RequestView } from '@aurum/domain/assets/request-schemas';
import { approvePostings, holdPostings, releasePostings, type RequestValue } from '@aurum/domain/assets/request-postings';
import { appError, invalidFormat, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { hasApprovedBankAccount } from '../bank/bank-service.ts';
import { findUser } from '../users/user-service.ts';
import { lockForMoney } from '../wallet/wallet-service.ts';
import { postEntry } from '../ledger/ledger-service.ts';
import { assertCovered, positionMoved } from '../treasury/treasury-service.ts';
import { RECEIPT_APPROVE_LIMITS, ReceiptField, isUploadedFile, type Receipt } from './receipt-upload.ts';
import { reencodeReceipt } from './receipt-image.ts';
import { fileReceiptStorage, receiptKey, receiptRoot, type ReceiptStorage } from './receipt-storage.ts';
import { countPendingRequests, decideRequest, findRequest, insertRequest, listRequests, pendingRequests, setRequestLinks, toRequestView, type RequestRow } from './request-repository.ts';
import { refuseIfRestricted } from '../compliance/gate-service.ts';

export { countPendingRequests, listRequests, pendingRequests, toRequestView };
export type { RequestRow };

export const REQUEST_CONTEXT = {
  notPending: 'This request is no longer pending; it has already been approved or declined.',
  noBankAccount: 'The user has no approved bank account to withdraw to; add one and have it approved first.',
} as const;

/** Where this process keeps receipt files (DATA_DIR/receipts): the asset routes' and the inbox's. */
export const receiptStorageIn = (dataDir: string): ReceiptStorage => fileReceiptStorage(receiptRoot(dataDir));

export { isUploadedFile };

/**
 * The receipts' pipeline for another module's document image (an adjustment's evidence): the same
 * multipart field rule (jpg or png by content, under 5 MB), decoded and re-encoded (decision 0523),
 * and stored under a key the server makes.
 */
export { ReceiptField as ImageUploadField, reencodeReceipt as reencodeImage, RECEIPT_APPROVE_LIMITS as IMAGE_UPLOAD_LIMITS };
export const documentImageKey = (kind: 'adjustments', id: number, extension: 'png' | 'jpg'): string => `${kind}/${id}/evidence-${randomUUID()}.${extension}`;

/** An uploaded file as a receipt, by the same rule as the single-item routes' `receipt` field: 400, 1001 'receipt' when missing or not one. */
export function receiptOf(file: unknown): Receipt {
  const parsed = ReceiptField.safeParse(file);
  if (!parsed.success) throw invalidFormat('receipt');
  return parsed.data;
}

const notPending = () => appError(ErrorCode.RequestNotPending, REQUEST_CONTEXT.notPending);
const noBankAccount = () => appError(ErrorCode.WithdrawalNeedsApprovedBankAccount, REQUEST_CONTEXT.noBankAccount);
const selfApproval = () => appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);

/** What a request change needs besides the transaction: the receipt files and the undo of a stored file. */
export interface RequestChange extends Change {
  storage: ReceiptStorage;
  /** Registers the undo of a stored file, run when this run of the transaction does not commit (route()'s onRollback). */
  onRollback(undo: () => Promise<void>): void;
}

/** The fields of a new request (the domain's create schema, receipt apart). */
export interface NewRequestFields {
  userId: number;
  receiverUserId?: number;
  type: 'MYR' | 'XAU';
  amount?: string;
  quantity?: string;
  note?: string | null;
}

function valueOf(r: RequestRow): RequestValue {
  return { action: r.action, type: r.type, value: (r.amount ?? r.quantity)!, userId: r.user_id, receiverUserId: r.receiver_user_id };
}

/**
 * Stores a receipt as the change's last step (under a fresh key each run); when the transaction
 * does not commit (the call fails, or it runs again after a deadlock), the file is removed again,
 * so a retried call leaves exactly the file its committed row names.
 */
async function storeReceipt(c: RequestChange, key: string, receipt: Receipt): Promise<void> {
  await c.storage.put(key, receipt.bytes);
  c.onRollback(() => c.storage.delete(key));
}

async function publish(c: RequestChange, view: RequestView): Promise<void> {
  const userIds = [view.userId, ...(view.receiver && view.receiver.id !== view.userId ? [view.receiver.id] : [])];
  await c.events.publish(c.q, { kind: 'request', userIds, data: view });
  await c.events.publish(c.q, { kind: 'inbox' }); // created or decided: what awaits a decision changed
}

/** The request of that kind (404 for an unknown id or one of another kind). */
async function requestOfKind(q: Queryable, id: number, action: RequestAction): Promise<RequestRow> {
  const row = await findRequest(q, id);
  if (!row || row.action !== action) throw notFound('request');
  return row;
}

/** One request as the API shows it (404 when unknown). */
export async function requestView(q: Queryable, id: number): Promise<RequestView> {
  const row = await findRequest(q, id);
  if (!row) throw notFound('request');
  return toRequestView(row);
}

/** A request's receipt image ('user': sent with it, 'verified': sent with the approval); 404 when there is none. */
export async function requestReceipt(q: Queryable, storage: ReceiptStorage, id: number, which: 'user' | 'verified'): Promise<{ id: number; bytes: Buffer; type: string }> {
  const row = await findRequest(q, id);
  if (!row) throw notFound('request');
  const key = which === 'user' ? row.user_receipt_key : row.verified_receipt_key;
  const type = which === 'user' ? row.user_receipt_type : row.verified_receipt_type;
  const bytes = key ? await storage.get(key) : null;
  if (!bytes || !type) throw notFound('receipt');
  return { id: row.id, bytes, type };
}

/** Creates a pending request and holds its value (withdrawal, transfer; 422 2080 when not available). */
export async function createRequest(c: RequestChange, action: RequestAction, fields: NewRequestFields, upload: Receipt): Promise<RequestView> {
  const receipt = await reencodeReceipt(upload); // decodes as what it claims to be, or 400 1001 'receipt'
  const people = [fields.userId, ...(fields.receiverUserId !== undefined ? [fields.receiverUserId] : [])];
  await lockForMoney(c.q, { userIds: people, userRows: people }); // the lock order of money-moving transactions
  // value leaving a held or frozen customer, or an unverified one under enforcement, is refused; a
  // deposit or an incoming transfer is received (decisions 1101, 1106)
  if (action !== 'deposit') await refuseIfRestricted(c.q, [fields.userId], { now: c.now, dueDiligence: true });
  // both users locked in id order: no deletion between the checks and the insert
  for (const id of [...people].sort((a, b) => a - b)) {
    const user = await findUser(c.q, id, { forUpdate: true });
    if (!user) throw notFound(id === fields.userId ? 'user' : 'receiverUserId');
  }
  if (action === 'withdrawal' && fields.type === 'MYR' && !(await hasApprovedBankAccount(c.q, fields.userId))) throw noBankAccount();
  const id = await insertRequest(c.q, {
    action,
    method: methodOf(action, fields.type),
    type: fields.type,
    amount: fields.type === 'MYR' ? fields.amount! : null,
    quantity: fields.type === 'XAU' ? fields.quantity! : null,
    userId: fields.userId,
    receiverUserId: fields.receiverUserId ?? null,
    note: fields.note ?? null,
    submittedBy: c.by,
    at: c.now,
  });
  const created = (await findRequest(c.q, id))!;
  const hold = holdPostings(valueOf(created));
  if (hold.length > 0) {
    const entryId = await postEntry(c.q, { kind: 'request.hold', userId: fields.userId, noteCode: { code: 'request.held', params: { action, id } }, createdBy: c.by, postings: hold, source: { kind: 'request', id } });
    await setRequestLinks(c.q, id, { hold_entry_id: entryId });
  }
  const key = receiptKey(id, 'user', upload.extension);
  await setRequestLinks(c.q, id, { user_receipt_key: key, user_receipt_type: upload.contentType });
  const view = toRequestView((await findRequest(c.q, id))!);
  await publish(c, view);
  c.audit.note('requestId', id);
  c.audit.after(view);
  await storeReceipt(c, key, receipt);
  return view;
}

/** Approves a pending request and posts it: not by its submitter (maker-checker by admin id). */
export async function approveRequest(c: RequestChange, action: RequestAction, requestId: number, upload: Receipt): Promise<RequestView> {
  // decoded before any lock is taken (it may take a while), as at create: what it claims to be, or 400 1001 'receipt'
  const receipt = await reencodeReceipt(upload);
  await lockForMoney(c.q, { requestIds: [requestId] }); // first lock: the lock order of money-moving transactions
  const before = await requestOfKind(c.q, requestId, action);
  if (!mayDecide({ submittedBy: before.submitted_by }, c.by)) throw selfApproval();
  if (before.status !== 'pending') throw notPending();
  if (action !== 'deposit') await refuseIfRestricted(c.q, [before.user_id], { now: c.now, dueDiligence: true });
  if (action === 'withdrawal' && before.type === 'MYR' && !(await hasApprovedBankAccount(c.q, before.user_id))) throw noBankAccount();
  const key = receiptKey(before.id, 'verified', upload.extension);
  const decided = await decideRequest(c.q, before.id, {
    status: 'approved',
    by: c.by,
    at: c.now,
    verifiedReceipt: { key, contentType: upload.contentType },
  });
  if (!decided) throw notPending(); // a concurrent decision got there first
  const entryId = await postEntry(c.q, {
    kind: `request.${action}`,
    userId: before.user_id,
    noteCode: { code: 'request.approved', params: { action, id: before.id } },
    createdBy: c.by,
    postings: approvePostings(valueOf(before)),
    source: { kind: 'request', id: before.id },
  });
  await setRequestLinks(c.q, before.id, { decision_entry_id: entryId });
  if (before.type === 'XAU') {
    // customer metal grows with a physical-gold deposit: the coverage rule, after the change (decision 0835)
    if (action === 'deposit') await assertCovered(c, 'XAU', `asset.deposit ${before.id}`);
    await positionMoved(c.q, c.events);
  }
  const view = await decidedView(c, before);
  await storeReceipt(c, key, receipt);
  return view;
}

/** Declines a pending request and releases what it held: not by its submitter. */
export async function declineRequest(c: RequestChange, action: RequestAction, requestId: number, reason: string | null): Promise<RequestView> {
  await lockForMoney(c.q, { requestIds: [requestId] }); // first: the lock order of money-moving transactions
  const before = await requestOfKind(c.q, requestId, action);
  if (!mayDecide({ submittedBy: before.submitted_by }, c.by)) throw selfApproval();
  if (before.status !== 'pending') throw notPending();
  const decided = await decideRequest(c.q, before.id, { status: 'declined', by: c.by, at: c.now, declineReason: reason });
  if (!decided) throw notPending();
  const release = releasePostings(valueOf(before));
  if (release.length > 0) {
    const entryId = await postEntry(c.q, {
      kind: 'request.release',
      userId: before.user_id,
      noteCode: { code: 'request.declined', params: { action, id: before.id } },
      createdBy: c.by,
      postings: release,
      source: { kind: 'request', id: before.id },
    });
    await setRequestLinks(c.q, before.id, { decision_entry_id: entryId });
  }
  return decidedView(c, before);
}

/** After a decision: the request's view, published on the socket and recorded before and after. */
async function decidedView(c: RequestChange, before: RequestRow): Promise<RequestView> {
  const view = toRequestView((await findRequest(c.q, before.id))!);
  await publish(c, view);
  c.audit.note('requestId', before.id);
  c.audit.before(toRequestView(before));
  c.audit.after(view);
  return view;
}
