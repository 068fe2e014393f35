import type { FastifyInstance } from 'fastify';
import type { StatementAnswer } from '@aurum/domain/statements/statement-schemas';
import { STATEMENT_BATCH_USER_COLUMNS, STATEMENT_COUNT_HEADER, StatementBatchQuery, monthRange } from '@aurum/domain/statements/statement-schemas';
import { route } from '../../http/route.ts';
import { sendCsv } from '../../http/csv-export.ts';
import { sendZip } from '../../http/zip-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { batchCsvRows, everyStatement, statementPdfFiles } from './statement-batch-service.ts';
import { STATEMENT_CSV_COLUMNS, dealerOf, statementFrame } from './statement-service.ts';

/** The batch CSV's columns: the user's, then a statement's. */
export const STATEMENT_BATCH_CSV_COLUMNS = [...STATEMENT_BATCH_USER_COLUMNS, ...STATEMENT_CSV_COLUMNS];

/** Counts the statements that pass through. */
async function* counted(batches: AsyncIterable<StatementAnswer[]>, sent: { users: number }): AsyncGenerator<StatementAnswer[]> {
  for await (const batch of batches) {
    sent.users += batch.length;
    yield batch;
  }
}

/**
 * Every user's statement of a month in one download (decision 1012), under exportData: one CSV of
 * every statement's rows with a user's columns first, or a ZIP of one PDF per user. The count of
 * statements is the X-Statement-Count header, sent before the body; the body streams, a batch of
 * users at a time, as fast as the client reads it. One data.export audit row (the count announced,
 * the statements sent, complete or not).
 */
export function registerStatementBatchRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: '/v0/web/secure/statements/batch',
    summary: "Every user's statement of a month (month=yyyy-MM): format=csv, one CSV with a row per statement row and the user's columns first; format=pdf, a ZIP of one PDF per user (lang=en or zh-Hant; unset, each user's preferred language), each named statement-<user>-<from>-<to>-<lang>.pdf; a month after this one is 422 (3236), this month's statements are interim",
    tags: ['statements', 'export'],
    auth: 'admin',
    permission: 'exportData',
    query: StatementBatchQuery,
    docs: {
      produces: ['text/csv', 'application/zip'],
      description: `Permission: exportData. The users who existed during the month (created before its end, not deleted before its start), by id; the count in the ${STATEMENT_COUNT_HEADER} header. CSV columns ${STATEMENT_BATCH_CSV_COLUMNS.join(', ')}. Audited as data.export (list statements, format, filter, count, users sent).`,
    },
    handler: async ({ db, query, reply, auditLater }) => {
      const range = monthRange(query.month);
      // a month after this one is refused (422, 3236) before anything is read or sent
      const every = await everyStatement(db, await statementFrame(db, range, deps.now(), dealerOf(deps.config)));
      const sent = { users: 0 };
      const name = `statements-${query.month}`;
      reply.header(STATEMENT_COUNT_HEADER, String(every.count));
      if (query.format === 'csv') {
        return sendCsv(app, reply, auditLater, {
          fileName: `${name}.csv`,
          columns: STATEMENT_BATCH_CSV_COLUMNS,
          batches: (async function* () {
            for await (const batch of counted(every.batches, sent)) yield batchCsvRows(batch);
          })(),
          audit: () => ({ list: 'statements', format: 'csv', filter: { month: query.month, ...range, every: true }, count: every.count, users: sent.users }),
        });
      }
      const filter = { month: query.month, ...range, lang: query.lang ?? 'preferred', every: true };
      return sendZip(app, reply, auditLater, {
        fileName: query.lang ? `${name}-${query.lang}.zip` : `${name}.zip`,
        files: statementPdfFiles(every.batches, query.lang, deps.now()),
        audit: () => ({ list: 'statements', format: 'pdf', filter, count: every.count }),
      });
    },
  });
}
