import { STATEMENT_BATCH_USER_COLUMNS, STATEMENT_COUNT_HEADER, type StatementBatchFormat } from '@aurum/domain/statements/statement-schemas';
import { ApiError } from '#shared/http/api-error.ts';
import { SECURE_API } from '#shared/http/paths.ts';
import { attachmentName } from '#shared/export/csv-progress.ts';
import { openDownload } from '#shared/export/export-list.ts';
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
 * GET statements/batch?month=&format=&lang=: every user's statement of the month, one CSV or a ZIP of
 * PDFs. The count comes first (X-Statement-Count), then the body chunk by chunk, each counted
 * (batch-progress.ts) and reported; kept as a Blob to save. Aborting the signal stops the download.
 */
export async function downloadStatementBatch(
  month: string,
  format: StatementBatchFormat,
  lang: string,
  onProgress: (progress: BatchProgress) => void,
  signal: AbortSignal,
): Promise<BatchFile> {
  const search = new URLSearchParams({ month, format, ...(format === 'pdf' ? { lang } : {}) });
  let response: Response;
  try {
    response = await openDownload(`${SECURE_API}/statements/batch?${search.toString()}`, signal, format === 'pdf' ? 'application/zip, application/json' : 'text/csv, application/json');
  } catch (error) {
    if (error instanceof ApiError || signal.aborted) throw error;
    throw new ApiError(0, 0, null);
  }
  const total = Number(response.headers.get(STATEMENT_COUNT_HEADER) ?? 0);
  const filename = attachmentName(response.headers.get('content-disposition'), `statements-${month}.${format === 'pdf' ? 'zip' : 'csv'}`);
  const counter = format === 'pdf' ? zipFileCounter() : csvClosingCounter(STATEMENT_BATCH_USER_COLUMNS.length);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  onProgress({ done: 0, total });
  const reader = response.body?.getReader();
  if (reader) {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        onProgress({ done: counter.feed(value), total });
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ApiError(0, 0, null);
    }
  }
  return { blob: new Blob(chunks, { type: format === 'pdf' ? 'application/zip' : 'text/csv;charset=utf-8' }), filename, total };
}
