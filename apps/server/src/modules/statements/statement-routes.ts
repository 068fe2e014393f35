import type { FastifyInstance } from 'fastify';
import { StatementAnswer, StatementParams, StatementPdfQuery, StatementQuery, statementRange } from '@aurum/domain/statements/statement-schemas';
import { route } from '../../http/route.ts';
import { sendCsv } from '../../http/csv-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { statementPdf } from './statement-pdf.ts';
import type { Queryable } from '../../db/db.ts';
import { STATEMENT_CSV_COLUMNS, dealerOf, statementCsvRows, statementFileName as fileName, statementFrame, userStatement } from './statement-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['statements'];
const RANGE =
  'month=yyyy-MM, or from and to (business dates, Asia/Kuala_Lumpur, both included, at most 366 days); a period starting after today is 422 (3236), one including today an interim statement';

/** A user's statement as JSON for every admin, and as CSV or PDF downloads under exportData, each audited as data.export. */
export function registerStatementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const frameOf = (db: Queryable, range: { from: string; to: string }) => statementFrame(db, range, deps.now(), dealerOf(deps.config));
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/statements/:userId`,
    reads: 'replica',
    summary: `A user's statement (${RANGE}): opening, every journal entry that touched its books with running balances, closing; MYR and gold owned, the held parts and the credit line available`,
    tags,
    auth: 'admin',
    params: StatementParams,
    query: StatementQuery,
    response: StatementAnswer,
    handler: async ({ db, params, query }) => userStatement(db, params.userId, await frameOf(db, statementRange(query))),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/statements/:userId.csv`,
    reads: 'replica',
    summary: `A user's statement as a CSV attachment (${RANGE}): an opening row, a row per line, a closing row`,
    tags: [...tags, 'export'],
    auth: 'admin',
    permission: 'exportData',
    params: StatementParams,
    query: StatementQuery,
    docs: { produces: ['text/csv'], description: `Permission: exportData. Columns ${STATEMENT_CSV_COLUMNS.join(', ')}. Audited as data.export (list statements, filter, rows).` },
    handler: async ({ db, params, query, reply, auditLater }) => {
      const range = statementRange(query);
      // computed whole before the answer starts: a user that does not exist is its 404, not a broken file
      const statement = await userStatement(db, params.userId, await frameOf(db, range));
      return sendCsv(app, reply, auditLater, {
        fileName: fileName(params.userId, range, 'csv'),
        columns: STATEMENT_CSV_COLUMNS,
        batches: (async function* () {
          yield statementCsvRows(statement);
        })(),
        audit: { list: 'statements', format: 'csv', filter: { userId: params.userId, ...range } },
      });
    },
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/statements/:userId.pdf`,
    reads: 'replica',
    summary: `A user's statement as a PDF attachment (${RANGE}; lang=en or zh-Hant for its labels, the customer's preferred language when unset)`,
    tags: [...tags, 'export'],
    auth: 'admin',
    permission: 'exportData',
    params: StatementParams,
    query: StatementPdfQuery,
    docs: { produces: ['application/pdf'], description: 'Permission: exportData. Audited as data.export (list statements, format pdf, filter, rows).' },
    handler: async ({ db, params, query, reply, auditLater }) => {
      const range = statementRange(query);
      const statement = await userStatement(db, params.userId, await frameOf(db, range));
      const lang = query.lang ?? statement.language;
      const pdf = await statementPdf(statement, lang, deps.now());
      await auditLater('data.export', { list: 'statements', format: 'pdf', filter: { userId: params.userId, ...range, lang }, rows: statement.lines.length, complete: true });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(params.userId, range, 'pdf', lang)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });
}
