import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RECEIPT_MAX_BYTES } from '@aurum/domain/assets/receipt';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import {
  INBOX_DECISIONS,
  INBOX_KINDS,
  INBOX_MAX_ITEMS,
  INBOX_MAX_RECEIPT_BYTES,
  InboxCount,
  InboxDecideAnswer,
  InboxDecideFields,
  InboxPage,
  InboxQuery,
  decidePermission,
  needsReceipt,
  receiptFieldOf,
} from '@aurum/domain/inbox/inbox-schemas';
import { appError } from '../../http/app-error.ts';
import { route, type MultipartLimits } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { isUploadedFile, receiptStorageIn } from '../assets/asset-service.ts';
import { batchNote, decideInbox, inboxCount, inboxPage, type BulkDecision } from './inbox-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['inbox'];

/**
 * A bulk decision: the three text fields and up to one receipt per item (each under 5 MB as on the
 * single-item routes, 100 MB together); one field and one part to spare, so one more is refused.
 */
export const INBOX_DECIDE_LIMITS: MultipartLimits = {
  files: INBOX_MAX_ITEMS,
  fileSize: RECEIPT_MAX_BYTES,
  fields: 3,
  fieldSize: 64 * 1024,
  parts: INBOX_MAX_ITEMS + 4,
  totalFileSize: INBOX_MAX_RECEIPT_BYTES,
};

const FIELD_NAMES = new Set(Object.keys(InboxDecideFields.shape));

/** The multipart body: the fields, and files named receiptFieldOf(item) for the items whose approval needs one, nothing else. */
const DecideBody = InboxDecideFields.catchall(z.unknown())
  .superRefine((b, ctx) => {
    if (b.decision === 'approve' && b.reason !== undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'notAllowed' });
    const wanted = new Set(b.items.filter((i) => needsReceipt(i.kind, b.decision)).map(receiptFieldOf));
    for (const [key, value] of Object.entries(b)) {
      if (FIELD_NAMES.has(key)) continue;
      if (!wanted.has(key) || !isUploadedFile(value)) ctx.addIssue({ code: 'custom', path: [key], message: 'notAllowed' });
    }
  })
  .transform(
    (b): BulkDecision => ({
      decision: b.decision,
      items: b.items,
      reason: b.reason ?? null,
      files: new Map(Object.entries(b).filter(([key]) => !FIELD_NAMES.has(key))),
    }),
  );

/** The checker inbox (decisions 0540 and 0541). */
export function registerInboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const storage = receiptStorageIn(deps.config.dataDir);

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/inbox`,
    summary:
      'Everything awaiting a decision this admin may take (deposits, withdrawals, transfers, bank accounts), across all users, oldest first; its own submissions are listed with mayDecide false. page, limit (up to 200), kind',
    tags,
    auth: 'admin',
    query: InboxQuery,
    response: InboxPage,
    handler: ({ db, admin, query }) => inboxPage(db, admin!, query),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/inbox/count`,
    summary: 'The inbox badge: how many items await a decision this admin may take (decidable) and how many it lists (total)',
    tags,
    auth: 'admin',
    response: InboxCount,
    handler: ({ db, admin }) => inboxCount(db, admin!),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/inbox/decide`,
    summary: `Approve or decline up to ${INBOX_MAX_ITEMS} items at once (multipart/form-data: decision, items as a JSON array of {kind, id}, reason for a decline, and for each payment request to approve its verified receipt as a file named receipt.{kind}.{id}; 100 MB of files at most). Each item is decided in its own transaction by its single-item route's rules and permission; answers every item's outcome, refused ones with their code`,
    tags,
    auth: 'admin',
    permission: INBOX_KINDS.flatMap((k) => INBOX_DECISIONS.map((d) => decidePermission(k, d))),
    audit: 'inbox.decide',
    batch: true,
    idempotent: true,
    body: DecideBody,
    response: InboxDecideAnswer,
    multipart: INBOX_DECIDE_LIMITS,
    docs: { consumes: ['multipart/form-data'] },
    handler: async (ctx) => {
      if (!ctx.req.isMultipart()) throw appError(ErrorCode.BadRequest, 'Send multipart/form-data', { status: 415 });
      const { batch, results } = await decideInbox(ctx.admin!, ctx.body, { storage, now: deps.now, events: deps.events }, ctx.eachItem!, (error) =>
        ctx.req.log.error({ err: error }, 'inbox decision of one item failed'),
      );
      for (const [key, value] of Object.entries(batchNote(batch, ctx.body, results))) ctx.audit.note(key, value);
      return { results };
    },
  });
}
