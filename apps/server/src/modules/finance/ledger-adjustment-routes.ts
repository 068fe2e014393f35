import type { FastifyInstance } from 'fastify';
import { AdjustmentBody, AdjustmentDeclineBody, AdjustmentParams, AdjustmentsAnswer, AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { ERROR_BODY, route } from '../../http/route.ts';
import { invalidFormat } from '../../http/app-error.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { z } from 'zod';
import { IMAGE_UPLOAD_LIMITS, ImageUploadField, documentImageKey, receiptStorageIn, reencodeImage } from '../assets/asset-service.ts';
import { adjustmentEvidence, adjustmentList, approveAdjustment, attachEvidence, declineAdjustment, proposeAdjustment } from './ledger-adjustment-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['finance'];

/** Ledger adjustments, maker-checker (decision 1003). */
export function registerLedgerAdjustmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const storage = receiptStorageIn(deps.config.dataDir);
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/adjustments`,
    summary: 'The ledger adjustments: pending ones (oldest first), then the latest decided',
    tags,
    auth: 'admin',
    response: AdjustmentsAnswer,
    handler: ({ db }) => adjustmentList(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments`,
    summary:
      'Propose a ledger adjustment {postings: [{from, to, amount}] between house books of one unit, or reverses: the id of an approved one; reason; valueDate: a business day not closed and not after today, the first open day when left out}: posted only when another admin approves it',
    tags,
    auth: 'admin',
    permission: 'proposeLedgerAdjustment',
    audit: 'finance.adjustmentPropose',
    idempotent: true,
    body: AdjustmentBody,
    response: AdjustmentView,
    handler: (ctx) => proposeAdjustment(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments/:id/approve`,
    summary: "Approve another admin's adjustment: its entry is posted, dated in its value date (403 1150 for one's own; 409 3232 once decided; 409 3230 when its value date has closed since)",
    tags,
    auth: 'admin',
    permission: 'approveLedgerAdjustment',
    audit: 'finance.adjustmentApprove',
    idempotent: true,
    params: AdjustmentParams,
    response: AdjustmentView,
    handler: (ctx) => approveAdjustment(changeOf(ctx, deps), ctx.params.id),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments/:id/decline`,
    summary: "Decline another admin's adjustment {reason}: nothing is posted (403 1150 for one's own; 409 3232 once decided)",
    tags,
    auth: 'admin',
    permission: 'approveLedgerAdjustment',
    audit: 'finance.adjustmentDecline',
    idempotent: true,
    params: AdjustmentParams,
    body: AdjustmentDeclineBody,
    response: AdjustmentView,
    handler: (ctx) => declineAdjustment(changeOf(ctx, deps), ctx.params.id, ctx.body.reason),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/ledger/adjustments/:id/evidence`,
    summary: "Attach evidence to a pending adjustment (multipart/form-data, the image 'evidence': jpg or png under 5 MB, checked by content and re-encoded), by the admin who proposed it; it replaces an earlier one",
    tags,
    auth: 'admin',
    permission: 'proposeLedgerAdjustment',
    audit: 'finance.adjustmentPropose',
    params: AdjustmentParams,
    body: z.object({ evidence: ImageUploadField }),
    multipart: IMAGE_UPLOAD_LIMITS,
    docs: { consumes: ['multipart/form-data'] },
    response: AdjustmentView,
    handler: async (ctx) => {
      // the receipts' decoder names its own field; this one is 'evidence'
      const image = await reencodeImage(ctx.body.evidence).catch(() => {
        throw invalidFormat('evidence');
      });
      const change = changeOf(ctx, deps);
      return attachEvidence({ ...change, onRollback: ctx.onRollback! }, storage, ctx.params.id, { bytes: image.bytes, contentType: image.contentType, key: documentImageKey('adjustments', ctx.params.id, image.extension) });
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/ledger/adjustments/:id/evidence`,
    summary: "An adjustment's evidence image, as image/png or image/jpeg",
    tags,
    auth: 'admin',
    params: AdjustmentParams,
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
      const { bytes, type } = await adjustmentEvidence(db, storage, params.id);
      reply
        .header('content-type', type)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('content-disposition', `inline; filename="adjustment-${params.id}-evidence.${type === 'image/png' ? 'png' : 'jpg'}"`);
      return bytes;
    },
  });
}
