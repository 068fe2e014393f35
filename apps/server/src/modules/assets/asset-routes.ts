import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SELF_APPROVAL_REFUSED, mayDecide } from '@aurum/domain/access/maker-checker';
import type { Permission } from '@aurum/domain/access/permissions';
import {
  REQUEST_ACTIONS,
  RequestDeclineBody,
  RequestListQuery,
  RequestPage,
  RequestView,
  methodOf,
  requestCreateFieldsFor,
  type RequestAction,
} from '@aurum/domain/assets/request-schemas';
import { approvePostings, holdPostings, releasePostings, type RequestValue } from '@aurum/domain/assets/request-postings';
import { idempotent } from '../../http/idempotency.ts';
import { ERROR_BODY, route, type RouteContext } from '../../http/route.ts';
import { appError, notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { findUser } from '../users/user-repository.ts';
import { postEntry } from '../wallet/ledger-repository.ts';
import { lockForMoney } from '../wallet/money-locks.ts';
import { RECEIPT_APPROVE_LIMITS, RECEIPT_CREATE_LIMITS, ReceiptField, type Receipt } from './receipt-upload.ts';
import { reencodeReceipt } from './receipt-image.ts';
import { fileReceiptStorage, receiptKey, receiptRoot, type ReceiptStorage } from './receipt-storage.ts';
import { decideRequest, findRequest, hasApprovedBankAccount, insertRequest, listRequests, toRequestView, type RequestRow } from './request-repository.ts';

const SECURE = '/v0/web/secure';
const tags = ['asset'];
const ID = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const PARAMS = z.object({ requestId: ID });

export const REQUEST_CONTEXT = {
  notPending: 'This request is no longer pending; it has already been approved or declined.',
  noBankAccount: 'The user has no approved bank account to withdraw to; add one and have it approved first.',
} as const;

const notPending = () => appError(ErrorCode.RequestNotPending, REQUEST_CONTEXT.notPending);
const noBankAccount = () => appError(ErrorCode.WithdrawalNeedsApprovedBankAccount, REQUEST_CONTEXT.noBankAccount);
const selfApproval = () => appError(ErrorCode.Forbidden, SELF_APPROVAL_REFUSED);

const cap = (a: RequestAction) => `${a[0]!.toUpperCase()}${a.slice(1)}` as 'Deposit' | 'Withdrawal' | 'Transfer';
const PERMISSIONS = {
  submit: (a: RequestAction) => `submit${cap(a)}Request` as Permission,
  approve: (a: RequestAction) => `approve${cap(a)}Request` as Permission,
  decline: (a: RequestAction) => `decline${cap(a)}Request` as Permission,
};

const MULTIPART_DOCS = { consumes: ['multipart/form-data'] };

function valueOf(r: RequestRow): RequestValue {
  return { action: r.action, type: r.type, value: (r.amount ?? r.quantity)!, userId: r.user_id, receiverUserId: r.receiver_user_id };
}

/**
 * Stores a receipt as the handler's last step (under a fresh key each run); when the transaction
 * does not commit (the call fails, or it runs again after a deadlock), the file is removed again,
 * so a retried call leaves exactly the file its committed row names.
 */
async function storeReceipt(storage: ReceiptStorage, onRollback: RouteContext<unknown, unknown, unknown>['onRollback'], key: string, receipt: Receipt): Promise<void> {
  await storage.put(key, receipt.bytes);
  onRollback(() => storage.delete(key));
}

async function publish(deps: AppDeps, q: Queryable, view: RequestView): Promise<void> {
  const userIds = [view.userId, ...(view.receiver && view.receiver.id !== view.userId ? [view.receiver.id] : [])];
  await deps.events.publish(q, { kind: 'request', userIds, data: view });
}

/** The request of that kind (404 for an unknown id or one of another kind). */
async function requestOfKind(q: Queryable, id: number, action: RequestAction): Promise<RequestRow> {
  const row = await findRequest(q, id);
  if (!row || row.action !== action) throw notFound('request');
  return row;
}

/**
 * Deposit, withdrawal and transfer requests (DECISIONS.md §7; docs/decisions.md "Requests"). The
 * changes have one route per kind so that each names its own permission; reading is shared.
 */
export function registerAssetRoutes(app: FastifyInstance, deps: AppDeps, storage: ReceiptStorage = fileReceiptStorage(receiptRoot(deps.config.dataDir))): void {
  for (const action of REQUEST_ACTIONS) {
    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/asset/${action}/create`,
      summary: `Create a pending ${action} request (multipart/form-data: the fields and the user's receipt image 'receipt')${action === 'deposit' ? '' : '; the value is held at once (422, 2080 when not available)'}`,
      tags,
      auth: 'admin',
      permission: PERMISSIONS.submit(action),
      audit: 'asset.create',
      body: z.intersection(requestCreateFieldsFor(action), z.object({ receipt: ReceiptField })),
      response: RequestView,
      multipart: RECEIPT_CREATE_LIMITS,
      docs: MULTIPART_DOCS,
      handler: async ({ db, body, admin, audit, onRollback, req }) => {
        // Idempotency-Key: the receipt counts by its digest (the stored answer holds no bytes)
        const { receipt: upload, ...fields } = body;
        const fingerprint = { ...fields, receipt: createHash('sha256').update(upload.bytes).digest('hex') };
        return idempotent(db, req, `asset/${action}/create`, admin!.id, fingerprint, async () => {
          const receipt = await reencodeReceipt(upload); // decodes as what it claims to be, or 400 1001 'receipt'
          const people = [body.userId, ...(body.receiverUserId !== undefined ? [body.receiverUserId] : [])];
          await lockForMoney(db, { userIds: people, userRows: people }); // the lock order of money-moving transactions
          // both users locked in id order: no deletion between the checks and the insert
          const ids = [body.userId, ...(body.receiverUserId !== undefined ? [body.receiverUserId] : [])].sort((a, b) => a - b);
          for (const id of ids) {
            const user = await findUser(db, id, { forUpdate: true });
            if (!user) throw notFound(id === body.userId ? 'user' : 'receiverUserId');
          }
          if (action === 'withdrawal' && body.type === 'MYR' && !(await hasApprovedBankAccount(db, body.userId))) throw noBankAccount();
          const id = await insertRequest(db, {
            action,
            method: methodOf(action, body.type),
            type: body.type,
            amount: body.type === 'MYR' ? body.amount! : null,
            quantity: body.type === 'XAU' ? body.quantity! : null,
            userId: body.userId,
            receiverUserId: body.receiverUserId ?? null,
            note: body.note ?? null,
            submittedBy: admin!.id,
            at: deps.now(),
          });
          const created = (await findRequest(db, id))!;
          const hold = holdPostings(valueOf(created));
          if (hold.length > 0) {
            const entryId = await postEntry(db, { kind: 'request.hold', userId: body.userId, note: `${action} request ${id}`, createdBy: admin!.id, postings: hold });
            await db.query('UPDATE payment_requests SET hold_entry_id = $2 WHERE id = $1', [id, entryId]);
          }
          const key = receiptKey(id, 'user', body.receipt.extension);
          await db.query('UPDATE payment_requests SET user_receipt_key = $2, user_receipt_type = $3 WHERE id = $1', [id, key, body.receipt.contentType]);
          const view = toRequestView((await findRequest(db, id))!);
          await publish(deps, db, view);
          audit.note('requestId', id);
          audit.after(view);
          await storeReceipt(storage, onRollback, key, receipt);
          return view;
        }, () => audit.note('idempotentReplay', true));
      },
    });

    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/asset/${action}/:requestId/approve`,
      summary: `Approve a pending ${action} request (multipart/form-data with the verified receipt image 'receipt'): posts it; not by its submitter (403, 1150); decided already is 409 (3200)`,
      tags,
      auth: 'admin',
      permission: PERMISSIONS.approve(action),
      audit: 'asset.approve',
      params: PARAMS,
      body: z.object({ receipt: ReceiptField }),
      response: RequestView,
      multipart: RECEIPT_APPROVE_LIMITS,
      docs: MULTIPART_DOCS,
      handler: async ({ db, params, body, admin, audit, onRollback }) => {
        // decoded before any lock is taken (it may take a while), as at create: what it claims to be, or 400 1001 'receipt'
        const receipt = await reencodeReceipt(body.receipt);
        await lockForMoney(db, { requestIds: [params.requestId] }); // first lock: the lock order of money-moving transactions
        const before = await requestOfKind(db, params.requestId, action);
        if (!mayDecide({ submittedBy: before.submitted_by }, admin!.id)) throw selfApproval();
        if (before.status !== 'pending') throw notPending();
        if (action === 'withdrawal' && before.type === 'MYR' && !(await hasApprovedBankAccount(db, before.user_id))) throw noBankAccount();
        const key = receiptKey(before.id, 'verified', body.receipt.extension);
        const decided = await decideRequest(db, before.id, {
          status: 'approved',
          by: admin!.id,
          at: deps.now(),
          verifiedReceipt: { key, contentType: body.receipt.contentType },
        });
        if (!decided) throw notPending(); // a concurrent decision got there first
        const entryId = await postEntry(db, {
          kind: `request.${action}`,
          userId: before.user_id,
          note: `${action} request ${before.id}`,
          createdBy: admin!.id,
          postings: approvePostings(valueOf(before)),
        });
        await db.query('UPDATE payment_requests SET decision_entry_id = $2 WHERE id = $1', [before.id, entryId]);
        const view = toRequestView((await findRequest(db, before.id))!);
        await publish(deps, db, view);
        audit.note('requestId', before.id);
        audit.before(toRequestView(before));
        audit.after(view);
        await storeReceipt(storage, onRollback, key, receipt);
        return view;
      },
    });

    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/asset/${action}/:requestId/decline`,
      summary: `Decline a pending ${action} request, with an optional {reason}${action === 'deposit' ? '' : '; the held value is released'}; not by its submitter (403, 1150); decided already is 409 (3200)`,
      tags,
      auth: 'admin',
      permission: PERMISSIONS.decline(action),
      audit: 'asset.decline',
      params: PARAMS,
      body: RequestDeclineBody,
      response: RequestView,
      handler: async ({ db, params, body, admin, audit }) => {
        await lockForMoney(db, { requestIds: [params.requestId] }); // first: the lock order of money-moving transactions
        const before = await requestOfKind(db, params.requestId, action);
        if (!mayDecide({ submittedBy: before.submitted_by }, admin!.id)) throw selfApproval();
        if (before.status !== 'pending') throw notPending();
        const decided = await decideRequest(db, before.id, { status: 'declined', by: admin!.id, at: deps.now(), declineReason: body?.reason ?? null });
        if (!decided) throw notPending();
        const release = releasePostings(valueOf(before));
        if (release.length > 0) {
          const entryId = await postEntry(db, {
            kind: 'request.release',
            userId: before.user_id,
            note: `${action} request ${before.id} declined`,
            createdBy: admin!.id,
            postings: release,
          });
          await db.query('UPDATE payment_requests SET decision_entry_id = $2 WHERE id = $1', [before.id, entryId]);
        }
        const view = toRequestView((await findRequest(db, before.id))!);
        await publish(deps, db, view);
        audit.note('requestId', before.id);
        audit.before(toRequestView(before));
        audit.after(view);
        return view;
      },
    });
  }

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/asset/list`,
    summary: 'Deposit, withdrawal and transfer requests: filters action, status, type, userId, createdAfter, createdBefore; page, limit, sort, order',
    tags,
    auth: 'admin',
    query: RequestListQuery,
    response: RequestPage,
    handler: ({ db, query }) => listRequests(db, query),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/asset/:requestId`,
    summary: 'One request',
    tags,
    auth: 'admin',
    params: PARAMS,
    response: RequestView,
    handler: async ({ db, params }) => {
      const row = await findRequest(db, params.requestId);
      if (!row) throw notFound('request');
      return toRequestView(row);
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/asset/:requestId/receipt/:which`,
    summary: "A request's receipt image: 'user' (sent with the request) or 'verified' (sent with the approval), as image/png or image/jpeg",
    tags,
    auth: 'admin',
    params: z.object({ requestId: ID, which: z.enum(['user', 'verified']) }),
    docs: {
      response: {
        200: {
          description: 'The image, typed by its content',
          content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
        },
        ...Object.fromEntries([400, 401, 404].map((s) => [s, { description: 'Error', content: { 'application/json': { schema: ERROR_BODY } } }])),
      },
    },
    handler: async ({ db, params, reply }) => {
      const row = await findRequest(db, params.requestId);
      if (!row) throw notFound('request');
      const key = params.which === 'user' ? row.user_receipt_key : row.verified_receipt_key;
      const type = params.which === 'user' ? row.user_receipt_type : row.verified_receipt_type;
      const bytes = key ? await storage.get(key) : null;
      if (!bytes || !type) throw notFound('receipt');
      reply
        .header('content-type', type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        // opened on its own (not through the console's blob), the answer is a sandboxed document that may load nothing
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('content-disposition', `inline; filename="request-${row.id}-${params.which}.${type === 'image/png' ? 'png' : 'jpg'}"`);
      return bytes;
    },
  });
}
