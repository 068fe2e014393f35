import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/** The console build's own step that writes the .br and .gz copies (run on a small fake build here). */
const PRECOMPRESS = join(import.meta.dirname, '..', '..', '..', 'web', 'scripts', 'precompress.ts');

const script = `export const lines = [${Array.from({ length: 200 }, (_, i) => `'line ${i} of the console'`).join(', ')}];\n`;

describe(`console files on ${driver}`, () => {
  let ts: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'aurum-console-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), script);
    await writeFile(join(dist, 'assets', 'tiny-4d5e6f.js'), 'export {};\n');
    execFileSync(process.execPath, [PRECOMPRESS], { env: { ...process.env, WEB_DIST: dist }, stdio: 'ignore' });
    ts = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ts?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies of the hashed assets (not of files too small to gain)', () => {
    expect(existsSync(join(dist, 'assets', 'app-1a2b3c.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app-1a2b3c.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'tiny-4d5e6f.js.br'))).toBe(false);
  });

  it('sends an asset in the encoding the browser accepts, the same file whatever the encoding, cached immutable', async () => {
    for (const [accept, encoding] of [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
    ] as const) {
      const r = await fetch(`${ts.url}/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': accept } });
      expect({ accept, status: r.status, encoding: r.headers.get('content-encoding') }).toEqual({ accept, status: 200, encoding });
      expect(r.headers.get('content-type')).toMatch(/javascript/);
      expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await r.text()).toBe(script); // fetch decodes br and gzip
    }
    const small = await fetch(`${ts.url}/assets/tiny-4d5e6f.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect({ status: small.status, encoding: small.headers.get('content-encoding'), body: await small.text() }).toEqual({ status: 200, encoding: null, body: 'export {};\n' });
  });

  it('the compressed copies are no addresses of their own', async () => {
    for (const copy of ['/assets/app-1a2b3c.js.br', '/assets/app-1a2b3c.js.gz']) {
      expect((await fetch(`${ts.url}${copy}`)).status).toBe(404);
    }
  });
});
