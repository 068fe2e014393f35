import { Decimal, roundTo } from '../money/decimal.ts';
import { isTreasuryMetal, type TreasuryMetal } from '../treasury/treasury-metals.ts';
import { BarFields } from './vault-schemas.ts';
import { fineWeight, troyOuncesToGrams } from './bar-rules.ts';

/**
 * A custodian's weight list (LBMA Good Delivery weight-list columns), read from rows of cells
 * (the server reads CSV with csv-parse and Excel with exceljs into rows). Header names are matched
 * case-insensitively, ignoring spaces and punctuation; a weight column whose header names its unit
 * ("Gross Weight (oz)", "Fine oz", "Gross (g)") is read in that unit, others in the import's unit.
 */

export type WeightUnit = 'g' | 'oz';
export type ListColumn = 'serial' | 'refiner' | 'metal' | 'form' | 'year' | 'grossWeight' | 'fineness' | 'fineWeight' | 'refinerWeight' | 'vaultWeight';

const ALIASES: Record<ListColumn, readonly string[]> = {
  serial: ['serial', 'serialno', 'serialnumber', 'barno', 'barnumber', 'barserial', 'barserialnumber'],
  refiner: ['refiner', 'brand', 'refinerbrand', 'brandrefiner', 'producer', 'manufacturer'],
  metal: ['metal', 'metaltype'],
  form: ['form', 'bartype', 'type', 'shape'],
  year: ['year', 'yearofmanufacture', 'yearmade', 'manufactureyear'],
  grossWeight: ['grossweight', 'gross', 'grosswt'],
  fineness: ['fineness', 'assay', 'purity'],
  fineWeight: ['fineweight', 'fine', 'finewt'],
  refinerWeight: ['refinerweight', 'refinersweight', 'refinerwt'],
  vaultWeight: ['vaultweight', 'vaultsweight', 'vaultwt', 'custodianweight'],
};
const WEIGHT_COLUMNS: readonly ListColumn[] = ['grossWeight', 'fineWeight', 'refinerWeight', 'vaultWeight'];
const REQUIRED: readonly ListColumn[] = ['serial', 'refiner', 'grossWeight', 'fineness'];
const UNIT_SUFFIXES: ReadonlyArray<[string, WeightUnit]> = [
  ['troyounces', 'oz'],
  ['troyoz', 'oz'],
  ['ounces', 'oz'],
  ['ozt', 'oz'],
  ['oz', 'oz'],
  ['grams', 'g'],
  ['gram', 'g'],
  ['gr', 'g'],
  ['g', 'g'],
];

/** Most rows one list may hold. */
export const WEIGHT_LIST_MAX_ROWS = 5000;

export interface HeaderMatch {
  column: ListColumn;
  unit: WeightUnit | null;
}

/** A header cell as a column of the list, or null when it is none we read. */
export function matchHeader(cell: string): HeaderMatch | null {
  const key = cell.toLowerCase().replace(/[^a-z]/g, '');
  for (const [column, names] of Object.entries(ALIASES) as Array<[ListColumn, readonly string[]]>) {
    if (names.includes(key)) return { column, unit: null };
    if (!WEIGHT_COLUMNS.includes(column)) continue;
    for (const [suffix, unit] of UNIT_SUFFIXES) {
      if (key.endsWith(suffix) && names.includes(key.slice(0, -suffix.length))) return { column, unit };
      // "Gross Weight in oz"
      if (key.endsWith(suffix) && names.includes(key.slice(0, -suffix.length).replace(/in$/, ''))) return { column, unit };
    }
  }
  return null;
}

export interface ListRow {
  /** the line (CSV) or row (Excel) number in the file, the header's being 1 when it comes first */
  line: number;
  cells: readonly string[];
}

export interface ListedBar {
  line: number;
  serial: string;
  refiner: string;
  metal: TreasuryMetal;
  form: string;
  year: number | null;
  grossWeight: string;
  fineness: string;
  /** as listed (in grams), or gross x fineness when the list has none */
  fineWeight: string;
  refinerWeight: string | null;
  vaultWeight: string | null;
}

export interface ListProblem {
  line: number;
  field: string;
  reason: string;
}

export interface ParsedList {
  bars: ListedBar[];
  problems: ListProblem[];
}

const DECIMAL = /^\d+(\.\d+)?$/;

function weightIn(value: string, unit: WeightUnit): string {
  return unit === 'oz' ? troyOuncesToGrams(value) : roundTo(value, 4);
}

/**
 * Reads the rows of a weight list: the first non-empty row is the header; each following
 * non-empty row is a bar or a problem (its line, the field, why). Every problem is listed.
 */
export function readWeightList(rows: readonly ListRow[], options: { metal: TreasuryMetal; unit: WeightUnit }): ParsedList {
  const problems: ListProblem[] = [];
  const bars: ListedBar[] = [];
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const header = nonEmpty[0];
  if (!header) return { bars, problems: [{ line: 1, field: 'header', reason: 'empty' }] };
  const columns = new Map<ListColumn, { index: number; unit: WeightUnit | null }>();
  header.cells.forEach((cell, index) => {
    const match = matchHeader(cell);
    if (match && !columns.has(match.column)) columns.set(match.column, { index, unit: match.unit });
  });
  for (const column of REQUIRED) if (!columns.has(column)) problems.push({ line: header.line, field: column, reason: 'missingColumn' });
  if (problems.length > 0) return { bars, problems };
  const body = nonEmpty.slice(1);
  if (body.length === 0) return { bars, problems: [{ line: header.line, field: 'rows', reason: 'empty' }] };
  if (body.length > WEIGHT_LIST_MAX_ROWS) return { bars, problems: [{ line: body[WEIGHT_LIST_MAX_ROWS]!.line, field: 'rows', reason: 'tooMany' }] };
  const seen = new Map<string, number>();
  for (const row of body) {
    const cell = (column: ListColumn) => {
      const at = columns.get(column);
      return at ? (row.cells[at.index] ?? '').trim() : '';
    };
    const rowProblems: ListProblem[] = [];
    const problem = (field: string, reason: string) => rowProblems.push({ line: row.line, field, reason });
    const weight = (column: ListColumn, required: boolean): string | null => {
      const raw = cell(column).replace(/,/g, '');
      if (raw === '') {
        if (required) problem(column, 'required');
        return null;
      }
      if (!DECIMAL.test(raw) || new Decimal(raw).lte(0)) {
        problem(column, 'invalidNumber');
        return null;
      }
      return weightIn(raw, columns.get(column)!.unit ?? options.unit);
    };
    const metalText = cell('metal').toUpperCase();
    const metal = metalText === '' ? options.metal : metalText;
    if (!isTreasuryMetal(metal)) problem('metal', 'invalidMetal');
    const grossWeight = weight('grossWeight', true);
    const finenessText = cell('fineness').replace(/,/g, '');
    let fineness: string | null = null;
    if (finenessText === '') problem('fineness', 'required');
    else if (!DECIMAL.test(finenessText)) problem('fineness', 'invalidNumber');
    else {
      // a fraction (0.9999) is read as parts per thousand (999.9)
      const f = new Decimal(finenessText).lte(1) ? new Decimal(finenessText).times(1000) : new Decimal(finenessText);
      fineness = f.toFixed();
    }
    const listedFine = weight('fineWeight', false);
    const refinerWeight = weight('refinerWeight', false);
    const vaultWeight = weight('vaultWeight', false);
    const yearText = cell('year');
    const candidate = {
      serial: cell('serial'),
      refiner: cell('refiner'),
      metal: isTreasuryMetal(metal) ? metal : 'XAU',
      form: cell('form') || undefined,
      year: yearText === '' ? undefined : yearText,
      grossWeight: grossWeight ?? '1',
      fineness: fineness ?? '1',
      refinerWeight: refinerWeight ?? undefined,
      vaultWeight: vaultWeight ?? undefined,
    };
    // the same rules as a receive's bar (lengths, ranges, decimals)
    const checked = BarFields.safeParse(candidate);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!rowProblems.some((p) => p.field === field)) problem(field, issue.message);
      }
    }
    if (checked.success && rowProblems.length === 0) {
      const bar = checked.data;
      const key = `${bar.metal}|${bar.refiner.toLowerCase()}|${bar.serial}`;
      const first = seen.get(key);
      if (first !== undefined) problem('serial', `duplicateOfLine${first}`);
      else seen.set(key, row.line);
      if (rowProblems.length === 0) {
        bars.push({
          line: row.line,
          serial: bar.serial,
          refiner: bar.refiner,
          metal: bar.metal,
          form: bar.form,
          year: bar.year ?? null,
          grossWeight: roundTo(bar.grossWeight, 4),
          fineness: roundTo(bar.fineness, 3),
          fineWeight: listedFine ?? fineWeight(bar.grossWeight, bar.fineness),
          refinerWeight: bar.refinerWeight ?? null,
          vaultWeight: bar.vaultWeight ?? null,
        });
      }
    }
    problems.push(...rowProblems);
  }
  return { bars, problems };
}
