import fc from 'fast-check';
import { DEEP, DEEP_JSON, type FuzzRequest, type Operation, type Parameter, type Schema, asText, badPathValue, badText, badValue, controlText, fieldPaths, hasBadText, hasLoneSurrogate, hugeNumericText, longText, pct, plausible, removePath, setPath, wtf8 } from './fuzz-inputs.ts';

/** The fuzz test's requests: every operation of the OpenAPI document, and generated bad calls to it. */
// ---------- multipart ----------

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export type Part = { name: string; text?: string; file?: { filename: string; bytes: Buffer; type: string } };

export function multipartBytes(parts: Part[], boundary: string): Buffer {
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

/** The values of an operation's parameters: a list is sent as a repeated query parameter. */
export type ParamValues = Record<string, string | string[]>;

/** Builds one request of an operation from its parameters' values and its body (encoded as the operation takes it). */
/** The multipart body's file: the property the document says is binary (a receipt, an adjustment's evidence). */
export function fileFieldOf(op: Operation): string {
  const properties = (op.body?.schema as { properties?: Record<string, { format?: string }> } | undefined)?.properties ?? {};
  return Object.entries(properties).find(([, schema]) => schema.format === 'binary')?.[0] ?? 'receipt';
}

export function requestBuilder(op: Operation) {
  const fileField = fileFieldOf(op);
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  return (params: ParamValues, body: unknown, expect: FuzzRequest['expect'], what: string, extra: Partial<FuzzRequest> = {}): FuzzRequest => {
    let path = op.path;
    for (const p of pathParams) path = path.replace(`{${p.name}}`, pct(String(params[p.name] ?? '1')));
    const query: Array<[string, string]> = queryParams.flatMap((p) => {
      const v = params[p.name];
      return v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [p.name, x]);
    });
    let encoded: FuzzRequest['body'];
    if (op.body?.kind === 'json' && body !== undefined) {
      encoded = { contentType: 'application/json', bytes: Buffer.from(JSON.stringify(body).replace(JSON.stringify(DEEP), DEEP_JSON)) };
    }
    if (op.body?.kind === 'multipart' && body !== undefined) {
      const parts: Part[] = Object.entries(body as Record<string, unknown>).map(([name, v]) =>
        name === fileField ? { name, file: { filename: 'r.png', bytes: PNG, type: 'image/png' } } : { name, text: asText(v) },
      );
      encoded = { contentType: 'multipart/form-data; boundary=FuzzBoundary', bytes: multipartBytes(parts, 'FuzzBoundary') };
    }
    return { method: op.method, path, query, body: encoded, expect, what, ...extra };
  };
}

/** The plausible values of an operation's parameters and body: the rest of a request stays plausible, so the bad part reaches deep. */
export function plausibleParts(op: Operation) {
  const params = fc.record(Object.fromEntries(op.params.map((p) => [p.name, plausible(p.schema, p.name).map(asText)])) as Record<string, fc.Arbitrary<string>>);
  const body = op.body ? plausible(op.body.schema) : fc.constant(undefined);
  return { params, body };
}

export function requestsOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const { params: plausibleParams, body: plausibleBody } = plausibleParts(op);
  const bodySchema = op.body?.schema ?? null;
  const paths = bodySchema ? fieldPaths(bodySchema) : [];
  const requiredTop = bodySchema?.required ?? [];
  const build = requestBuilder(op);
  const fileField = fileFieldOf(op);

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
    const fieldNames = Object.keys(bodySchema.properties ?? {}).filter((n) => n !== fileField);
    const junk = (params: Record<string, string>, contentType: string, bytes: Buffer, what: string) =>
      ({ ...build(params, undefined, { kind: 'refused' }, what), body: { contentType, bytes } }) satisfies FuzzRequest;
    const form = (body: unknown) => Object.entries(body as Record<string, unknown>).filter(([n]) => n !== fileField).map(([name, v]) => ({ name, text: asText(v) }) as Part);
    const receipt: Part = { name: fileField, file: { filename: 'r.png', bytes: PNG, type: 'image/png' } };
    mutations.push(
      fc.tuple(plausibleParams, plausibleBody, fc.double({ min: 0, max: 0.999, noNaN: true })).chain(([params, body, at]) => {
        const whole = multipartBytes([...form(body), receipt], 'B');
        // cut before the closing boundary's '--': the form is truly incomplete
        const cut = Math.floor(at * (whole.length - 8));
        return fc.constantFrom<FuzzRequest>(
          junk(params, 'multipart/form-data', multipartBytes([...form(body), receipt], 'B'), 'multipart without boundary'),
          junk(params, 'multipart/form-data; boundary=Other', multipartBytes([...form(body), receipt], 'B'), 'multipart with another boundary'),
          junk(params, 'multipart/form-data; boundary=B', whole.subarray(0, cut), `multipart cut at ${cut} of ${whole.length} bytes`),
          junk(params, 'multipart/form-data; boundary=B', multipartBytes([...form(body), receipt, { ...receipt, name: `${fileField}2` }], 'B'), 'multipart with two files'),
          junk(params, 'multipart/form-data; boundary=B', multipartBytes([...form(body), receipt, receipt], 'B'), 'multipart with the receipt twice'),
          junk(params, 'multipart/form-data; boundary=B', multipartBytes([...form(body), { name: fileField, text: 'not a file' }], 'B'), 'multipart with text where the file belongs'),
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

export function operationsOf(doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: Array<Record<string, unknown>> }>> }): Operation[] {
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
