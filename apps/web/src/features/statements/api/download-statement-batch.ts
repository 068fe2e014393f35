import { STATEMENT_BATCH_USER_COLUMNS, STATEMENT_COUNT_HEADER, type StatementBatchFormat } from '@aurum/domain/statements/statement-schemas';
import { SECURE_API } from '#shared/http/paths.ts';
import { attachmentName } from '#shared/export/csv-progress.ts';
import { openDownload, readChunks } from '#shared/export/streamed-download.ts';
import { csvClosingCounter, zipFileCounter } from '../model/batch-progress.ts';

export interface BatchProgress {
  /** Statements complete so far. */
  done: number;
  /** Statements announced by the server, or null before its answer. */
  total: number | null;
}

export interface BatchFile {
  blob: Blob;
  filename: string;
  total: number;
}

/**
 * GET statements/batch?month=&format=: every user's statement of the month, one CSV or a ZIP of
 * PDFs. The count comes first (X-Statement-Count), then the body chunk by chunk, each counted
 * (batch-progress.ts) and reported; kept as a Blob to save. Aborting the signal stops the download.
 */
export async function downloadStatementBatch(
  month: string,
  format: StatementBatchFormat,
  onProgress: (progress: BatchProgress) => void,
  signal: AbortSignal,
): Promise<BatchFile> {
  // no lang: each user's PDF in its preferred language, named by it (decision 1014)
  const search = new URLSearchParams({ month, format });
  const response = await openDownload(`${SECURE_API}/statements/batch?${search.toString()}`, signal, format === 'pdf' ? 'application/zip, application/json' : 'text/csv, application/json');
  const total = Number(response.headers.get(STATEMENT_COUNT_HEADER) ?? 0);
  const filename = attachmentName(response.headers.get('content-disposition'), `statements-${month}.${format === 'pdf' ? 'zip' : 'csv'}`);
  const counter = format === 'pdf' ? zipFileCounter() : csvClosingCounter(STATEMENT_BATCH_USER_COLUMNS.length);
  onProgress({ done: 0, total });
  const chunks = await readChunks(response, signal, (chunk) => onProgress({ done: counter.feed(chunk), total }));
  return { blob: new Blob(chunks, { type: format === 'pdf' ? 'application/zip' : 'text/csv;charset=utf-8' }), filename, total };
}
