import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Permission } from '@aurum/domain/access/permissions';
import { REQUEST_ACTIONS, RequestDeclineBody, RequestListQuery, RequestPage, RequestView, requestCreateFieldsFor, type RequestAction } from '@aurum/domain/assets/request-schemas';
import { decidePermission } from '@aurum/domain/inbox/inbox-schemas';
import { csvColumnsOf, type ExportList } from '@aurum/domain/export/export-schemas';
import { EXPORT_BATCH, exportRoute, pagedRows } from '../../http/csv-export.ts';
import { ERROR_BODY, route, type RouteContext } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { RECEIPT_APPROVE_LIMITS, RECEIPT_CREATE_LIMITS, ReceiptField } from './receipt-upload.ts';
import type { ReceiptStorage } from './receipt-storage.ts';
import { receiptStorageIn, approveRequest, createRequest, declineRequest, listRequests, requestReceipt, requestView, type RequestChange } from './asset-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['asset'];
const ID = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const PARAMS = z.object({ requestId: ID });

const cap = (a: RequestAction) => `${a[0]!.toUpperCase()}${a.slice(1)}` as 'Deposit' | 'Withdrawal' | 'Transfer';
const PERMISSIONS = {
  submit: (a: RequestAction) => `submit${cap(a)}Request` as Permission,
  // the inbox's decisions need the same ones (one declaration: the domain's decidePermission)
  approve: (a: RequestAction) => decidePermission(a, 'approve'),
  decline: (a: RequestAction) => decidePermission(a, 'decline'),
};

const MULTIPART_DOCS = { consumes: ['multipart/form-data'] };

/**
 * Deposit, withdrawal and transfer requests (DECISIONS.md §7; decision 0520). The
 * changes have one route per kind so that each names its own permission; reading is shared.
 */
export function registerAssetRoutes(app: FastifyInstance, deps: AppDeps, storage: ReceiptStorage = receiptStorageIn(deps.config.dataDir)): void {
  const changeIn = (ctx: RouteContext<unknown, unknown, unknown>): RequestChange => ({
    ...changeOf(ctx, deps),
    storage,
    onRollback: ctx.onRollback,
  });
  for (const action of REQUEST_ACTIONS) {
    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/asset/${action}/create`,
      summary: `Create a pending ${action} request (multipart/form-data: the fields and the user's receipt image 'receipt')${action === 'deposit' ? '' : '; the value is held at once (422, 2080 when not available)'}`,
      tags,
      auth: 'admin',
      permission: PERMISSIONS.submit(action),
      audit: 'asset.create',
      idempotent: true,
      body: z.intersection(requestCreateFieldsFor(action), z.object({ receipt: ReceiptField })),
      response: RequestView,
      multipart: RECEIPT_CREATE_LIMITS,
      docs: MULTIPART_DOCS,
      handler: async (ctx) => {
        const { receipt, ...fields } = ctx.body;
        return createRequest(changeIn(ctx), action, fields, receipt);
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
      idempotent: true,
      params: PARAMS,
      body: z.object({ receipt: ReceiptField }),
      response: RequestView,
      multipart: RECEIPT_APPROVE_LIMITS,
      docs: MULTIPART_DOCS,
      handler: async (ctx) => approveRequest(changeIn(ctx), action, ctx.params.requestId, ctx.body.receipt),
    });

    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/asset/${action}/:requestId/decline`,
      summary: `Decline a pending ${action} request, with an optional {reason}${action === 'deposit' ? '' : '; the held value is released'}; not by its submitter (403, 1150); decided already is 409 (3200)`,
      tags,
      auth: 'admin',
      permission: PERMISSIONS.decline(action),
      audit: 'asset.decline',
      idempotent: true,
      params: PARAMS,
      body: RequestDeclineBody,
      response: RequestView,
      handler: async (ctx) => declineRequest(changeIn(ctx), action, ctx.params.requestId, ctx.body?.reason ?? null),
    });
  }

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/asset/list`,
    reads: 'replica',
    summary: 'Deposit, withdrawal and transfer requests: filters action, status, type, userId, createdAfter, createdBefore; page, limit, sort, order',
    tags,
    auth: 'admin',
    query: RequestListQuery,
    response: RequestPage,
    handler: ({ db, query }) => listRequests(db, query),
  });

  const EXPORTS: ReadonlyArray<[ExportList, RequestAction]> = [
    ['deposits', 'deposit'],
    ['withdrawals', 'withdrawal'],
    ['transfers', 'transfer'],
  ];
  for (const [list, action] of EXPORTS) {
    exportRoute(app, deps, {
      list,
      summary: `${cap(action)} requests as a CSV attachment: every one matching the list's filters (status, type, userId, createdAfter, createdBefore) in its order (sort, order)`,
      tags: [...tags, 'export'],
      query: RequestListQuery.omit({ page: true, limit: true, action: true }),
      columns: csvColumnsOf(RequestView),
      rows: (db, query) => pagedRows((page, limit) => listRequests(db, { ...query, action, page, limit }), EXPORT_BATCH),
    });
  }

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/asset/:requestId`,
    summary: 'One request',
    tags,
    auth: 'admin',
    params: PARAMS,
    response: RequestView,
    handler: async ({ db, params }) => requestView(db, params.requestId),
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
      const { id, bytes, type } = await requestReceipt(db, storage, params.requestId, params.which);
      reply
        .header('content-type', type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        // opened on its own (not through the console's blob), the answer is a sandboxed document that may load nothing
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('content-disposition', `inline; filename="request-${id}-${params.which}.${type === 'image/png' ? 'png' : 'jpg'}"`);
      return bytes;
    },
  });
}
