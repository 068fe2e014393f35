import type { FastifyInstance } from 'fastify';
import { AUDIT_CSV_COLUMNS, AUDIT_PAGE_HEADERS, AuditExportQuery, AuditListAnswer, AuditListBody, AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import { route } from '../../http/route.ts';
import { EXPORT_BATCH, exportRoute } from '../../http/csv-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { DEV_AUDIT_HMAC_KEY } from '../../config.ts';
import { auditExportBatches, listAuditTrail, prepareAuditChain, verifyAuditChain } from './audit-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['audit'];

export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps): void {
  // at start, the chain is brought to the configured key (a rotation from a held earlier key, or
  // outside production the cut-over; logged): from then on the trail ends with a row of the current
  // key. A chain no automatic step may bring there (in production: no cut-over yet, a trail that
  // ends plain, a key this configuration lacks) stops the start with the operator's instructions
  app.addHook('onReady', async () => {
    const { recorded, keyId } = await prepareAuditChain(deps.db, deps.config);
    if (recorded === 'cutover') app.log.warn({ keyId }, 'audit chain: keyed hashes (HMAC-SHA256) begin here, with key %s', keyId);
    if (recorded === 'rotation') app.log.warn({ keyId }, 'audit chain: rotated to key %s', keyId);
    if (deps.config.auditHmacKey === DEV_AUDIT_HMAC_KEY && deps.config.nodeEnv === 'development') {
      app.log.warn('audit chain: keyed with the public development key (set AUDIT_HMAC_KEY; production requires it)');
    }
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/audit_trail/list`,
    reads: 'replica',
    summary:
      'Audit trail, newest first, as a list: filter {username (part, any case), timeRange [from, to] (dates in Kuala Lumpur or ISO date-times, at most 366 days), actionClassification, objectKind, objectId (the thing a row is about: its kind, and its number with it)}; optional keyset paging {limit, after | before} with the cursors from the answer headers',
    tags,
    auth: 'admin',
    readOnly: true,
    body: AuditListBody,
    response: AuditListAnswer,
    responseHeaders: {
      [AUDIT_PAGE_HEADERS.next]: { type: 'string', description: 'Present when older rows follow: send it as `after` for the next page.' },
      [AUDIT_PAGE_HEADERS.previous]: { type: 'string', description: 'Present when newer rows precede: send it as `before` for the previous page.' },
    },
    handler: async ({ db, body, reply }) => {
      const page = await listAuditTrail(db, body);
      if (page.next) reply.header(AUDIT_PAGE_HEADERS.next, page.next);
      if (page.previous) reply.header(AUDIT_PAGE_HEADERS.previous, page.previous);
      return page.items;
    },
  });

  // one export, two addresses: the export of every list (export/audit_trail) and the older one
  for (const url of [undefined, `${SECURE}/audit_trail/export`]) {
    exportRoute(app, deps, {
      list: 'audit_trail',
      ...(url ? { url } : {}),
      summary: 'The filtered audit trail as a CSV attachment, newest first (query username, from, to, actionClassification, objectKind, objectId), streamed in batches',
      tags: [...tags, 'export'],
      query: AuditExportQuery,
      columns: AUDIT_CSV_COLUMNS,
      rows: (db, query) => auditExportBatches(db, query, EXPORT_BATCH),
    });
  }

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/audit_trail/verify`,
    summary: 'Checks the hash chain of the whole audit trail (plain sha256 up to the cut-over, HMAC under the configured keys after it): ok with its head, or the first broken row',
    tags,
    auth: 'admin',
    permission: 'verifyAudit',
    response: AuditVerifyAnswer,
    handler: async ({ db }) => verifyAuditChain(db, deps.config),
  });
}
