import { SECURE_API } from '#shared/http/paths.ts';
import { attachmentName } from '#shared/export/csv-progress.ts';
import { saveBlob } from '#shared/export/export-list.ts';
import { openDownload } from '#shared/export/streamed-download.ts';

export type StatementFormat = 'csv' | 'pdf';

/** GET statements/{userId}.csv or .pdf?month= (the PDF in the customer's preferred language, decision 1014): the file, saved under the server's name; answers that name. */
export async function downloadStatement(userId: number, month: string, format: StatementFormat, signal: AbortSignal): Promise<string> {
  const search = new URLSearchParams({ month });
  const response = await openDownload(`${SECURE_API}/statements/${userId}.${format}?${search.toString()}`, signal, format === 'pdf' ? 'application/pdf, application/json' : 'text/csv, application/json');
  const filename = attachmentName(response.headers.get('content-disposition'), `statement-${userId}-${month}.${format}`);
  saveBlob(await response.blob(), filename);
  return filename;
}
