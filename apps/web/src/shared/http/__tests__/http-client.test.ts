import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE } from '@aurum/domain/errors/catalogue';
import { ApiError } from '../api-error.ts';
import { createHttpClient, type HttpClientDeps } from '../http-client.ts';

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A session whose access token a refresh replaces; fetch answers from a script per call. */
function setup(
  answers: Array<(call: Call) => Response | Promise<Response>>,
  options: { refresh?: () => Promise<boolean>; isBackground?: () => boolean } = {},
) {
  const calls: Call[] = [];
  let token: string | null = 'old-token';
  const refreshSession = vi.fn(
    options.refresh ??
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        token = 'new-token';
        return true;
      }),
  );
  const deps: HttpClientDeps = {
    fetch: async (url, init) => {
      const call = { url, init };
      calls.push(call);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call ${url}`);
      return answer(call);
    },
    getAccessToken: () => token,
    refreshSession,
    timeoutMs: 50,
    logError: () => undefined,
    ...(options.isBackground ? { isBackground: options.isBackground } : {}),
  };
  return { client: createHttpClient(deps), calls, refreshSession, setToken: (t: string | null) => (token = t) };
}

const authorizationOf = (call: Call | undefined) => new Headers(call?.init.headers).get('authorization');
const backgroundOf = (call: Call | undefined) => new Headers(call?.init.headers).get('x-aurum-background');

describe('http client', () => {
  it('sends credentials, the bearer token and a JSON body, and returns the parsed answer', async () => {
    const { client, calls } = setup([() => json(200, { id: 7 })]);
    const answer = await client.request('/v0/web/secure/thing', { method: 'POST', body: { a: 1 }, schema: z.object({ id: z.number() }) });
    expect(answer).toEqual({ id: 7 });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(authorizationOf(calls[0])).toBe('Bearer old-token');
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBe('application/json');
  });

  it('sends extra headers (Idempotency-Key), again on the retry after a refresh; its own headers win', async () => {
    const { client, calls } = setup([() => json(401, { code: 1152 }), () => json(200, { id: 1 })]);
    await client.request('/v0/web/secure/order/create', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1', authorization: 'Bearer forged' } });
    for (const call of calls) expect(new Headers(call.init.headers).get('idempotency-key')).toBe('k-1');
    expect(authorizationOf(calls[0])).toBe('Bearer old-token');
    expect(authorizationOf(calls[1])).toBe('Bearer new-token');
  });

  it('sends basic authentication as base64 of utf-8 username:password, and nothing for auth none', async () => {
    const { client, calls } = setup([() => json(200, {}), () => json(200, {})]);
    await client.request('/login', { method: 'POST', auth: { basic: { username: 'ann', password: 'pä:ss' } } });
    await client.request('/forgot', { method: 'POST', body: { email: 'a@b.c' }, auth: 'none' });
    expect(authorizationOf(calls[0])).toBe(`Basic ${Buffer.from('ann:pä:ss', 'utf8').toString('base64')}`);
    expect(calls[0]?.init.body).toBe('');
    expect(authorizationOf(calls[1])).toBeNull();
  });

  it('marks a call background (X-Aurum-Background: 1) when it says so, or when the client finds no recent input', async () => {
    let idle = false;
    const { client, calls } = setup(
      [() => json(200, {}), () => json(200, {}), () => json(200, {}), () => json(200, {}), () => json(200, {})],
      { isBackground: () => idle },
    );
    await client.request('/v0/web/secure/a');
    await client.request('/v0/web/auth/admin/refresh', { method: 'POST', body: { id: 1, token: 'rt' }, auth: 'none', background: true });
    idle = true;
    await client.request('/v0/web/secure/b');
    await client.request('/v0/web/secure/c', { background: false });
    await client.request('/v0/web/secure/d', { headers: { 'X-Aurum-Background': '1' }, background: false });
    expect(calls.map(backgroundOf)).toEqual([null, '1', '1', null, null]);
  });

  it('without isBackground only calls that say so are background; the retry after a refresh keeps the mark', async () => {
    const { client, calls } = setup([() => json(200, {}), () => json(401, { code: 1152 }), () => json(200, {})]);
    await client.request('/v0/web/secure/a');
    await client.request('/v0/web/secure/poll', { background: true });
    expect(calls.map(backgroundOf)).toEqual([null, '1', '1']);
    expect(calls.map(authorizationOf)).toEqual(['Bearer old-token', 'Bearer old-token', 'Bearer new-token']);
  });

  it('on 401 refreshes once and retries once with the new token', async () => {
    const { client, calls, refreshSession } = setup([() => json(401, { code: 1152, context: 'expired' }), () => json(200, { ok: true })]);
    await expect(client.request('/v0/web/secure/x')).resolves.toEqual({ ok: true });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(calls.map(authorizationOf)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('a second 401 after the retry is code 0 with the default message', async () => {
    const { client, refreshSession, calls } = setup([() => json(401, { code: 1152, context: 'x' }), () => json(401, { code: 1152, context: 'x' })]);
    const error = await client.request('/v0/web/secure/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('a refused refresh does not retry and is code 0', async () => {
    const { client, calls } = setup([() => json(401, { code: 1152, context: 'x' })], { refresh: async () => false });
    await expect(client.request('/v0/web/secure/x')).rejects.toMatchObject({ status: 401, code: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(calls).toHaveLength(1);
  });

  it('concurrent 401s share one refresh in flight', async () => {
    const { client, refreshSession } = setup([
      () => json(401, { code: 1152, context: null }),
      () => json(401, { code: 1152, context: null }),
      () => json(401, { code: 1152, context: null }),
      () => json(200, { n: 1 }),
      () => json(200, { n: 2 }),
      () => json(200, { n: 3 }),
    ]);
    const answers = await Promise.all([client.request('/a'), client.request('/b'), client.request('/c')]);
    expect(answers).toHaveLength(3);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    // a later refresh is a new one
    await client.refreshOnce();
    expect(refreshSession).toHaveBeenCalledTimes(2);
  });

  it('does not refresh for a 401 of a call that is not bearer-authenticated (login)', async () => {
    const { client, refreshSession } = setup([() => json(401, { code: 1151, context: null })]);
    await expect(
      client.request('/login', { method: 'POST', auth: { basic: { username: 'a', password: 'b' } } }),
    ).rejects.toMatchObject({ status: 401, code: 1151, message: 'Incorrect username or password.' });
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('retries without refreshing when the token changed while the call was on its way', async () => {
    const ctx = setup([
      () => {
        ctx.setToken('rotated-elsewhere');
        return json(401, { code: 1152, context: null });
      },
      () => json(200, {}),
    ]);
    await ctx.client.request('/x');
    expect(ctx.refreshSession).not.toHaveBeenCalled();
    expect(authorizationOf(ctx.calls[1])).toBe('Bearer rotated-elsewhere');
  });

  it('maps error bodies through the domain catalogue', async () => {
    const { client } = setup([
      () => json(400, { code: 1001, context: 'password' }),
      () => json(429, { code: 1153, context: 'Too many attempts, try again in 5 minutes.' }),
      () => json(500, { code: 1300, context: null }),
      () => json(502, 'not the contract'),
      () => new Response('<html>bad gateway</html>', { status: 502 }),
    ]);
    const messages = [];
    for (let i = 0; i < 5; i++) {
      const error = (await client.request('/x', { auth: 'none' }).catch((e: unknown) => e)) as ApiError;
      messages.push([error.status, error.code, error.message]);
    }
    expect(messages).toEqual([
      [400, 1001, 'Incorrect password format.'],
      [429, 1153, 'Too many attempts, try again in 5 minutes.'],
      [500, 1300, '[1300] Internal Server Error.'],
      [502, 0, DEFAULT_ERROR_MESSAGE],
      [502, 0, DEFAULT_ERROR_MESSAGE],
    ]);
  });

  it('times out after timeoutMs with code 0 and status 0', async () => {
    const { client } = setup([
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ]);
    const started = Date.now();
    await expect(client.request('/slow')).rejects.toMatchObject({ status: 0, code: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('uses a 5 s time-out by default', async () => {
    vi.useFakeTimers();
    try {
      const client = createHttpClient({
        fetch: (_url, init) =>
          new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
        getAccessToken: () => null,
        refreshSession: async () => false,
        logError: () => undefined,
      });
      const outcome = client.request('/slow', { auth: 'none' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4_999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ code: 0, status: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a FormData body as multipart (no JSON content type) with the bearer token, also on the retry', async () => {
    const { client, calls } = setup([() => json(401, { code: 1152, context: null }), () => json(200, { id: 3 })]);
    const form = new FormData();
    form.set('userId', '7');
    form.set('receipt', new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), 'r.png');
    await expect(client.request('/v0/web/secure/asset/deposit/create', { method: 'POST', body: form })).resolves.toEqual({ id: 3 });
    expect(calls.map((c) => c.init.body)).toEqual([form, form]);
    expect(new Headers(calls[0]?.init.headers).get('content-type')).toBeNull();
    expect(calls.map(authorizationOf)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it("answers a Blob for responseType 'blob', and still the catalogue error for a failure", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { client } = setup([() => new Response(png, { status: 200, headers: { 'content-type': 'image/png' } }), () => json(404, { code: 1003, context: 'receipt' })]);
    const blob = await client.request<Blob>('/v0/web/secure/asset/1/receipt/user', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    await expect(client.request('/v0/web/secure/asset/1/receipt/verified', { responseType: 'blob' })).rejects.toMatchObject({ status: 404, code: 1003 });
  });

  it('a network failure is code 0', async () => {
    const { client } = setup([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    await expect(client.request('/x', { auth: 'none' })).rejects.toMatchObject({ status: 0, code: 0 });
  });

  it('hands the headers of the successful answer to onHeaders (after a refresh: the retry\'s, not the 401\'s)', async () => {
    const seen: Array<string | null> = [];
    const { client } = setup([
      () => new Response('', { status: 401, headers: { 'x-next-cursor': 'from-401' } }),
      () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-next-cursor': 'c1' } }),
    ]);
    expect(await client.request('/v0/web/secure/list', { method: 'POST', body: {}, onHeaders: (h) => seen.push(h.get('x-next-cursor')) })).toEqual([]);
    expect(seen).toEqual(['c1']);
  });

  it('an answer that does not fit the schema is code 0; a lazy schema is applied too', async () => {
    const { client } = setup([() => json(200, { id: 'seven' }), () => json(200, { id: 7 }), () => json(200, { id: 'x' })]);
    const schema = z.object({ id: z.number() });
    await expect(client.request('/x', { auth: 'none', schema })).rejects.toMatchObject({ status: 200, code: 0 });
    await expect(client.request('/x', { auth: 'none', lazySchema: async () => schema })).resolves.toEqual({ id: 7 });
    await expect(client.request('/x', { auth: 'none', lazySchema: async () => schema })).rejects.toMatchObject({ code: 0 });
  });
});
