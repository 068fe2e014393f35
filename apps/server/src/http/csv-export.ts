import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z, ZodType } from 'zod';
import { csvCellText, csvValueAt, exportUrl, type ExportList } from '@aurum/domain/export/export-schemas';
import type { Queryable } from '../db/db.ts';
import type { AppDeps } from '../app-deps.ts';
import { route, type AuditDetail } from './route.ts';

/** Rows per read of a streamed export (a keyset batch or a list page of the largest page size). */
export const EXPORT_BATCH = 1000;

export interface ExportSpec<Q extends ZodType, T> {
  list: ExportList;
  /** Another URL for the same export (the audit trail's older `audit_trail/export`). */
  url?: string;
  summary: string;
  tags: string[];
  /** The list's filters as query parameters (its own list schema, less paging). */
  query: Q;
  /** Column paths of an item, in order: `a` or `parent.child` (csvColumnsOf); also the header. */
  columns: readonly string[];
  rows: (db: Queryable, query: z.infer<Q>) => AsyncIterable<readonly T[]>;
  /** The attachment's name, when not `{list}-{UTC stamp}.csv`. */
  fileName?: (query: z.infer<Q>, stamp: string) => string;
}

/** A field RFC 4180 requires quoted (a quote, comma, CR or LF), or with a leading or trailing space a spreadsheet would drop. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const QUOTE = /"/g;

/** One CSV field (RFC 4180): quoted when needed, quotes doubled. */
export const csvField = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text);

/**
 * The CSV text of an export, one chunk per batch: a UTF-8 byte-order mark and the header, then each
 * item's cells (csvCellText: numbers and decimals as they are, formula-like text escaped), quoted by
 * csvField, CRLF line ends. `sent.rows` counts the items written so far.
 */
export async function* csvChunks<T>(columns: readonly string[], batches: AsyncIterable<readonly T[]>, sent: { rows: number }): AsyncGenerator<string> {
  const paths = columns.map((c) => c.split('.'));
  yield `\uFEFF${columns.map(csvField).join(',')}\r\n`;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    let text = '';
    for (const item of batch) {
      let line = '';
      for (let j = 0; j < paths.length; j++) line += (j === 0 ? '' : ',') + csvField(csvCellText(csvValueAt(item, paths[j]!)));
      text += `${line}\r\n`;
    }
    sent.rows += batch.length;
    yield text;
  }
}

/** Reads a LIMIT/OFFSET list page by page (the list's own query and order) until a short page. */
export async function* pagedRows<T>(page: (page: number, limit: number) => Promise<{ items: readonly T[] }>, limit = EXPORT_BATCH): AsyncGenerator<readonly T[]> {
  for (let n = 1; ; n++) {
    const { items } = await page(n, limit);
    yield items;
    if (items.length < limit) return;
  }
}

/**
 * Declares the export of one list: `GET /v0/web/secure/export/{list}` (permission exportData), the
 * list's filters as query parameters, the answer a streamed CSV attachment of every matching row.
 * The first batch is read before the answer starts, so a filter the list refuses is the list's 400
 * and no file; the audit row (data.export: list, filter, rows, complete) is written when the last
 * batch has been read, before the answer ends, or when the download stops early.
 */
export function exportRoute<Q extends ZodType, T>(app: FastifyInstance, deps: AppDeps, spec: ExportSpec<Q, T>): void {
  route(app, deps, {
    method: 'GET',
    url: spec.url ?? exportUrl(spec.list),
    // a list's rows, streamed after the handler returned: each batch's statement picks its member
    reads: 'replica',
    summary: spec.summary,
    tags: spec.tags,
    auth: 'admin',
    permission: 'exportData',
    query: spec.query,
    docs: {
      produces: ['text/csv'],
      description: `Permission: exportData. A UTF-8 CSV (byte-order mark, CRLF) with the columns ${spec.columns.join(', ')}; every matching row, streamed. Audited as data.export (list, filter, rows).`,
    },
    handler: async ({ db, query, reply, auditLater }) => {
      const stamp = deps.now().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
      return sendCsv(app, reply, auditLater, {
        fileName: spec.fileName ? spec.fileName(query, stamp) : `${spec.list.replace(/_/g, '-')}-${stamp}.csv`,
        columns: spec.columns,
        batches: spec.rows(db, query),
        audit: { list: spec.list, filter: query as unknown },
      });
    },
  });
}

/** One CSV attachment: what to call it, its columns, its rows in batches, and what its audit row says besides the count. */
export interface CsvAttachment<T> {
  fileName: string;
  columns: readonly string[];
  batches: AsyncIterable<readonly T[]>;
  /** Or a function, read when the row is written: a detail that counts what was sent. */
  audit: AuditDetail | (() => AuditDetail);
}

/**
 * Streams a CSV attachment (csvChunks) as the answer of a route with the exportData permission: the
 * first batch is read before the answer starts, so a refusal is its 4xx and no file; the audit row
 * (data.export: the given detail, rows, complete) is written when the last batch has been read,
 * before the answer ends, or when the download stops early.
 */
export async function sendCsv<T>(
  app: FastifyInstance,
  reply: FastifyReply,
  auditLater: (action: 'data.export', detail: AuditDetail) => Promise<void>,
  csv: CsvAttachment<T>,
): Promise<FastifyReply> {
  const iterator = csv.batches[Symbol.asyncIterator]();
  // the first batch decides the answer: a filter refused by the list is its 4xx, not a broken file
  const first = await iterator.next();
  const batches: AsyncIterable<readonly T[]> = {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
    },
  };
  const sent = { rows: 0 };
  const detail = csv.audit;
  const audit = (complete: boolean) => auditLater('data.export', { ...(typeof detail === 'function' ? detail() : detail), rows: sent.rows, complete });
  async function* body(): AsyncGenerator<string> {
    let complete = false;
    try {
      yield* csvChunks(csv.columns, batches, sent);
      complete = true;
      // before the answer ends: a client that has the whole file finds the export in the trail
      await audit(true);
    } finally {
      if (!complete) await audit(false).catch((error: unknown) => app.log.error({ err: error }, 'export audit row'));
      await iterator.return?.();
    }
  }
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(body(), { objectMode: false }));
}
