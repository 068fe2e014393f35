import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatementBatchFormat } from '@aurum/domain/statements/statement-schemas';
import { saveBlob } from '#shared/export/export-list.ts';
import { downloadStatementBatch, type BatchProgress } from '../api/download-statement-batch.ts';

export type BatchState =
  | { status: 'idle' }
  | { status: 'running'; format: StatementBatchFormat; progress: BatchProgress }
  | { status: 'done'; filename: string; total: number }
  | { status: 'failed'; error: unknown };

/** The batch download's state: one at a time, its progress (n of N statements), cancel; the file is saved when complete. */
export function useStatementBatch() {
  const [state, setState] = useState<BatchState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (month: string, format: StatementBatchFormat): Promise<string | null> => {
    if (controller.current) return null;
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', format, progress: { done: 0, total: null } });
    try {
      const file = await downloadStatementBatch(month, format, (progress) => setState({ status: 'running', format, progress }), abort.signal);
      saveBlob(file.blob, file.filename);
      setState({ status: 'done', filename: file.filename, total: file.total });
      return file.filename;
    } catch (error) {
      setState(abort.signal.aborted ? { status: 'idle' } : { status: 'failed', error });
      if (!abort.signal.aborted) throw error;
      return null;
    } finally {
      controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
