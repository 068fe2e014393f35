import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/order-status.ts';
import { ORDER_CURRENCIES, ORDER_SIDES, ORDER_TYPES } from '../orders/order-schemas.ts';
import { BANK_ACCOUNT_STATUSES } from '../users/user-schemas.ts';
import { USER_SEARCH_CONDITIONS } from '../users/user-enums.ts';
import { BankAccountView } from '../users/user-views.ts';
import { blankToUndefined } from '../validation/preprocess.ts';
import { DATE_OR_MOMENT_DOC } from '../validation/calendar-fields.ts';

/**
 * The lists a CSV export exists for (decision 0120):
 * `GET /v0/web/secure/export/{list}` with the list's own filters as query parameters.
 */
export const EXPORT_LISTS = [
  'users',
  'admins',
  'orders',
  'trade_requests',
  'trade_history',
  'deposits',
  'withdrawals',
  'transfers',
  'bank_accounts',
  'holidays',
  'notifications',
  'audit_trail',
  // the reconciliation's breaks (decision 0824)
  'reconciliation_breaks',
  // the journal of closed business days as journal lines, for an accounting package (decision 1004)
  'journal',
  // the same days summed per day and GL account (decision 1017)
  'journal_daily',
  // the chart with the accountant's codes in force, the mapping's template (decision 1018)
  'gl_mapping',
] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** The URL of a list's export. */
export const exportUrl = (list: ExportList) => `/v0/web/secure/export/${list}`;

/** A value of one CSV cell before quoting: null is an empty cell. */
export type CsvValue = string | number | boolean | null;

/** A plain decimal number as the server writes amounts, quantities, prices and ids (-12.5, 0.0001, 42). */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A text cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell's text, safe to open in a spreadsheet (OWASP "CSV injection"): a number, or a decimal
 * written as text (the server's amounts, "-12.50"), stays as it is, negative ones included; any
 * other text starting with = + - @ TAB or CR gets a leading apostrophe, which spreadsheets show
 * as text. Quoting (RFC 4180) is the CSV writer's job, not this one's.
 */
export function csvCellText(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // most cells start with a letter or a digit: one character code decides (FORMULA_START's set)
  const c = value.charCodeAt(0);
  if (c !== 0x3d && c !== 0x2b && c !== 0x2d && c !== 0x40 && c !== 0x09 && c !== 0x0d) return value;
  return c === 0x2d && PLAIN_NUMBER.test(value) ? value : `'${value}`;
}

/** The inverse of csvCellText for a text cell (a reader that wants the stored text back). */
export function csvCellValue(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * The CSV columns of a list item's zod object: each scalar field by name, the fields of a nested
 * object (nullable or not) as `parent.child`, arrays and records as one JSON cell. The header is the
 * list's own JSON field names, so a file reads back against the list's answer column by column.
 */
export function csvColumnsOf(schema: z.ZodObject, omit: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (shape: Record<string, z.ZodType>, prefix: string) => {
    for (const [key, field] of Object.entries(shape)) {
      const path = `${prefix}${key}`;
      if (omit.includes(path)) continue;
      const inner = unwrap(field);
      if (inner instanceof z.ZodObject) walk(inner.shape as Record<string, z.ZodType>, `${path}.`);
      else out.push(path);
    }
  };
  walk(schema.shape as Record<string, z.ZodType>, '');
  return out;
}

function unwrap(t: z.ZodType): z.ZodType {
  let cur: z.ZodType = t;
  for (;;) {
    if (cur instanceof z.ZodNullable || cur instanceof z.ZodOptional || cur instanceof z.ZodDefault) cur = cur.unwrap() as z.ZodType;
    else if (cur instanceof z.ZodPipe) cur = cur.out as z.ZodType;
    else return cur;
  }
}

/** The value at a column path of a list item: null when a parent on the way is null. */
export function csvValueAt(item: unknown, path: readonly string[]): CsvValue {
  let cur: unknown = path.length === 1 ? (item as Record<string, unknown>)[path[0]!] : item;
  if (path.length > 1) {
    for (const key of path) {
      if (cur === null || cur === undefined) return null;
      cur = (cur as Record<string, unknown>)[key];
    }
  }
  if (cur === undefined || cur === null) return null;
  if (typeof cur === 'string' || typeof cur === 'number' || typeof cur === 'boolean') return cur;
  if (cur instanceof Date) return cur.toISOString();
  return JSON.stringify(cur);
}

/** CREATED, Created, OffLine -> CREATED, CREATED, OFF_LINE: the GraphQL filters take either spelling. */
export const serverSpelling = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** A query parameter given once, repeated (status=A&status=B) or comma-separated (status=A,B). */
const many = (v: unknown) => {
  const b = blankToUndefined(v);
  if (b === undefined) return undefined;
  return (Array.isArray(b) ? b : [b]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '');
};
const spelled = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().max(40).transform(serverSpelling).pipe(z.enum(values));
const text = (max: number) => z.preprocess(blankToUndefined, z.string().max(max).optional());

/**
 * The orders connection's filters (adminOrdersConnection, SPEC.md §7) as query parameters, for the
 * orders, trade requests and trade history exports: the same names, list-valued ones repeated or
 * comma-separated. Paging arguments are not filters: an export has every matching row.
 */
export const OrderExportQuery = z.object({
  userCondition: z.preprocess(blankToUndefined, spelled(USER_SEARCH_CONDITIONS.filter((c): c is 'USER_ID' | 'USER_NAME' => c !== 'EMAIL') as ['USER_ID', 'USER_NAME']).optional()),
  userInput: text(254),
  action: z.preprocess(blankToUndefined, spelled(ORDER_SIDES).optional()),
  orderId: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()),
  status: z.preprocess(many, z.array(spelled(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional()),
  orderType: z.preprocess(blankToUndefined, spelled(ORDER_TYPES).optional()),
  // dates are read (and bounded by the calendar) by the connection's own parser; the document says what they are
  createdAfter: z.preprocess(blankToUndefined, z.string().max(40).meta(DATE_OR_MOMENT_DOC).optional()),
  createdBefore: z.preprocess(blankToUndefined, z.string().max(40).meta(DATE_OR_MOMENT_DOC).optional()),
  filledAt: z.preprocess(many, z.array(z.string().max(40).meta({ format: 'date' })).max(2).optional()),
  goodTillDate: z.preprocess(many, z.array(z.string().max(40).meta({ format: 'date' })).max(2).optional()),
  symbol: text(20),
  currency: z.preprocess(blankToUndefined, spelled(ORDER_CURRENCIES).optional()),
  quantity: text(40),
});
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;

/** The bank accounts export: every live account (not removed), by status and user. */
export const BankAccountExportQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(BANK_ACCOUNT_STATUSES).optional()),
  userId: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional()),
});
export type BankAccountExportQuery = z.infer<typeof BankAccountExportQuery>;

/** One row of the bank accounts export: the account as the user's screen shows it, and its user. */
export const BankAccountExportRow = z.object({ userId: z.number().int(), username: z.string() }).extend(BankAccountView.shape);
export type BankAccountExportRow = z.infer<typeof BankAccountExportRow>;
