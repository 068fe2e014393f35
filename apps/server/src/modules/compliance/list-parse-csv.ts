import { parse } from 'csv-parse/sync';
import type { ParsedListEntry } from '@aurum/domain/compliance/list-entry';
import { LIST_CSV_HEADER, columnOf, type MinistryColumn } from '@aurum/domain/compliance/list-columns';
import { EntryCollector, checkFileSize, listFileRefused } from './list-parse-entry.ts';
import { entryOfRow } from './list-parse-rows.ts';

/**
 * The CSV template (decision 1103): the ministry's columns plus Type (individual or entity), UTF-8
 * with or without a byte-order mark, comma-separated, RFC 4180 quotes. For PEP and internal lists,
 * and for a ministry list when its PDF cannot be read.
 */

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const REQUIRED: readonly MinistryColumn[] = ['reference', 'type', 'name'];

export function parseListCsv(bytes: Uint8Array, truncated = false): ParsedListEntry[] {
  checkFileSize(bytes, truncated);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw listFileRefused('notUtf8', 'file: not UTF-8 text');
  }
  if (text.includes('\u0000')) throw listFileRefused('notUtf8', 'file: not UTF-8 text');
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 64 * 1024 }) as unknown as typeof records;
  } catch (error) {
    throw listFileRefused('field', `line ${(error as { lines?: number }).lines ?? 1}: not CSV`);
  }
  const [head, ...rows] = records;
  if (!head) throw listFileRefused('empty', 'file empty');
  const columns = head.record.map((label) => ({ label, column: columnOf(label) }));
  const unknown = columns.filter((c) => c.column === undefined || c.column === 'no').map((c) => c.label || '(blank)');
  if (unknown.length > 0) throw listFileRefused('columns', `unknown columns: ${unknown.join(', ')} (expected ${LIST_CSV_HEADER.join(', ')})`);
  const missing = REQUIRED.filter((r) => !columns.some((c) => c.column === r));
  if (missing.length > 0) throw listFileRefused('columns', `missing columns: ${missing.join(', ')}`);
  const collector = new EntryCollector();
  for (const { record, info } of rows) {
    const cells: Partial<Record<MinistryColumn, string>> = {};
    columns.forEach((c, i) => {
      cells[c.column!] = record[i] ?? '';
    });
    const type = (cells.type ?? '').trim().toLowerCase();
    if (type !== 'individual' && type !== 'entity') throw listFileRefused('field', `line ${info.lines} Type: individual or entity, not '${type.slice(0, 20)}'`);
    collector.add(entryOfRow(cells, type), `line ${info.lines}`);
  }
  return collector.entries;
}
