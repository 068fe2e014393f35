import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageFor } from '@aurum/domain/errors/catalogue';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client, type Answer } from '../../testing/client.ts';
import { route } from '../route.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The statements the safety-net probe runs (in one transaction): each makes the database refuse a value. */
const REFUSED_BY_DATABASE = {
  numeric: ["SELECT '123456.789'::numeric(5, 2) AS v"],
  nul: ["SELECT convert_from('\\x6100'::bytea, 'UTF8') AS v"],
  date: ["SELECT 'not a date'::date AS v"],
  dateOverflow: ["SELECT '2026-13-45'::date AS v"],
  tooLong: ['CREATE TEMP TABLE edge_probe (v varchar(2)) ON COMMIT DROP', "INSERT INTO edge_probe VALUES ('abc')"],
} as const;

/** One raw HTTP exchange on a socket (what fetch would refuse to send): the status line and the body. */
function rawHttp(url: string, request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined); // the server closes after answering
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status === 0) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      else resolve({ status, headers: head, body });
    });
  });
}

type Part = { name: string; text?: string; file?: { filename: string; bytes: Buffer; type: string } };
function form(parts: Part[], boundary = 'EdgeBoundary'): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    out.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      out.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}\r\n\r\n`), p.file.bytes, Buffer.from('\r\n'));
    } else {
      out.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.text ?? ''}\r\n`));
    }
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}
const receipt = (name = 'receipt'): Part => ({ name, file: { filename: 'slip.png', bytes: PNG, type: 'image/png' } });

describe(`edges on ${driver}: the error contract for everything a client can send`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt = '';
  let userId = 0;

  beforeAll(async () => {
    ts = await startTestServer({
      env: { ACCESS_TOKEN_TTL_SECONDS: '3600' },
      app: {
        // the safety net behind the schemas: statements the database refuses, as if a value got through
        extraRoutes: (app, deps) =>
          route(app, deps, {
            method: 'GET',
            url: '/v0/test/refused_by_database',
            summary: 'test probe',
            tags: ['test'],
            auth: 'public',
            query: z.object({ kind: z.enum(Object.keys(REFUSED_BY_DATABASE) as [keyof typeof REFUSED_BY_DATABASE]) }),
            handler: ({ query }) =>
              deps.db.transaction(async (tx) => {
                for (const sql of REFUSED_BY_DATABASE[query.kind]) await tx.query(sql);
              }),
          }),
      },
    });
    api = client(ts);
    const r = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
    jwt = r.body.jwt;
    userId = (await ts.db.query<{ id: number }>('SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id LIMIT 1'))[0]!.id;
  });
  afterAll(() => ts?.close());

  const call = (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) =>
    api.call(method, path, { token: jwt, ...options });
  const post = async (path: string, contentType: string, body: Buffer): Promise<Answer> => {
    const r = await fetch(`${ts.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${jwt}`, 'content-type': contentType }, body: new Uint8Array(body) });
    const text = await r.text();
    return { status: r.status, body: JSON.parse(text) as Answer['body'], text };
  };
  const auditCount = async () => (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;

  describe('1. a refused field: context is its path, a rule\'s values go in detail', () => {
    it("the server's minimum order quantity: context quantity, the minimum in detail", async () => {
      const r = await call('POST', `${S}/order/create`, { body: { userId, action: 0, orderType: 'LIMIT', price: '100.000', symbol: 'XAU/MYR', currency: 'MYR', quantity: '0.5' } });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1001, context: 'quantity', detail: { rule: 'minimumQuantity', value: '1' } });
      expect(messageFor(r.body.code!, r.body.context)).toBe('Incorrect quantity format.');
    });

    it('names the field, so the console shows "Incorrect premium format."', async () => {
      const body = { allowedAction: 'all', allowedPair: 'XAU/MYR', interestRate: '0.01', premium: '100000000000', refineryFees: '0', tradeLimit: null, feeAdjustMode: 'none', tier: 'gold' };
      const r = await call('PUT', `${S}/user/${userId}/trade_config`, { body });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1001, context: 'premium' });
      expect(messageFor(r.body.code!, r.body.context)).toBe('Incorrect premium format.');
    });

    it('declares detail in the OpenAPI error body', async () => {
      const doc = (await (await fetch(`${ts.url}/docs/json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>> };
      const schema = doc.paths[`${S}/user/{userId}/trade_config`]!.put!.responses['400']!.content!['application/json']!.schema;
      expect(Object.keys(schema.properties)).toEqual(['code', 'context', 'detail']);
    });
  });

  describe('2. refusals before any route answer the contract', () => {
    it('a path parameter beyond the router limit: 414 with {code, context}', async () => {
      const r = await call('GET', `${S}/user/${'9'.repeat(5000)}`);
      expect(r.status).toBe(414);
      expect(r.body).toEqual({ code: 1000, context: 'Path parameter too long' });
    });

    it('a URL that does not decode: 400', async () => {
      const r = await call('GET', `${S}/adjust/%E0%A4%A`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1000, context: 'Malformed URL' });
    });

    it('header fields too large: 431 with the JSON body', async () => {
      const r = await rawHttp(ts.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      expect(r.status).toBe(431);
      expect(r.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(r.body)).toEqual({ code: 1000, context: 'Request header fields too large' });
    });

    it('a bad content-length, a malformed request line, a NUL in a header: 400 with the JSON body', async () => {
      for (const request of [
        'POST /v0/web/auth/admin/refresh HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
        'POST /v0/web/auth/admin/refresh HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
        'GARBAGE\r\n\r\n',
        'GET /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n',
      ]) {
        const r = await rawHttp(ts.url, Buffer.from(request, 'latin1'));
        expect(r.status, request).toBe(400);
        expect(JSON.parse(r.body), request).toEqual({ code: 1000, context: 'Malformed request' });
      }
    });
  });

  describe('2b. a JSON body nested deeper than any call needs', () => {
    it('is refused with 400 1000 on REST and GraphQL, never a stack overflow', async () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      const rest = await post(`${S}/order/total_owed`, 'application/json', Buffer.from(`{"orderId": ${deep}}`));
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual({ code: 1000, context: 'JSON body nested too deeply' });
      const graphql = await post(`${S}/graphql`, 'application/json', Buffer.from(`{"query": "query($s: [OrderStatus!]) { adminOrdersConnection(first: 1, status: $s) { edges { cursor } } }", "variables": {"s": ${deep}}}`));
      expect(graphql.status).toBe(400);
      expect(graphql.body).toMatchObject({ code: 1000, context: 'JSON body nested too deeply' });
    });
  });

  describe('3. NUL and lone surrogates in any text: 400 1001 naming the field, nothing written', () => {
    it('in a JSON body, nested', async () => {
      const audits = await auditCount();
      const address = { streetOne: 'Jalan 1', city: 'KL', state: 'WP', postalCode: '50000', country: 'MY' };
      for (const [body, context] of [
        [{ ...address, city: 'K\u0000L' }, 'city'],
        [{ ...address, streetTwo: 'x\uD800' }, 'streetTwo'],
        [{ ...address, extra: { deep: ['ok', '\uDC00'] } }, 'extra.deep.1'],
        [{ ...address, ['k\u0000']: 1 }, 'body'],
      ] as const) {
        const r = await call('PUT', `${S}/user/${userId}/address`, { body });
        expect(r.status, context).toBe(400);
        expect(r.body, context).toEqual({ code: 1001, context, detail: { rule: 'invalidText' } });
      }
      const notification = await call('POST', `${S}/notification/send`, { body: { subject: 'Hi', content: 'a\uDBFFb', recipients: 'all' } });
      expect(notification.body).toMatchObject({ code: 1001, context: 'content' });
      expect(await auditCount()).toBe(audits);
    });

    it('in a path parameter and a query string', async () => {
      expect((await call('GET', `${S}/adjust/xa%00u`)).body).toEqual({ code: 1001, context: 'metal', detail: { rule: 'invalidText' } });
      expect((await call('GET', `${S}/user/list?input=a%00b`)).body).toEqual({ code: 1001, context: 'input', detail: { rule: 'invalidText' } });
      // a lone surrogate cannot be percent-encoded as UTF-8: its bytes do not decode
      expect((await call('GET', `${S}/adjust/%ED%A0%80`)).status).toBe(400);
    });

    it('in a multipart field', async () => {
      const r = await post(`${S}/asset/deposit/create`, 'multipart/form-data; boundary=EdgeBoundary', form([
        { name: 'action', text: 'deposit' },
        { name: 'userId', text: String(userId) },
        { name: 'type', text: 'MYR' },
        { name: 'amount', text: '10.00' },
        { name: 'note', text: 'pay\u0000ment' },
        receipt(),
      ]));
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1001, context: 'note', detail: { rule: 'invalidText' } });
      expect((await ts.db.query('SELECT id FROM payment_requests WHERE note LIKE $1', ['pay%'])).length).toBe(0);
    });

    it('in a basic-auth credential: a malformed header', async () => {
      const r = await api.call('POST', '/v0/web/auth/admin/login', { basic: ['ad\u0000min', 'x'] });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1000, context: 'Basic authentication required' });
    });
  });

  describe('4. a number beyond its column: 400 1001 naming the field', () => {
    const tradeConfig = { allowedAction: 'all', allowedPair: 'XAU/MYR', interestRate: '0.01', premium: '1', refineryFees: '1', tradeLimit: null, feeAdjustMode: 'none', tier: 'gold' };
    it.each([
      ['refineryFees', '1000000000000'],
      ['tradeLimit', `1${'0'.repeat(20)}`],
      ['interestRate', '1.5'],
      ['premium', '1e12'],
    ])('trade config %s = %s', async (field, value) => {
      const r = await call('PUT', `${S}/user/${userId}/trade_config`, { body: { ...tradeConfig, [field]: value } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 1001, context: field });
    });

    it('order quantity, price and payment amount; ids in the path and in a body', async () => {
      const order = { userId, action: 0, orderType: 'LIMIT', price: '100.000', symbol: 'XAU/MYR', currency: 'MYR', quantity: '1' };
      for (const [body, context] of [
        [{ ...order, quantity: `1${'0'.repeat(20)}` }, 'quantity'],
        [{ ...order, price: '1000000000000000' }, 'price'],
        [{ ...order, userId: 1e20 }, 'userId'],
        [{ ...order, userId: 2 ** 53 }, 'userId'],
      ] as const) {
        const r = await call('POST', `${S}/order/create`, { body });
        expect(r.status, context).toBe(400);
        expect(r.body, context).toMatchObject({ code: 1001, context });
      }
      const payment = await call('POST', `${S}/order/payment/create`, { body: { userId, orderId: 1, amount: `${'9'.repeat(21)}`, paymentDate: '2026-01-05' } });
      expect(payment.body).toMatchObject({ code: 1001, context: 'amount' });
      expect((await call('GET', `${S}/user/9007199254740992`)).body).toMatchObject({ code: 1001, context: 'userId' });
      // an id beyond int4 that fits the int8 keys is simply not found
      expect((await call('DELETE', `${S}/user/3000000000`)).status).toBe(404);
    });

    it.each(Object.keys(REFUSED_BY_DATABASE))('the safety net: what the database refuses (%s) is 400 1001, not 500', async (kind) => {
      const r = await api.call('GET', `/v0/test/refused_by_database?kind=${kind}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 1001, context: null, detail: { rule: expect.any(String), sqlState: expect.stringMatching(/^22/) } });
    });
  });

  describe('5. malformed multipart: 400, limits per route', () => {
    const create = (body: Buffer, type = 'multipart/form-data; boundary=EdgeBoundary') => post(`${S}/asset/deposit/create`, type, body);
    const fields: Part[] = [
      { name: 'action', text: 'deposit' },
      { name: 'type', text: 'MYR' },
      { name: 'amount', text: '10.00' },
    ];

    it('a bad or missing boundary, a truncated body: 400 1000', async () => {
      const whole = form([...fields, { name: 'userId', text: '1' }, receipt()]);
      for (const [body, type] of [
        [whole, 'multipart/form-data'],
        [whole, 'multipart/form-data; boundary=Other'],
        [whole.subarray(0, whole.length - 30), 'multipart/form-data; boundary=EdgeBoundary'],
        [Buffer.from('junk'), 'multipart/form-data; boundary=EdgeBoundary'],
      ] as const) {
        const r = await create(body, type);
        expect(r.status, `${type} ${body.length}`).toBe(400);
        expect(r.body.code).toBeOneOf([1000, 1001]);
      }
    });

    it('more files than the route takes: 400 1000; a single-receipt approval takes one file and no field', async () => {
      const two = await create(form([...fields, { name: 'userId', text: '1' }, receipt(), receipt('receipt2')]));
      expect(two.status).toBe(400);
      expect(two.body).toEqual({ code: 1000, context: 'Too many files' });
      const approve = (parts: Part[]) => post(`${S}/asset/deposit/1/approve`, 'multipart/form-data; boundary=EdgeBoundary', form(parts));
      expect((await approve([receipt(), receipt()])).body).toEqual({ code: 1000, context: 'Too many files' });
      expect((await approve([{ name: 'note', text: 'x' }, receipt()])).body).toEqual({ code: 1000, context: 'Too many fields' });
    });

    it('text where the file belongs, a file where a text field belongs: 400 1001 naming the field', async () => {
      const text = await create(form([...fields, { name: 'userId', text: '1' }, { name: 'receipt', text: 'not a file' }]));
      expect(text.body).toMatchObject({ code: 1001, context: 'receipt' });
      const file = await create(form([...fields, { name: 'userId', file: { filename: 'id.png', bytes: PNG, type: 'image/png' } }, receipt()]));
      expect(file.status).toBe(400);
      expect(file.body.code).toBeOneOf([1000, 1001]);
    });

    it('a multipart body on a JSON route: 415', async () => {
      const r = await post(`${S}/notification/send`, 'multipart/form-data; boundary=EdgeBoundary', form([{ name: 'subject', text: 'x' }]));
      expect(r.status).toBe(415);
      expect(r.body).toEqual({ code: 1000, context: 'Unsupported content type' });
    });
  });
});
