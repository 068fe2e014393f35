import type { TestServer } from './test-server.ts';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  /** The answer, or on failure the error contract `{ code, context }`. */
  body: T & { code?: number; context?: string | null };
  text: string;
}

/** A small HTTP client for integration tests: the real server over real HTTP. */
export function client(ts: Pick<TestServer, 'url'>) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string>; token?: string; basic?: [string, string] } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.basic) headers.authorization = `Basic ${Buffer.from(`${options.basic[0]}:${options.basic[1]}`).toString('base64')}`;
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const r = await fetch(`${ts.url}${path}`, { method, headers, body });
    const text = await r.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: r.status, body: parsed as Answer<T>['body'], text };
  }
  const auth = '/v0/web/auth/admin';
  return {
    call,
    login: (username: string, password: string) =>
      call<{ jwt: string; refreshToken: string; user: { id: number; username: string; role: string } }>('POST', `${auth}/login`, {
        basic: [username, password],
      }),
    refresh: (id: number, token: string) =>
      call<{ jwt: string; refreshToken: string; user: { id: number } }>('POST', `${auth}/refresh`, { body: { id, token } }),
    logout: (token: string) => call('POST', `${auth}/logout`, { token }),
    forgot: (email: string) => call('POST', `${auth}/forgot_password`, { body: { email } }),
    reset: (token: string, password: string) =>
      call('POST', `${auth}/reset_password`, { body: { token }, basic: ['', password] }),
  };
}

/**
 * A test's access token per demo role (`ts.demo.byRole`): signed in on first use, again after 40 s
 * (tokens outlive no moved server clock). `server` is read at call time (the server starts in beforeAll).
 */
export function roleTokens(server: () => Pick<TestServer, 'url' | 'demo'>): (role: string) => Promise<string> {
  const tokens: Record<string, { jwt: string; at: number }> = {};
  return async (role) => {
    const cached = tokens[role];
    if (cached && Date.now() - cached.at < 40_000) return cached.jwt;
    const ts = server();
    const who = ts.demo.byRole[role];
    if (!who) throw new Error(`no demo admin with the role ${role}`);
    const r = await client(ts).login(who.username, who.password);
    if (r.status !== 200) throw new Error(`sign-in of ${role}: ${r.status} ${r.text}`);
    tokens[role] = { jwt: r.body.jwt, at: Date.now() };
    return r.body.jwt;
  };
}

/**
 * The token of another admin of a role, made once by the demo superAdmin through the API: maker and
 * checker of a kind only one demo admin has (two superAdmins for a reopening, decision 1041).
 */
export function otherAdminToken(server: () => Pick<TestServer, 'url' | 'demo'>, role: string, username: string): () => Promise<string> {
  const password = 'Second#Checker9';
  let made: Promise<void> | null = null;
  let cached: { jwt: string; at: number } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < 40_000) return cached.jwt;
    const ts = server();
    const api = client(ts);
    made ??= (async () => {
      const root = await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
      const r = await api.call('POST', '/v0/web/secure/admin/create', {
        token: root.body.jwt,
        body: { username, email: `${username}@example.com`, firstName: 'Second', lastName: 'Checker', role, password },
      });
      if (r.status !== 200) throw new Error(`creating ${username}: ${r.status} ${r.text}`);
    })();
    await made;
    const r = await api.login(username, password);
    if (r.status !== 200) throw new Error(`sign-in of ${username}: ${r.status} ${r.text}`);
    cached = { jwt: r.body.jwt, at: Date.now() };
    return r.body.jwt;
  };
}
