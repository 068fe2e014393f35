import { parse } from 'csv-parse/sync';
import { GL_MAPPING_MAX_BYTES, type GlMappingProblem, type MappingRow } from '@aurum/domain/finance/gl-mapping';
import { invalidFormat } from '../../http/app-error.ts';
import type { MultipartLimits } from '../../http/route.ts';

/**
 * Reading an uploaded mapping file into rows of text cells (decision 1018): UTF-8 (a byte-order mark
 * dropped), comma-separated, RFC 4180 quotes (csv-parse). The domain's readGlMapping checks the rows.
 */

/** One file; a stray text field or two are read (text where the file belongs is then refused naming `file`), no more. */
export const GL_MAPPING_LIMITS: MultipartLimits = { files: 1, fileSize: GL_MAPPING_MAX_BYTES, fields: 2, fieldSize: 1024, parts: 3 };

/** An uploaded file as the multipart reader hands it over (cut at the route's size limit when larger). */
export interface MappingUpload {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A refusal of the file by its first problem, 400 1001 'line N field', every problem's line in the detail. */
export function mappingRefused(problems: readonly GlMappingProblem[]): Error {
  const first = problems[0]!;
  return invalidFormat(`line ${first.line} ${first.field}`, {
    rule: 'glMapping',
    line: first.line,
    field: first.field,
    reason: first.reason,
    ...(first.column !== undefined ? { column: first.column.slice(0, 100) } : {}),
    ...(first.firstLine !== undefined ? { firstLine: first.firstLine } : {}),
    problems: problems.length,
    lines: [...new Set(problems.map((p) => p.line))].slice(0, 50).join(','),
  });
}

/** The file's rows with their line numbers; a file too large, empty, not UTF-8 text or not CSV is refused (400, 1001). */
export function readMappingFile(file: MappingUpload): MappingRow[] {
  // busboy cut it at the limit: the rest was never read
  if (file.truncated) throw invalidFormat('file', { rule: 'tooLarge', maxBytes: GL_MAPPING_MAX_BYTES });
  if (file.bytes.length === 0) throw invalidFormat('file', { rule: 'empty' });
  let text: string;
  try {
    text = UTF8.decode(file.bytes);
  } catch {
    throw invalidFormat('file', { rule: 'notUtf8' });
  }
  if (text.includes('\u0000')) throw invalidFormat('file', { rule: 'notUtf8' });
  try {
    const records = parse(text, { bom: true, delimiter: ',', relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw mappingRefused([{ line, field: 'row', reason: 'csv' }]);
  }
}
