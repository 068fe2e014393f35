import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AuditExportQuery, AuditListAnswer, AuditListBody, AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { auditCsvChunks, listAuditTrail } from './audit-trail.ts';

const SECURE = '/v0/web/secure';
const tags = ['audit'];

export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/audit_trail/list`,
    summary:
      'Audit trail, newest first: filter {username (part, any case), timeRange [from, to] (dates in Kuala Lumpur or ISO date-times, at most 366 days), actionClassification}, keyset paging {limit, after | before}',
    tags,
    auth: 'admin',
    readOnly: true,
    body: AuditListBody,
    response: AuditListAnswer,
    handler: async ({ db, body }) => listAuditTrail(db, body),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/audit_trail/export`,
    summary: 'The filtered audit trail as a CSV attachment (query username, from, to, actionClassification), streamed in batches',
    tags,
    auth: 'admin',
    query: AuditExportQuery,
    docs: { produces: ['text/csv'] },
    handler: async ({ db, query, reply }) => {
      const stamp = deps.now().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-trail-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(auditCsvChunks(db, query), { objectMode: false }));
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/audit_trail/verify`,
    summary: 'Checks the hash chain of the whole audit trail: ok with its head, or the first broken row',
    tags,
    auth: 'admin',
    permission: 'verifyAudit',
    response: AuditVerifyAnswer,
    handler: async ({ db }) => verifyAuditChain(db),
  });
}
