import { useCallback, useEffect, useRef, useState } from 'react';
import { exportUrl, type ExportList } from '@aurum/domain/export/export-schemas';
import { attachmentName, createCsvRowCounter } from './csv-progress.ts';
import { openDownload, readChunks } from './streamed-download.ts';

export interface ExportProgress {
  bytes: number;
  rows: number;
}

export interface ExportedFile extends ExportProgress {
  blob: Blob;
  filename: string;
}

/**
 * GET export/{list}?{the list's filter}: the list as CSV (every matching row). Not through the
 * http client (whose 5 s time-out suits JSON calls, not a long stream): the body is read chunk by
 * chunk with the bearer token, reporting bytes and records as they arrive, and kept as a Blob to save.
 */
export async function exportList(list: ExportList, search: string, onProgress: (progress: ExportProgress) => void, signal: AbortSignal): Promise<ExportedFile> {
  const response = await openDownload(`${exportUrl(list)}${search ? `?${search}` : ''}`, signal);
  const filename = attachmentName(response.headers.get('content-disposition'), `${list}.csv`);
  const counter = createCsvRowCounter();
  let bytes = 0;
  let rows = 0;
  const chunks = await readChunks(response, signal, (chunk) => {
    bytes += chunk.byteLength;
    rows = counter.feed(chunk);
    onProgress({ bytes, rows });
  });
  rows = counter.finish();
  onProgress({ bytes, rows });
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), filename, bytes, rows };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // give the browser a moment to start the download before the URL goes
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress }
  | { status: 'done'; progress: ExportProgress; filename: string }
  | { status: 'failed'; error: unknown };

/** The export button's state: start (one at a time), cancel, progress; the file is saved when complete. */
export function useListExport(list: ExportList) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (search: string): Promise<ExportedFile | null> => {
    if (controller.current) return null;
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      const file = await exportList(list, search, (progress) => setState({ status: 'running', progress }), abort.signal);
      saveBlob(file.blob, file.filename);
      setState({ status: 'done', progress: { bytes: file.bytes, rows: file.rows }, filename: file.filename });
      return file;
    } catch (error) {
      setState(abort.signal.aborted ? { status: 'idle' } : { status: 'failed', error });
      if (!abort.signal.aborted) throw error;
      return null;
    } finally {
      controller.current = null;
    }
  }, [list]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}

/** A list's filter variables (the GraphQL connection's) as an export's query string: lists comma-separated, absent values left out. */
export function searchOfVariables(variables: Readonly<Record<string, string | number | readonly string[] | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(variables)) {
    if (value === undefined) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.toString();
}
