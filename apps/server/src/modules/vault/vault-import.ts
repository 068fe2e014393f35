import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import type { ListRow } from '@aurum/domain/vault/weight-list';
import { invalidFormat } from '../../http/app-error.ts';
import type { MultipartLimits } from '../../http/route.ts';

/**
 * Reading a custodian's weight list file into rows of text cells (decision 0816):
 * CSV with csv-parse (comma, semicolon or tab; a BOM dropped), Excel .xlsx with exceljs
 * (pure JavaScript, the first worksheet). The domain's readWeightList reads the rows.
 */

/** Largest weight list file: 2 MB (a 5,000-bar list is about 400 kB as CSV). */
export const WEIGHT_LIST_MAX_BYTES = 2 * 1024 * 1024;
/** The file and a few fields (vaultId, asOf, metal, unit, receive). */
export const WEIGHT_LIST_LIMITS: MultipartLimits = { files: 1, fileSize: WEIGHT_LIST_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 11 };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export type ListFormat = 'csv' | 'xlsx';

/** The file's format by content: an .xlsx is a zip; anything else must be text (CSV). */
export function formatOf(bytes: Buffer): ListFormat {
  return bytes.subarray(0, 4).equals(ZIP_MAGIC) ? 'xlsx' : 'csv';
}

export async function readListRows(bytes: Buffer): Promise<ListRow[]> {
  if (bytes.length === 0) throw invalidFormat('file', { rule: 'empty' });
  return formatOf(bytes) === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
}

function readCsv(bytes: Buffer): ListRow[] {
  const text = bytes.toString('utf8');
  // binary that is not a zip: not a list we read
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw invalidFormat('file', { rule: 'notCsvOrXlsx' });
  try {
    const records = parse(text, { bom: true, delimiter: [',', ';', '\t'], relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, trim: true }) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw invalidFormat(line ? `line ${line}` : 'file', { rule: 'csv' });
  }
}

async function readXlsx(bytes: Buffer): Promise<ListRow[]> {
  // loaded on the first Excel list, not at every start (about 160 ms and its memory: bench/start.ts, bench/memory.ts)
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalidFormat('file', { rule: 'xlsx' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFormat('file', { rule: 'xlsx' });
  const rows: ListRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i++) cells.push(cellText(row.getCell(i)));
    rows.push({ line: rowNumber, cells });
  });
  return rows;
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v.trim();
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  // a formula's result, rich text, a hyperlink: the text Excel shows
  if (typeof v === 'object' && 'result' in v) return v.result === undefined || v.result === null ? '' : String(v.result).trim();
  return cell.text.trim();
}
