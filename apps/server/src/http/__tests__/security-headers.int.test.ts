import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { CSP_NONCE_PLACEHOLDER } from '../security-headers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const repo = join(import.meta.dirname, '..', '..', '..', '..', '..');

/** A console build as Vite writes it (html.cspNonce): the headers do not depend on the real build. */
async function fakeConsole(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'aurum-console-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
      `<script type="module" crossorigin src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
      `<link rel="stylesheet" href="/assets/app.css" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log("console");');
  await writeFile(join(dist, 'assets', 'app.css'), 'body { margin: 0 }');
  return dist;
}

/** The policy as directive name -> its sources. */
function policy(header: string | null | undefined): Record<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

type Headers = Record<string, string | string[] | number | undefined>;
const header = (h: Headers | globalThis.Headers, name: string) => (h instanceof globalThis.Headers ? h.get(name) : (h[name] as string | undefined)) ?? null;

/** What every answer must carry, whatever it answers. */
function expectSecurityHeaders(h: Headers | globalThis.Headers, host: string, label: string): Record<string, string[]> {
  const csp = policy(header(h, 'content-security-policy'));
  expect({ label, ...csp, 'style-src': csp['style-src']?.filter((s) => !s.startsWith("'nonce-") && !s.startsWith("'sha256-")) }).toEqual({
    label,
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", `ws://${host}`, `wss://${host}`],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  expect({
    label,
    nosniff: header(h, 'x-content-type-options'),
    referrer: header(h, 'referrer-policy'),
    frames: header(h, 'x-frame-options'),
    hsts: header(h, 'strict-transport-security'),
  }).toEqual({ label, nosniff: 'nosniff', referrer: 'no-referrer', frames: 'DENY', hsts: null });
  return csp;
}

describe(`security headers on ${driver}`, () => {
  let ts: TestServer;
  let dist: string;
  let host: string;

  beforeAll(async () => {
    dist = await fakeConsole();
    ts = await startTestServer({ env: { WEB_DIST: dist } });
    host = new URL(ts.url).host;
  });
  afterAll(async () => {
    await ts?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('are on every answer: API, errors (400, 401, 404), the console, its files and /docs; no HSTS by default', async () => {
    for (const [label, path, init, status] of [
      ['an API answer', '/infoz', {}, 200],
      ['a 400', '/v0/web/auth/admin/refresh', { method: 'POST', body: '{"id":', headers: { 'content-type': 'application/json' } }, 400],
      ['a 401', '/v0/web/secure/asset/list', {}, 401],
      ['a 404', '/v0/web/secure/no/such/call', {}, 404],
      ['the console', '/auth/login/', {}, 200],
      ['a console file', '/assets/app.js', {}, 200],
      ['a missing console file', '/assets/missing.js', {}, 404],
      ['/docs', '/docs', {}, 200],
      ['the OpenAPI document', '/docs/json', {}, 200],
    ] as const) {
      const r = await fetch(`${ts.url}${path}`, init);
      expect({ label, status: r.status }).toEqual({ label, status });
      expectSecurityHeaders(r.headers, host, label);
    }
  });

  it('give the console page a fresh nonce for its style elements, in the page and in its policy (also as /index.html)', async () => {
    const nonces: string[] = [];
    for (const path of ['/', '/auth/login/', '/asset/12', '/index.html']) {
      const r = await fetch(`${ts.url}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      const html = await r.text();
      const csp = expectSecurityHeaders(r.headers, host, path);
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(html.split(`nonce="${nonce}"`).length - 1).toBe(3);
      expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // the API's answers carry no nonce
    expect(policy((await fetch(`${ts.url}/infoz`)).headers.get('content-security-policy'))['style-src']).toEqual(["'self'"]);
  });

  it("let /docs (swagger-ui) draw its logo: that style element's hash, on /docs only", async () => {
    const r = await fetch(`${ts.url}/docs`);
    expect(await r.text()).toContain('swagger-ui');
    expect(policy(r.headers.get('content-security-policy'))['style-src']).toEqual(["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"]);
  });

  it('name the socket origin only from a plain Host header: nothing a client sends adds to the policy', async () => {
    for (const [sent, sources] of [
      ['aurum.example.com', ["'self'", 'ws://aurum.example.com', 'wss://aurum.example.com']],
      ['10.0.0.7:8080', ["'self'", 'ws://10.0.0.7:8080', 'wss://10.0.0.7:8080']],
      ['[::1]:3000', ["'self'", 'ws://[::1]:3000', 'wss://[::1]:3000']],
      ["evil.example;script-src 'unsafe-inline'", ["'self'"]],
      ['evil.example https://cdn.example', ["'self'"]],
    ] as const) {
      const r = await ts.app.inject({ method: 'GET', url: '/infoz', headers: { host: sent } });
      expect({ sent, status: r.statusCode, connect: policy(r.headers['content-security-policy'] as string)['connect-src'] }).toEqual({
        sent,
        status: 200,
        connect: sources,
      });
    }
  });

  it('match the console build: Vite writes the placeholder the server replaces, and the console hands the nonce on', async () => {
    const vite = await readFile(join(repo, 'apps', 'web', 'vite.config.ts'), 'utf8');
    expect(vite).toContain(`cspNonce: '${CSP_NONCE_PLACEHOLDER}'`);
    const setup = await readFile(join(repo, 'apps', 'web', 'src', 'csp-setup.ts'), 'utf8');
    expect(setup).toContain(`'${CSP_NONCE_PLACEHOLDER}'`);
    const index = await readFile(join(repo, 'apps', 'web', 'index.html'), 'utf8');
    expect(index.indexOf('/src/csp-setup.ts')).toBeGreaterThan(0);
    expect(index.indexOf('/src/csp-setup.ts')).toBeLessThan(index.indexOf('/src/main.tsx'));
  });
});

describe(`security headers behind TLS (HSTS=1) on ${driver}`, () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ env: { HSTS: '1' } });
  });
  afterAll(() => ts?.close());

  it('add Strict-Transport-Security and upgrade-insecure-requests, and name only wss: for the socket', async () => {
    for (const path of ['/infoz', '/v0/web/secure/no/such/call']) {
      const r = await fetch(`${ts.url}${path}`);
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const csp = policy(r.headers.get('content-security-policy'));
      expect(csp['upgrade-insecure-requests']).toEqual([]);
      expect(csp['connect-src']).toEqual(["'self'", `wss://${new URL(ts.url).host}`]);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('HSTS is a switch: 1 or 0', () => {
    expect(loadConfig({ HSTS: '1' }).hsts).toBe(true);
    expect(loadConfig({ HSTS: '0' }).hsts).toBe(false);
    expect(loadConfig({}).hsts).toBe(false);
    expect(() => loadConfig({ HSTS: 'yes' })).toThrow(ConfigError);
  });
});
