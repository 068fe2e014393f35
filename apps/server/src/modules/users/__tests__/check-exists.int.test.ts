import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const UNDER_ROOT = '/v0/mobile/auth/user/check_exists';
const ALIAS = '/mobile/auth/user/check_exists';

describe(`check_exists under the API root on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterAll(() => ts?.close());

  it('answers {data: true|false} at /v0/mobile/auth/user/check_exists and at its alias outside /v0, without a token', async () => {
    for (const path of [UNDER_ROOT, ALIAS]) {
      const check = (body: unknown) => api.call<{ data: boolean }>('POST', path, { body });
      const taken = await check({ username: 'kumar' });
      expect(taken.status, path).toBe(200);
      expect(taken.body, path).toEqual({ data: true });
      expect((await check({ email: 'KUMAR@example.com' })).body, path).toEqual({ data: true });
      expect((await check({ username: 'nobodyatall' })).body, path).toEqual({ data: false });
      expect((await check({ email: 'nobody@example.com' })).body, path).toEqual({ data: false });
      // a malformed body is 400 with the field, as on every route
      const malformed = await check({ phone: { countryCode: 'x', number: '1' } });
      expect(malformed.status, path).toBe(400);
      expect(malformed.body, path).toMatchObject({ code: 1001, context: 'phone.countryCode' });
    }
  });

  it('treats both prefixes as API: an unknown path under either is a JSON 404, never the console page', async () => {
    for (const path of ['/v0/mobile/auth/user/nope', '/mobile/auth/user/nope']) {
      const r = await api.call('GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual({ code: 1003, context: `No route GET ${path}` });
    }
  });

  it('lists both paths in the OpenAPI document', async () => {
    const r = await api.call<{ paths: Record<string, unknown> }>('GET', '/docs/json');
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining([UNDER_ROOT, ALIAS]));
  });
});
