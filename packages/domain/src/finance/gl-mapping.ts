import { z } from 'zod';
import { LEDGER_ASSETS } from '../wallet/ledger.ts';
import { CHART_OF_ACCOUNTS, glAccount, type GlAccount } from './chart-of-accounts.ts';

/**
 * The accountant's mapping (decision 1018): each GL code of our chart to the code and name of the
 * accountant's own chart, applied to the accounting exports. It comes as a CSV file, replaced as a
 * whole; a file with any bad line is refused whole. A GL code the mapping leaves out is exported
 * under our own code and name, and listed as unmapped.
 */

/** Largest mapping file: the chart has under a hundred codes, a full mapping is about 6 kB. */
export const GL_MAPPING_MAX_BYTES = 64 * 1024;
export const ACCOUNT_CODE_MAX_LENGTH = 40;
export const ACCOUNT_NAME_MAX_LENGTH = 120;

/** The file's columns, in the order the template writes them; `glName` is there for the reader and ignored on upload. */
export const GL_MAPPING_COLUMNS = ['glCode', 'glName', 'accountCode', 'accountName'] as const;
type Column = (typeof GL_MAPPING_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly Column[] = ['glCode', 'accountCode', 'accountName'];

/** An accountant's code: letters and digits, then also spaces and . _ / : - (never a character a spreadsheet reads as a formula). */
const ACCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9 ._/:-]*$/;
/** Text a spreadsheet would run as a formula (decision 0121): refused rather than exported changed. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Control characters: a name is one line of text. */
const CONTROL = /\p{Cc}/u;

export const GL_MAPPING_REASONS = [
  // the file is not CSV at that line (an unclosed quote)
  'csv',
  'empty',
  'missingColumn',
  'unknownColumn',
  'duplicateColumn',
  'extraCells',
  'required',
  'notInChart',
  'duplicate',
  'invalidCode',
  'formulaLike',
  'invalidText',
  'tooLong',
] as const;
export type GlMappingReason = (typeof GL_MAPPING_REASONS)[number];

/** One problem of a mapping file: its line (1 is the header), the field (a column, or 'header', 'row') and why. */
export interface GlMappingProblem {
  line: number;
  field: string;
  reason: GlMappingReason;
  /** The header cell refused, or the line a duplicate code was first on. */
  column?: string;
  firstLine?: number;
}

/** A row of the file as the CSV reader gives it: its line number and its cells. */
export interface MappingRow {
  line: number;
  cells: readonly string[];
}

export interface GlMappingLine {
  glCode: string;
  accountCode: string;
  accountName: string;
}

/** What each GL code maps to. */
export type GlMapping = ReadonlyMap<string, { accountCode: string; accountName: string }>;

export const NO_MAPPING: GlMapping = new Map();

function headerProblems(header: readonly string[]): { columns: Map<Column, number>; problems: GlMappingProblem[] } {
  const columns = new Map<Column, number>();
  const problems: GlMappingProblem[] = [];
  header.forEach((cell, i) => {
    const name = GL_MAPPING_COLUMNS.find((c) => c.toLowerCase() === cell.trim().toLowerCase());
    if (!name) problems.push({ line: 1, field: 'header', reason: 'unknownColumn', column: cell.trim() });
    else if (columns.has(name)) problems.push({ line: 1, field: 'header', reason: 'duplicateColumn', column: name });
    else columns.set(name, i);
  });
  for (const c of REQUIRED_COLUMNS) if (!columns.has(c)) problems.push({ line: 1, field: 'header', reason: 'missingColumn', column: c });
  return { columns, problems };
}

function codeProblem(code: string): GlMappingReason | null {
  if (code.length > ACCOUNT_CODE_MAX_LENGTH) return 'tooLong';
  return ACCOUNT_CODE.test(code) ? null : 'invalidCode';
}

function nameProblem(name: string): GlMappingReason | null {
  if (name.length > ACCOUNT_NAME_MAX_LENGTH) return 'tooLong';
  if (CONTROL.test(name)) return 'invalidText';
  return FORMULA_START.test(name) ? 'formulaLike' : null;
}

/**
 * Reads a mapping file's rows (the first is the header): the lines that map a GL code, and every
 * problem by line. Columns are found by name (any order, any case); a row whose code and name are
 * both empty leaves its GL code unmapped (the template lists every code so); a row with every cell
 * empty is skipped. A GL code must be in the chart and appear once.
 */
export function readGlMapping(rows: readonly MappingRow[]): { lines: GlMappingLine[]; problems: GlMappingProblem[] } {
  const [header, ...data] = rows;
  if (!header) return { lines: [], problems: [{ line: 1, field: 'header', reason: 'empty' }] };
  const { columns, problems } = headerProblems(header.cells);
  if (problems.length > 0) return { lines: [], problems };
  const cell = (row: MappingRow, c: Column) => (row.cells[columns.get(c)!] ?? '').trim();
  const seen = new Map<string, number>();
  const lines: GlMappingLine[] = [];
  for (const row of data) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    const at = (field: string, reason: GlMappingReason, more: Partial<GlMappingProblem> = {}) => problems.push({ line: row.line, field, reason, ...more });
    if (row.cells.length > header.cells.length) at('row', 'extraCells');
    const glCode = cell(row, 'glCode');
    const accountCode = cell(row, 'accountCode');
    const accountName = cell(row, 'accountName');
    if (glCode === '') at('glCode', 'required');
    else if (!glAccount(glCode)) at('glCode', 'notInChart');
    else if (seen.has(glCode)) at('glCode', 'duplicate', { firstLine: seen.get(glCode)! });
    else seen.set(glCode, row.line);
    // both empty: the code stays unmapped
    if (accountCode === '' && accountName === '') continue;
    const codeReason = accountCode === '' ? 'required' : codeProblem(accountCode);
    if (codeReason) at('accountCode', codeReason);
    const nameReason = accountName === '' ? 'required' : nameProblem(accountName);
    if (nameReason) at('accountName', nameReason);
    lines.push({ glCode, accountCode, accountName });
  }
  return { lines: problems.length > 0 ? [] : lines, problems };
}

/** The account a GL account is exported as: the accountant's code and name, or ours (English) when unmapped. */
export function exportedAccount(gl: GlAccount, mapping: GlMapping): { accountCode: string; accountName: string; mapped: boolean } {
  const m = mapping.get(gl.code);
  return m ? { accountCode: m.accountCode, accountName: m.accountName, mapped: true } : { accountCode: gl.code, accountName: gl.name.en, mapped: false };
}

/** The chart's codes the mapping leaves out, in code order. */
export function unmappedCodes(mapping: GlMapping): string[] {
  return CHART_OF_ACCOUNTS.filter((a) => !mapping.has(a.code)).map((a) => a.code);
}

/** One account of the chart with what the mapping makes of it (the mapping's answer and its template file). */
export const GlMappingAccount = z.object({
  glCode: z.string(),
  glName: z.object({ en: z.string(), 'zh-Hant': z.string() }),
  unit: z.enum(LEDGER_ASSETS),
  accountCode: z.string().nullable(),
  accountName: z.string().nullable(),
});
export type GlMappingAccount = z.infer<typeof GlMappingAccount>;

/** Every account of the chart with its mapping, in code order. */
export function mappingAccounts(mapping: GlMapping): GlMappingAccount[] {
  return CHART_OF_ACCOUNTS.map((a) => {
    const m = mapping.get(a.code);
    return { glCode: a.code, glName: a.name, unit: a.unit, accountCode: m?.accountCode ?? null, accountName: m?.accountName ?? null };
  });
}

/** The template file's rows (columns GL_MAPPING_COLUMNS): every code of the chart with its English name and its mapping, blank when unmapped; it uploads back as it is. */
export function templateRows(mapping: GlMapping): Array<Record<Column, string>> {
  return mappingAccounts(mapping).map((a) => ({ glCode: a.glCode, glName: a.glName.en, accountCode: a.accountCode ?? '', accountName: a.accountName ?? '' }));
}

/** `GET finance/gl-mapping` and the answer of its replacement: the mapping in force (who uploaded which file when), every account, the codes left unmapped. */
export const GlMappingAnswer = z.object({
  mapping: z
    .object({ id: z.number(), fileName: z.string(), uploadedAt: z.string(), uploadedBy: z.string().nullable(), lines: z.number() })
    .nullable(),
  accounts: z.array(GlMappingAccount),
  unmapped: z.array(z.string()),
});
export type GlMappingAnswer = z.infer<typeof GlMappingAnswer>;
