import fc from 'fast-check';

/** The fuzz test's inputs: the shapes of the OpenAPI document it reads, and the bad values it sends. */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  format?: string;
  default?: unknown;
  minItems?: number;
  maxItems?: number;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  body: { kind: 'json' | 'multipart'; schema: Schema } | null;
  basic: boolean;
}

/**
 * One generated request. `expect` says what is certain: 'badText' (route() refuses the NUL or lone
 * surrogate at `context` with 400, 1001), 'refused' (the request is invalid whatever the route: an
 * answer >= 400), or 'any' (the bad value might be accepted by a lenient field).
 */
export interface FuzzRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  body?: { contentType: string; bytes: Buffer };
  basic?: string;
  expect: { kind: 'badText'; context: string } | { kind: 'refused' } | { kind: 'any' };
  what: string;
}

// ---------- bad values ----------

export const BAD_TEXTS = ['\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\u0000', '\uDFFF\uD800'];
export const badText = fc.oneof(
  fc.constantFrom(...BAD_TEXTS),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...BAD_TEXTS), fc.string({ maxLength: 6 })).map(([a, b, c]) => a + b + c),
);
export const controlText = fc.string({
  unit: fc.oneof(fc.integer({ min: 1, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f })).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 8,
});
export const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, 1e16, -1, 0, 0.5, -0.0001, 2147483648, 99999999999.999, 100000000000.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
);
export const hugeNumericText = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '9'.repeat(30), `${'9'.repeat(25)}.9999`, '-99999999999999999999', `1${'0'.repeat(5000)}`, `0.${'0'.repeat(100)}1`, 'NaN', 'Infinity', '-0', '9007199254740993', '2147483648', '99999999999.9999', '0x10', '1_000', ' 1 '),
  fc.bigInt({ min: 10n ** 12n, max: 10n ** 40n }).map(String),
  fc.tuple(fc.bigInt({ min: 10n ** 10n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 8n })).map(([i, f]) => `${i}.${f}`),
  fc.bigInt({ min: -(10n ** 30n), max: -1n }).map(String),
);
/**
 * 20,000 arrays deep: valid JSON that anything walking it recursively (JSON.stringify included)
 * would choke on. A placeholder in the generated value, put in when the body is written.
 */
export const DEEP = '\u0001deep\u0001';
export const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
export const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { a: 1 }, '', 'x', 0, -1, [null], { '': '' }, DEEP, { constructor: { prototype: 1 } });
export const longText = fc.constantFrom('x'.repeat(5000), 'é'.repeat(3000), '😀'.repeat(2000), ' '.repeat(5000), '9'.repeat(5000));
/** A bad value of a field; numbers beyond their columns are the likeliest to get far, so they come most often. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hugeNumericText, weight: 4 },
  { arbitrary: hugeNumber, weight: 2 },
  { arbitrary: badText, weight: 2 },
  { arbitrary: controlText, weight: 1 },
  { arbitrary: wrongType, weight: 1 },
  { arbitrary: longText, weight: 1 },
);
/** Bad values of a path parameter (its text in the URL). */
export const badPathValue = fc.oneof(badText, controlText, hugeNumericText.filter((v) => !['0x10', ' 1 '].includes(v)), fc.constantFrom('-1', '0', '1.5', '-0.5', 'abc', 'x'.repeat(5000), '9'.repeat(5000), '%', '..', 'ﬀ'));

// ---------- plausible values (the rest of a request stays plausible, so the bad part reaches deep) ----------

export const PLAUSIBLE_TEXT = ['x', 'Test Name', 'a@b.c', '1', '10.5', '2026-01-05', '0.0001', 'XAU', 'note', '60', '123456789'];
export const PLAUSIBLE_INT = [1, 2, 3, 5, 999999];
export const GRAPHQL_QUERIES = [
  'query Q($first: Int, $after: String, $orderId: Int, $quantity: String, $status: [OrderStatus!], $createdAfter: String) { adminOrdersConnection(first: $first, after: $after, orderId: $orderId, quantity: $quantity, status: $status, createdAfter: $createdAfter) { edges { cursor node { id quantityGram amount } } pageInfo { hasNextPage endCursor } totalCount } }',
  'query { adminOrdersConnection(first: 5) { edges { node { id status timeline { action } } } } }',
];

export function typesOf(s: Schema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

/**
 * What kind of date a text field of the document takes, or null: its `format` (date, date-time, or
 * either one for a filter's end), else its pattern: one that takes a month, a keyset cursor (a
 * moment and an id) or a date, and refuses texts that only look like one (an account number's
 * pattern takes 2026-01 and 2026-13 alike).
 */
export type DateKind = 'date' | 'moment' | 'dateOrMoment' | 'month' | 'cursor';
const DATE_PATTERN_PROBES: ReadonlyArray<[DateKind, string, readonly string[]]> = [
  ['month', '2026-01', ['2026-13', '202601', 'x']],
  ['cursor', '2026-01-05T00:00:00.000000Z_1', ['2026-01-05T00:00:00.000000Z', '2026-01-05_1', 'x']],
  ['date', '2026-01-05', ['2026-1-05', '20260105', '2026-01-05x', 'x']],
];
export function dateKindOf(schema: Schema): DateKind | null {
  for (const s of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const formats = new Set([s.format, ...(s.anyOf ?? []).map((a) => a.format)]);
    if (formats.has('date') && formats.has('date-time')) return 'dateOrMoment';
    if (formats.has('date')) return 'date';
    if (formats.has('date-time')) return 'moment';
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      const probe = DATE_PATTERN_PROBES.find(([, yes, no]) => re.test(yes) && !no.some((n) => re.test(n)));
      if (probe) return probe[0];
    }
  }
  return null;
}

/** A plausible value of each kind of date (in the calendar, a range of them in order and short). */
const PLAUSIBLE_DATES: Record<DateKind, readonly string[]> = {
  date: ['2026-01-05', '2026-03-31'],
  moment: ['2026-01-05T10:00:00+08:00'],
  dateOrMoment: ['2026-01-05', '2026-01-05T10:00:00+08:00'],
  month: ['2026-01'],
  cursor: ['2026-01-05T02:00:00.000000Z_1'],
};

export function plausible(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  // a date field (its alternatives may be formats only) gets a date the calendar holds
  const dateKind = typesOf(schema).every((t) => t === 'string') ? dateKindOf(schema) : null;
  if (dateKind) return fc.constantFrom(...PLAUSIBLE_DATES[dateKind]);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => plausible(s, name)));
  const types = typesOf(schema);
  if (types.includes('object') || schema.properties) {
    const props = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, s] of Object.entries(props)) record[key] = plausible(s, key);
    if (name === 'variables') return fc.record({ first: fc.constantFrom(5, 10), orderId: fc.constantFrom(...PLAUSIBLE_INT) }, { requiredKeys: [] });
    return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  }
  if (types.includes('array')) return fc.array(schema.items ? plausible(schema.items, name) : fc.constant(1), { maxLength: 2 });
  if (types.includes('integer') || types.includes('number')) return fc.constantFrom(...PLAUSIBLE_INT);
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('string')) {
    if (name === 'query') return fc.constantFrom(...GRAPHQL_QUERIES);
    if (schema.format === 'binary') return fc.constant('(file)');
    return fc.constantFrom(...PLAUSIBLE_TEXT);
  }
  if (types.includes('null')) return fc.constant(null);
  return fc.constantFrom<unknown>('x', 1, null); // any
}

/** The paths of a schema's fields, nested objects included (arrays by their first item). */
export function fieldPaths(schema: Schema, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  const objectSchemas = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter((s) => s.properties);
  for (const s of objectSchemas) {
    for (const [key, child] of Object.entries(s.properties!)) {
      const path = [...prefix, key];
      out.push(path);
      out.push(...fieldPaths(child, path));
      const items = [child, ...(child.anyOf ?? [])].find((c) => c.items)?.items;
      if (items) {
        out.push([...path, '0']);
        out.push(...fieldPaths(items, [...path, '0']));
      }
    }
  }
  if (prefix.length === 0 && schema.properties && 'variables' in schema.properties) out.push(['variables', 'first'], ['variables', 'orderId'], ['variables', 'quantity'], ['variables', 'status']);
  return out;
}

export function setPath(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] =
    Array.isArray(target) ? [...target] : typeof target === 'object' && target !== null ? { ...(target as Record<string, unknown>) } : /^\d+$/.test(head!) ? [] : {};
  (container as Record<string, unknown>)[head!] = setPath((container as Record<string, unknown>)[head!], rest, value);
  return container;
}

export function removePath(target: unknown, path: string[]): unknown {
  if (typeof target !== 'object' || target === null) return target;
  const copy = (Array.isArray(target) ? [...target] : { ...target }) as Record<string, unknown>;
  if (path.length === 1) delete copy[path[0]!];
  else copy[path[0]!] = removePath(copy[path[0]!], path.slice(1));
  return copy;
}

// ---------- encoding (lone surrogates survive: WTF-8 bytes, percent-encoded) ----------

export function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (cp >= 0xd800 && cp <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return Buffer.from(bytes);
}

export function pct(text: string): string {
  let out = '';
  for (const b of wtf8(text)) out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

export const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
export const hasLoneSurrogate = (v: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);
export const hasBadText = (v: string) => /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);
