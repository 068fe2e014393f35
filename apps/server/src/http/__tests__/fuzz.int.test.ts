import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { announceAdminsChanged } from '../../modules/auth/auth-cache.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client } from '../../testing/client.ts';

/**
 * Fuzzes every operation of the served OpenAPI document (GET /docs/json) with generated bad input:
 * NUL and lone surrogates, control characters, huge, negative and fractional numbers, wrong types,
 * 5,000-character values, missing and extra fields, malformed JSON and multipart bodies; in path
 * parameters, query strings, JSON bodies (nested) and multipart forms, signed in as the superAdmin
 * (so permission checks do not hide the handlers). Every answer must be below 500 and, when it is a
 * failure, the error contract {code: integer, context: string|null}; a refused call (>= 400) must
 * leave the database as it was, apart from what a refusal is meant to write (DIGEST_EXCLUDED).
 * Bad text that route() refuses in one place must come back as 400, 1001 naming the field.
 *
 * Each operation gets 40 requests plus 12 per field it takes (at most 240): about 6,700 requests,
 * some 90 s on PGlite and 110 s on PostgreSQL on two cores. FUZZ_SEED replays a run (the seed is in
 * the test's name and in every failure); FUZZ_SCALE multiplies the number of requests.
 */

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/**
 * The seed: FUZZ_SEED when given; in CI (CI=true) a fixed one, so a landing run is reproducible; on a
 * developer's machine a new one each run, so local runs keep exploring (a failure prints its seed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 20_261_123 : Math.floor(Math.random() * 2 ** 31)));

/**
 * What a refused call may still change, and why:
 * - audit_log: a refused call is audited (a route's auditFailure row, access.denied), and failed
 *   sign-ins are the login throttle's counters;
 * - refresh_failures: refused refreshes are the refresh throttle's counters;
 * - admin_sessions.last_seen_at: every authenticated call is an action of the admin (idle limit);
 * - market_feed_lease: the price feed renews its lease every tick, outside any request;
 * - mail_outbox and the delivery columns of notification_recipients: the notification worker
 *   delivers in the background what an earlier, successful send stored.
 */
const DIGEST_EXCLUDED: Record<string, readonly string[] | 'table'> = {
  audit_log: 'table',
  refresh_failures: 'table',
  market_feed_lease: 'table',
  mail_outbox: 'table',
  admin_sessions: ['last_seen_at'],
  notification_recipients: ['attempts', 'next_attempt_at', 'last_error', 'delivered_at', 'failed_at'],
};

type Schema = {
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
};

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

interface Operation {
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
interface FuzzRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  body?: { contentType: string; bytes: Buffer };
  basic?: string;
  expect: { kind: 'badText'; context: string } | { kind: 'refused' } | { kind: 'any' };
  what: string;
}

// ---------- bad values ----------

const BAD_TEXTS = ['\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF\u0000', '\uDFFF\uD800'];
const badText = fc.oneof(
  fc.constantFrom(...BAD_TEXTS),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...BAD_TEXTS), fc.string({ maxLength: 6 })).map(([a, b, c]) => a + b + c),
);
const controlText = fc.string({
  unit: fc.oneof(fc.integer({ min: 1, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f })).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 8,
});
const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21, 1e16, -1, 0, 0.5, -0.0001, 2147483648, 99999999999.999, 100000000000.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
);
const hugeNumericText = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '9'.repeat(30), `${'9'.repeat(25)}.9999`, '-99999999999999999999', `1${'0'.repeat(5000)}`, `0.${'0'.repeat(100)}1`, 'NaN', 'Infinity', '-0', '9007199254740993', '2147483648', '99999999999.9999', '0x10', '1_000', ' 1 '),
  fc.bigInt({ min: 10n ** 12n, max: 10n ** 40n }).map(String),
  fc.tuple(fc.bigInt({ min: 10n ** 10n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 8n })).map(([i, f]) => `${i}.${f}`),
  fc.bigInt({ min: -(10n ** 30n), max: -1n }).map(String),
);
/**
 * 20,000 arrays deep: valid JSON that anything walking it recursively (JSON.stringify included)
 * would choke on. A placeholder in the generated value, put in when the body is written.
 */
const DEEP = '\u0001deep\u0001';
const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const wrongType = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { a: 1 }, '', 'x', 0, -1, [null], { '': '' }, DEEP, { constructor: { prototype: 1 } });
const longText = fc.constantFrom('x'.repeat(5000), 'é'.repeat(3000), '😀'.repeat(2000), ' '.repeat(5000), '9'.repeat(5000));
/** A bad value of a field; numbers beyond their columns are the likeliest to get far, so they come most often. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hugeNumericText, weight: 4 },
  { arbitrary: hugeNumber, weight: 2 },
  { arbitrary: badText, weight: 2 },
  { arbitrary: controlText, weight: 1 },
  { arbitrary: wrongType, weight: 1 },
  { arbitrary: longText, weight: 1 },
);
/** Bad values of a path parameter (its text in the URL). */
const badPathValue = fc.oneof(badText, controlText, hugeNumericText.filter((v) => !['0x10', ' 1 '].includes(v)), fc.constantFrom('-1', '0', '1.5', '-0.5', 'abc', 'x'.repeat(5000), '9'.repeat(5000), '%', '..', 'ﬀ'));

// ---------- plausible values (the rest of a request stays plausible, so the bad part reaches deep) ----------

const PLAUSIBLE_TEXT = ['x', 'Test Name', 'a@b.c', '1', '10.5', '2026-01-05', '0.0001', 'XAU', 'note', '60', '123456789'];
const PLAUSIBLE_INT = [1, 2, 3, 5, 999999];
const GRAPHQL_QUERIES = [
  'query Q($first: Int, $after: String, $orderId: Int, $quantity: String, $status: [OrderStatus!], $createdAfter: String) { adminOrdersConnection(first: $first, after: $after, orderId: $orderId, quantity: $quantity, status: $status, createdAfter: $createdAfter) { edges { cursor node { id quantityGram amount } } pageInfo { hasNextPage endCursor } totalCount } }',
  'query { adminOrdersConnection(first: 5) { edges { node { id status timeline { action } } } } }',
];

function typesOf(s: Schema): string[] {
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
}

function plausible(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
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
    if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return fc.constantFrom('2026-01-05', '2030-12-31');
    return fc.constantFrom(...PLAUSIBLE_TEXT);
  }
  if (types.includes('null')) return fc.constant(null);
  return fc.constantFrom<unknown>('x', 1, null); // any
}

/** The paths of a schema's fields, nested objects included (arrays by their first item). */
function fieldPaths(schema: Schema, prefix: string[] = []): string[][] {
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

function setPath(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string, unknown> | unknown[] =
    Array.isArray(target) ? [...target] : typeof target === 'object' && target !== null ? { ...(target as Record<string, unknown>) } : /^\d+$/.test(head!) ? [] : {};
  (container as Record<string, unknown>)[head!] = setPath((container as Record<string, unknown>)[head!], rest, value);
  return container;
}

function removePath(target: unknown, path: string[]): unknown {
  if (typeof target !== 'object' || target === null) return target;
  const copy = (Array.isArray(target) ? [...target] : { ...target }) as Record<string, unknown>;
  if (path.length === 1) delete copy[path[0]!];
  else copy[path[0]!] = removePath(copy[path[0]!], path.slice(1));
  return copy;
}

// ---------- encoding (lone surrogates survive: WTF-8 bytes, percent-encoded) ----------

function wtf8(text: string): Buffer {
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

function pct(text: string): string {
  let out = '';
  for (const b of wtf8(text)) out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
const hasLoneSurrogate = (v: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);
const hasBadText = (v: string) => /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);

// ---------- multipart ----------

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
type Part = { name: string; text?: string; file?: { filename: string; bytes: Buffer; type: string } };

function multipartBytes(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(wtf8(`Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n\r\n`));
      chunks.push(p.file.bytes, Buffer.from('\r\n'));
    } else {
      chunks.push(wtf8(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.text ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

// ---------- the requests of one operation ----------

function requestsOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const plausibleParams = fc.record(Object.fromEntries(op.params.map((p) => [p.name, plausible(p.schema, p.name).map(asText)])) as Record<string, fc.Arbitrary<string>>);
  const bodySchema = op.body?.schema ?? null;
  const plausibleBody = bodySchema ? plausible(bodySchema) : fc.constant(undefined);
  const paths = bodySchema ? fieldPaths(bodySchema) : [];
  const requiredTop = bodySchema?.required ?? [];

  const build = (params: Record<string, string>, body: unknown, expect: FuzzRequest['expect'], what: string, extra: Partial<FuzzRequest> = {}): FuzzRequest => {
    let path = op.path;
    for (const p of pathParams) path = path.replace(`{${p.name}}`, pct(params[p.name] ?? '1'));
    const query: Array<[string, string]> = queryParams.filter((p) => params[p.name] !== undefined).map((p) => [p.name, params[p.name]!]);
    let encoded: FuzzRequest['body'];
    if (op.body?.kind === 'json' && body !== undefined) {
      encoded = { contentType: 'application/json', bytes: Buffer.from(JSON.stringify(body).replace(JSON.stringify(DEEP), DEEP_JSON)) };
    }
    if (op.body?.kind === 'multipart' && body !== undefined) {
      const parts: Part[] = Object.entries(body as Record<string, unknown>).map(([name, v]) =>
        name === 'receipt' ? { name, file: { filename: 'r.png', bytes: PNG, type: 'image/png' } } : { name, text: asText(v) },
      );
      encoded = { contentType: 'multipart/form-data; boundary=FuzzBoundary', bytes: multipartBytes(parts, 'FuzzBoundary') };
    }
    return { method: op.method, path, query, body: encoded, expect, what, ...extra };
  };

  const mutations: Array<fc.Arbitrary<FuzzRequest>> = [];
  // a path parameter: every bad value is refused (ids, metals, receipt kinds)
  if (pathParams.length > 0) {
    mutations.push(
      fc.tuple(plausibleParams, plausibleBody, fc.constantFrom(...pathParams), badPathValue).map(([params, body, p, bad]) =>
        build({ ...params, [p.name]: bad }, body, { kind: 'refused' }, `path ${p.name}=${JSON.stringify(bad).slice(0, 80)}`),
      ),
    );
  }
  // a query parameter: a NUL is refused naming it (a value with a lone surrogate's bytes does not decode and stays percent-encoded); other bad values may be lenient (a search input)
  if (queryParams.length > 0) {
    mutations.push(
      fc.tuple(plausibleParams, plausibleBody, fc.constantFrom(...queryParams), fc.oneof(badText, controlText, hugeNumericText, longText, fc.constantFrom('-1', '0', '1.5', 'true', '[]'))).map(
        ([params, body, p, bad]) =>
          build({ ...params, [p.name]: bad }, body, bad.includes('\0') && !hasLoneSurrogate(bad) ? { kind: 'badText', context: p.name } : { kind: 'any' }, `query ${p.name}=${JSON.stringify(bad).slice(0, 80)}`),
      ),
    );
  }
  if (op.body?.kind === 'json' && bodySchema) {
    // one field (at any depth) set to a bad value
    if (paths.length > 0) {
      const fieldMutation = fc.tuple(plausibleParams, plausibleBody, fc.constantFrom(...paths), badValue).map(([params, body, path, bad]) => {
        const expect: FuzzRequest['expect'] = typeof bad === 'string' && hasBadText(bad) ? { kind: 'badText', context: path.join('.') } : { kind: 'any' };
        return build(params, setPath(body ?? {}, path, bad), expect, `body ${path.join('.')}=${JSON.stringify(bad)?.slice(0, 80)}`);
      });
      // the likeliest to reach deep: counted several times
      mutations.push(fieldMutation, fieldMutation, fieldMutation, fieldMutation);
    }
    // a required field missing
    if (requiredTop.length > 0) {
      mutations.push(
        fc.tuple(plausibleParams, plausibleBody, fc.constantFrom(...requiredTop)).map(([params, body, key]) =>
          build(params, removePath(body, [key]), { kind: 'refused' }, `body without ${key}`),
        ),
      );
    }
    // extra fields with bad values (bad text in an extra field is refused too: nothing unknown reaches the database unchecked)
    mutations.push(
      fc.tuple(plausibleParams, plausibleBody, fc.string({ minLength: 1, maxLength: 12 }), badValue).map(([params, body, key, bad]) => {
        const expect: FuzzRequest['expect'] = typeof bad === 'string' && hasBadText(bad) ? { kind: 'badText', context: key } : { kind: 'any' };
        return build(params, { ...(body as object), [key]: bad }, hasBadText(key) ? { kind: 'badText', context: 'body' } : expect, `body extra ${JSON.stringify(key)}=${JSON.stringify(bad)?.slice(0, 60)}`);
      }),
    );
    // the whole body of a wrong type (a JSON null is taken as no body: refused only where a body is required)
    mutations.push(
      fc.tuple(plausibleParams, fc.constantFrom<unknown>(null, [], [{}], 1, -1e308, 'x', true)).map(([params, body]) =>
        build(params, body, body === null ? { kind: 'any' } : { kind: 'refused' }, `body ${JSON.stringify(body)}`),
      ),
    );
  }
  if (op.body?.kind === 'multipart' && bodySchema) {
    const fieldNames = Object.keys(bodySchema.properties ?? {}).filter((n) => n !== 'receipt');
    const junk = (params: Record<string, string>, contentType: string, bytes: Buffer, what: string) =>
      ({ ...build(params, undefined, { kind: 'refused' }, what), body: { contentType, bytes } }) satisfies FuzzRequest;
    const form = (body: unknown) => Object.entries(body as Record<string, unknown>).filter(([n]) => n !== 'receipt').map(([name, v]) => ({ name, text: asText(v) }) as Part);
    const receipt: Part = { name: 'receipt', file: { filename: 'r.png', bytes: PNG, type: 'image/png' } };
    mutations.push(
      fc.tuple(plausibleParams, plausibleBody, fc.double({ min: 0, max: 0.999, noNaN: true })).chain(([params, body, at]) => {
        const whole = multipartBytes([...form(body), receipt], 'B');
        // cut before the closing boundary's '--': the form is truly incomplete
        const cut = Math.floor(at * (whole.length - 8));
        return fc.constantFrom<FuzzRequest>(
          junk(params, 'multipart/form-data', multipartBytes([...form(body), receipt], 'B'), 'multipart without boundary'),
          junk(params, 'multipart/form-data; boundary=Other', multipartBytes([...form(body), receipt], 'B'), 'multipart with another boundary'),
          junk(params, 'multipart/form-data; boundary=B', whole.subarray(0, cut), `multipart cut at ${cut} of ${whole.length} bytes`),
          junk(params, 'multipart/form-data; boundary=B', multipartBytes([...form(body), receipt, { ...receipt, name: 'receipt2' }], 'B'), 'multipart with two files'),
          junk(params, 'multipart/form-data; boundary=B', multipartBytes([...form(body), receipt, receipt], 'B'), 'multipart with the receipt twice'),
          junk(params, 'multipart/form-data; boundary=B', multipartBytes([...form(body), { name: 'receipt', text: 'not a file' }], 'B'), 'multipart with text where the file belongs'),
          junk(params, 'multipart/form-data; boundary=B', Buffer.from('--B\r\nContent-Disposition: form-data\r\n\r\nx\r\n--B--\r\n'), 'multipart part without a name'),
          junk(params, 'multipart/form-data; boundary=B', Buffer.from('\u0000\u0001junk'.repeat(50)), 'multipart junk bytes'),
          junk(params, 'application/json', Buffer.from(JSON.stringify(body)), 'JSON where multipart belongs'),
        );
      }),
    );
    if (fieldNames.length > 0) {
      mutations.push(
        fc.tuple(plausibleParams, plausibleBody, fc.constantFrom(...fieldNames), fc.oneof(badText, controlText, hugeNumericText, longText)).map(([params, body, name, bad]) => {
          const parts = [...form(body).filter((p) => p.name !== name), { name, text: bad }, receipt];
          // a lone surrogate arrives as its WTF-8 bytes, which the form decoder turns into U+FFFD; a NUL arrives as is
          const expect: FuzzRequest['expect'] = bad.includes('\0') ? { kind: 'badText', context: name } : { kind: 'any' };
          return { ...build(params, undefined, expect, `multipart ${name}=${JSON.stringify(bad).slice(0, 60)}`), body: { contentType: 'multipart/form-data; boundary=B', bytes: multipartBytes(parts, 'B') } };
        }),
        fc.tuple(plausibleParams, plausibleBody, fc.constantFrom(...fieldNames)).map(([params, body, name]) => {
          const parts = [...form(body).filter((p) => p.name !== name), { name, file: { filename: 'x.png', bytes: PNG, type: 'image/png' } }, receipt];
          return { ...build(params, undefined, { kind: 'refused' }, `multipart file where ${name} belongs`), body: { contentType: 'multipart/form-data; boundary=B', bytes: multipartBytes(parts, 'B') } };
        }),
      );
    }
  }
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    // a body no parser takes: malformed JSON, multipart on a JSON route, another content type
    mutations.push(
      fc.tuple(plausibleParams, fc.constantFrom('{', '{"a":', '[1,]', '\u0000', '{"a":1}}', 'nul', '"\\ud800', `${'['.repeat(5000)}`)).map(([params, text]) => ({
        ...build(params, undefined, { kind: 'refused' }, `malformed JSON ${JSON.stringify(text.slice(0, 20))}`),
        body: { contentType: 'application/json', bytes: Buffer.from(text) },
      })),
      // well-formed but hostile JSON: deep nesting, a __proto__ key (a lenient body may take it)
      fc.tuple(plausibleParams, fc.constantFrom(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}')).map(([params, text]) => ({
        ...build(params, undefined, { kind: 'any' }, `hostile JSON ${JSON.stringify(text.slice(0, 20))}`),
        body: { contentType: 'application/json', bytes: Buffer.from(text) },
      })),
    );
    if (op.body?.kind !== 'multipart') {
      mutations.push(
        fc.tuple(plausibleParams, fc.constantFrom('multipart/form-data; boundary=B', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml')).map(([params, type]) => ({
          // text/plain has a parser: a route without a body ignores it
          ...build(params, undefined, type === 'text/plain' && !op.body ? { kind: 'any' } : { kind: 'refused' }, `content type ${type}`),
          body: { contentType: type, bytes: Buffer.from(type.startsWith('multipart') ? '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--B--\r\n' : 'a=b') },
        })),
      );
    }
  }
  if (op.basic) {
    // a malformed basic-auth header: refused before any credential is checked (no throttle counts it)
    const header = fc.oneof(
      fc.tuple(fc.oneof(badText, controlText), fc.oneof(badText, fc.constant('pw'))).map(([u, p]) => `Basic ${wtf8(`${u}:${p}`).toString('base64')}`),
      fc.constantFrom('Basic', 'Basic !!!', `Basic ${Buffer.from('nocolon').toString('base64')}`, 'Bearer x', `Basic ${'A'.repeat(5000)}`),
    );
    mutations.push(fc.tuple(plausibleParams, plausibleBody, header).map(([params, body, basic]) => build(params, body, { kind: 'refused' }, `basic ${basic.slice(0, 60)}`, { basic })));
  }
  if (mutations.length === 0) {
    // nothing to spoil but the query string: extra, unknown parameters are ignored (a read)
    mutations.push(fc.tuple(plausibleParams, badText).map(([params, bad]) => ({ ...build(params, undefined, { kind: 'any' }, `extra query ${JSON.stringify(bad)}`), query: [['x', bad]] })));
  }
  return fc.oneof(...mutations);
}

function operationsOf(doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: Array<Record<string, unknown>> }>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']
        ? { kind: 'json' as const, schema: content['application/json'].schema }
        : content['multipart/form-data']
          ? { kind: 'multipart' as const, schema: content['multipart/form-data'].schema }
          : null;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body, basic: (op.security ?? []).some((s) => 'basic' in s) });
    }
  }
  return ops;
}

describe(`fuzz: every operation of the OpenAPI document with bad input on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt = '';
  let digestSql = '';

  const signIn = async () => {
    const who = ts.demo.superAdmin;
    const r = await api.login(who.username, who.password);
    expect(r.status, r.text).toBe(200);
    jwt = r.body.jwt;
  };

  const digestOf = async (): Promise<Record<string, string>> => {
    const rows = await ts.db.query<{ t: string; d: string }>(digestSql);
    return Object.fromEntries(rows.map((r) => [r.t, r.d]));
  };
  // Every change to a (logged) table writes WAL: while the insert position has not moved since the
  // last digest, the tables are as they were and the digest is the last one (every table here is
  // logged). It saves reading every table after each of thousands of refusals that touched nothing.
  const walPosition = async () => (await ts.db.query<{ at: string }>('SELECT pg_current_wal_insert_lsn()::text AS at'))[0]!.at;
  let digested: { at: string; tables: Record<string, string> } | null = null;
  const digest = async (): Promise<Record<string, string>> => {
    const at = await walPosition();
    if (digested?.at === at) return digested.tables;
    const tables = await digestOf();
    // kept under the position read before it: a change committed meanwhile moves the position past it
    digested = { at, tables };
    return tables;
  };

  beforeAll(async () => {
    // no job is started (no background change to orders); tokens outlive the run
    ts = await startTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3600' } });
    api = client(ts);
    await signIn();
    const tables = await ts.db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    expect(tables.length).toBeGreaterThan(20);
    digestSql = tables
      .filter((t) => DIGEST_EXCLUDED[t.tablename] !== 'table')
      .map((t) => {
        const without = DIGEST_EXCLUDED[t.tablename];
        const row = Array.isArray(without) ? `to_jsonb(r) - ARRAY[${without.map((c) => `'${c}'`).join(', ')}]::text[]` : 'to_jsonb(r)';
        return `SELECT '${t.tablename}' AS t, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS d FROM (SELECT ${row} AS x FROM ${t.tablename} r) s`;
      })
      .join('\nUNION ALL\n');
  });
  afterAll(() => ts?.close());

  it(
    `answers every bad request below 500 with {code, context}, and a refused one changes nothing (seed ${SEED})`,
    async () => {
      const doc = (await (await fetch(`${ts.url}/docs/json`)).json()) as Parameters<typeof operationsOf>[0];
      const ops = operationsOf(doc);
      expect(ops.length).toBeGreaterThan(80);
      const problems: string[] = [];
      let sent = 0;
      const started = Date.now();
      let before = await digest();
      for (const [index, op] of ops.entries()) {
        const fields = op.params.length + (op.body ? fieldPaths(op.body.schema).length : 0);
        const runs = Math.max(1, Math.round(SCALE * Math.min(240, 40 + 12 * fields)));
        const requests = fc.sample(requestsOf(op), { numRuns: runs, seed: SEED + index });
        let found = 0;
        for (const req of requests) {
          if (found >= 3) break;
          const url = `${ts.url}${req.path}${req.query.length ? `?${req.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : ''}`;
          const send = async (): Promise<{ status: number; text: string }> => {
            const headers: Record<string, string> = { authorization: req.basic ?? `Bearer ${jwt}` };
            if (req.body) headers['content-type'] = req.body.contentType;
            sent += 1;
            try {
              const r = await fetch(url, { method: req.method, headers, body: req.body ? new Uint8Array(req.body.bytes) : undefined });
              return { status: r.status, text: await r.text() };
            } catch (error) {
              return { status: 0, text: `no answer: ${String(error)}` };
            }
          };
          let { status, text } = await send();
          if (status === 401 && !req.basic) {
            // an earlier call ended our session (a logout that succeeded): sign in again and send this one again
            await signIn();
            before = await digest();
            ({ status, text } = await send());
          }
          const after = await digest();
          const label = `${req.method} ${op.path} [${req.what}] -> ${status} ${text.slice(0, 200)}`;
          const fail = (why: string) => {
            found += 1;
            problems.push(`${why}: ${label}`);
          };
          let body: unknown = undefined;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          if (status === 0 || status >= 500) fail('5xx or no answer');
          else if (status >= 400) {
            const b = body as { code?: unknown; context?: unknown } | undefined;
            if (!b || !Number.isInteger(b.code) || !(typeof b.context === 'string' || b.context === null)) fail('not the error contract');
            // 1001 without a field is the database's refusal caught by the error handler's safety net: a schema lets the value through
            else if (b.code === 1001 && b.context === null) fail('refused by the database, not by a schema');
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            if (changed.length > 0) fail(`a refused call changed ${changed.join(', ')}`);
          }
          if (req.expect.kind !== 'any' && status < 400 && status > 0) fail('an invalid request was accepted');
          if (req.expect.kind === 'badText' && status > 0 && status < 500) {
            const b = body as { code?: unknown; context?: unknown } | undefined;
            if (status !== 400 || b?.code !== 1001 || b?.context !== req.expect.context) fail(`bad text not refused as 400 1001 '${req.expect.context}'`);
          }
          if (status === 401) {
            // a call that succeeded ended our session (logout, force logout of ourselves): sign in again
            await signIn();
          }
          const locksUsOut = status > 0 && status < 400 && op.path.endsWith('/second_factor/roles');
          if (locksUsOut) {
            // an accepted requirement of the second factor would refuse our (unenrolled) superAdmin
            // every secure call from now on (1156): undo it as the route would, caches included
            await ts.db.query('DELETE FROM second_factor_roles');
            await announceAdminsChanged(ts.db, (await ts.db.query<{ id: number }>('SELECT id FROM admins')).map((r) => r.id));
          }
          before = status === 401 || locksUsOut ? await digest() : after;
        }
      }
      const seconds = (Date.now() - started) / 1000;
      console.info(`fuzz on ${driver}: ${sent} requests over ${ops.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`);
      expect(problems, `seed ${SEED}`).toEqual([]);
    },
    15 * 60_000,
  );
});
