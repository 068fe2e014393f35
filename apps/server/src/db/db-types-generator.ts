import type { Queryable } from './db.ts';

/** Where `npm run db:types` writes the table types of the migrated schema. */
export const DB_TYPES_FILE = new URL('./db-types.ts', import.meta.url);

interface ColumnRow {
  table_name: string;
  table_kind: string;
  column_name: string;
  type_name: string;
  type_kind: string;
  element_name: string | null;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
  enum_labels: string[] | null;
}

/**
 * The columns of the public schema's tables and views, in table then column order. Domains are
 * read as their base type; `enum_labels` lists an enum's values in their declared order.
 */
const COLUMNS = `
  SELECT c.relname AS table_name, c.relkind::text AS table_kind, a.attname AS column_name,
         bt.typname AS type_name, bt.typtype::text AS type_kind, el.typname AS element_name,
         (a.attnotnull OR (t.typtype = 'd' AND t.typnotnull)) AS not_null,
         (a.atthasdef OR (t.typtype = 'd' AND t.typdefault IS NOT NULL)) AS has_default,
         a.attidentity::text AS identity, a.attgenerated::text AS generated,
         CASE WHEN bt.typtype = 'e' THEN
           (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = bt.oid)
         END AS enum_labels
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_type t ON t.oid = a.atttypid
    JOIN pg_type bt ON bt.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END
    LEFT JOIN pg_type el ON el.oid = bt.typelem AND bt.typcategory = 'A'
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')
   ORDER BY c.relname, a.attnum`;

/**
 * How a column reads in TypeScript: what our drivers answer on a SELECT (db.ts; both drivers
 * parse alike) and, where it differs, what an INSERT or UPDATE accepts. A type missing here, or
 * one the two drivers parse differently (int8[], numeric[], interval), stops the generator: add
 * its parser to both drivers and its mapping here first.
 */
const SCALARS: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number', // parsed to number by pglite-db.ts and pg-db.ts (ids and counts)
  float4: 'number',
  float8: 'number',
  numeric: 'string', // decimal strings, never floats (money)
  bool: 'boolean',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  name: 'string',
  citext: 'string',
  uuid: 'string',
  inet: 'string',
  cidr: 'string',
  time: 'string',
  timetz: 'string',
  timestamptz: 'Timestamp',
  timestamp: 'Timestamp',
  date: 'DateOnly',
  json: 'Json',
  jsonb: 'Json',
  bytea: 'Uint8Array',
};
/** Arrays both drivers parse to the same JavaScript array. */
const ARRAY_ELEMENTS = new Set(['int2', 'int4', 'float4', 'float8', 'bool', 'text', 'varchar', 'bpchar', 'uuid']);

const PRELUDE = [
  '/** A column with a default: optional on insert. (Kysely\'s own Generated does not nest a ColumnType.) */',
  'export type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;',
  '/** A column PostgreSQL computes (GENERATED ALWAYS): never written. */',
  'export type GeneratedAlways<T> = T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;',
  '',
  '/** A timestamp: a Date when read; a Date or an ISO string when written. */',
  'export type Timestamp = ColumnType<Date, Date | string, Date | string>;',
  '/**',
  " * A date column: written as 'YYYY-MM-DD'. Read as a Date at midnight, UTC with PGlite but the",
  " * process's time zone with pg: select to_char(col, 'YYYY-MM-DD') for the day itself.",
  ' */',
  'export type DateOnly = ColumnType<Date, Date | string, Date | string>;',
  '',
  '/** A JSON value as our drivers parse it. */',
  'export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };',
  '/** json/jsonb: parsed when read; written as JSON text (JSON.stringify(value)). */',
  'export type Json = ColumnType<JsonValue, string, string>;',
];

function tsType(c: ColumnRow): string {
  if (c.type_kind === 'e') return c.enum_labels!.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(' | ');
  if (c.element_name !== null) {
    const element = SCALARS[c.element_name];
    if (!element || !ARRAY_ELEMENTS.has(c.element_name)) throw new Error(`${c.table_name}.${c.column_name}: no TypeScript mapping for ${c.element_name}[] (db-types-generator.ts)`);
    return `${element}[]`;
  }
  const scalar = SCALARS[c.type_name];
  if (!scalar) throw new Error(`${c.table_name}.${c.column_name}: no TypeScript mapping for ${c.type_name} (db-types-generator.ts)`);
  return scalar;
}

function columnType(c: ColumnRow): string {
  let t = tsType(c);
  const view = c.table_kind === 'v' || c.table_kind === 'm';
  if (!c.not_null || view) t = `${t} | null`;
  if (c.identity === 'a' || c.generated === 's') return `GeneratedAlways<${t}>`;
  if (!view && (c.has_default || c.identity === 'd')) return `Generated<${t}>`;
  return t;
}

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, _sep: string, ch: string) => ch.toUpperCase());
const key = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `'${name}'`);

/**
 * The source of apps/server/src/db/db-types.ts for the schema `q` reads: one interface per table
 * (`HolidaysTable`) and the `Database` interface Kysely is typed with.
 */
export async function generateDbTypes(q: Queryable): Promise<string> {
  const rows = await q.query<ColumnRow>(COLUMNS);
  const tables = new Map<string, ColumnRow[]>();
  for (const r of rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r]);
  const body: string[] = [];
  for (const [table, columns] of tables) {
    body.push(`export interface ${pascal(table)}Table {`);
    for (const c of columns) body.push(`  ${key(c.column_name)}: ${columnType(c)};`);
    body.push('}', '');
  }
  body.push('export interface Database {');
  for (const table of tables.keys()) body.push(`  ${key(table)}: ${pascal(table)}Table;`);
  body.push('}');
  const text = body.join('\n');
  return [
    '// Generated by `npm run db:types` (scripts/db-types.ts) from the migrated schema: do not edit.',
    '// A migration that changes a table is followed by a run of it; db-types.int.test.ts fails until then.',
    "import type { ColumnType } from 'kysely';",
    '',
    ...PRELUDE,
    '',
    text,
    '',
  ].join('\n');
}
