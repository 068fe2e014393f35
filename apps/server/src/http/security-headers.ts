import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, onRequestHookHandler } from 'fastify';
import helmet, { contentSecurityPolicy as cspMiddleware, type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer (README "Security"; decision 0920),
 * worked out by helmet's middleware once per Host and set by securityHeadersHook, registered first
 * in app.ts.
 */
export interface SecurityHeaderOptions {
  /** Served only over HTTPS (config HSTS): Strict-Transport-Security and upgrade-insecure-requests. */
  hsts: boolean;
}

/**
 * What the console's build writes where the page's nonce goes (apps/web/vite.config.ts,
 * `html.cspNonce`): a `<meta property="csp-nonce">` and the nonce attributes of its tags. The
 * server puts a fresh nonce there for each answer of index.html.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** A Host header as a browser sends it: a name or IPv4 address, or [IPv6], with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * connect-src: the page's own origin and its socket (`ws(s)://{host}/v0/admin/subscribe/...`).
 * CSP Level 3 browsers let 'self' match ws:/wss: of the same host; older ones need the socket's
 * origin spelled out, made from the Host header (only when it is a plain host, so nothing a client
 * sends can add to the policy). Over HTTPS only wss: is named.
 */
function connectSources(req: IncomingMessage, options: SecurityHeaderOptions): string {
  const host = req.headers.host;
  if (!host || !HOST.test(host)) return "'self'";
  return options.hsts ? `'self' wss://${host}` : `'self' ws://${host} wss://${host}`;
}

type Directives = NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>['directives']>;

/**
 * The Content-Security-Policy: the console's own scripts only (no inline script, no eval), its own
 * style sheets, plus, on index.html only, `<style>` elements carrying that page's nonce (the scroll
 * lock Radix dialogs and menus insert); images from itself, blob: (receipts are shown as object URLs)
 * and data: (the icon); no frames of it anywhere, no plugins, no <base>, forms only to itself.
 * Inline style *attributes* are not allowed: React sets styles through the CSSOM, which CSP does
 * not restrict.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions, styleNonce?: string): { useDefaults: false; directives: Directives } {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
      'img-src': ["'self'", 'blob:', 'data:'],
      'font-src': ["'self'"],
      'connect-src': [(req: IncomingMessage) => connectSources(req, options)],
      'object-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(options.hsts ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/**
 * helmet's options: the policy above; `X-Frame-Options: DENY` (frame-ancestors for old
 * browsers); `Referrer-Policy: no-referrer` (console paths name users and requests); nosniff;
 * HSTS for a year only when the server is reached over HTTPS alone; helmet's other defaults
 * (Cross-Origin-Opener-Policy and -Resource-Policy same-origin, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control off, X-Permitted-Cross-Domain-Policies none, X-XSS-Protection 0).
 */
export function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(options),
    strictTransportSecurity: options.hsts ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  };
}

/** What helmet's middleware does to a response, as Fastify reply headers: lower-case names, in order. */
interface HeaderSet {
  set: Readonly<Record<string, string>>;
  removed: readonly string[];
}

/** Hosts whose headers are remembered (the policy names the Host); beyond, they are worked out per answer. */
const REMEMBERED_HOSTS = 64;

/** Runs a helmet middleware against a recorder: the headers it would set and remove on `req`'s answer. */
function recordHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void, req: IncomingMessage): HeaderSet {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      set[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete set[name.toLowerCase()];
      removed.push(name.toLowerCase());
    },
  };
  middleware(req, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}

/**
 * The onRequest hook that sets the headers of helmetOptions on every answer. helmet's middleware
 * writes the policy out again for each request and sets each header on the raw response, where
 * Node checks it, and Fastify's headers are merged into it once more when the answer is written
 * (together about a tenth of a cached secure call's CPU: bench/secure-calls.ts, decision 0924).
 * Here the middleware runs once per Host (the
 * only input of the policy: connect-src) against a recorder, and each answer gets the recorded
 * headers as Fastify reply headers, checked once when written. A route may still replace one
 * (index.html's policy with its nonce, /docs's, an uploaded file's sandbox).
 */
export function securityHeadersHook(options: SecurityHeaderOptions): onRequestHookHandler {
  const apply = helmet(helmetOptions(options));
  const byHost = new Map<string, HeaderSet>();
  const headersFor = (req: IncomingMessage): HeaderSet => {
    const host = req.headers.host ?? '';
    const held = byHost.get(host);
    if (held) return held;
    const recorded = recordHeaders(apply, req);
    if (byHost.size < REMEMBERED_HOSTS) byHost.set(host, recorded);
    return recorded;
  };
  return (req, reply, done) => {
    const { set, removed } = headersFor(req.raw);
    reply.headers(set);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  };
}

/**
 * swagger-ui (/docs) runs under the same policy with one addition: its logo is an SVG holding a
 * `<style>` element of fixed text, allowed by that text's hash (on /docs only). Should a
 * swagger-ui release change the text, the browser test of /docs fails on the violation.
 */
const SWAGGER_UI_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const SWAGGER_UI_STYLE_HASH = `'sha256-${createHash('sha256').update(SWAGGER_UI_LOGO_STYLE).digest('base64')}'`;

/** @fastify/swagger-ui's `transformStaticCSP`: the policy of /docs answers. */
export function docsContentSecurityPolicy(header: string): string {
  return header.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 ${SWAGGER_UI_STYLE_HASH}`);
}

/**
 * Answers the console's index.html with a nonce of its own: the placeholder replaced in the page and
 * the same nonce in the policy's style-src. Read on each call (it is small and never cached).
 */
export async function sendConsoleIndex(reply: FastifyReply, indexFile: string, options: SecurityHeaderOptions): Promise<FastifyReply> {
  const nonce = randomBytes(18).toString('base64');
  const html = (await readFile(indexFile, 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
  const policy = recordHeaders(cspMiddleware(contentSecurityPolicy(options, nonce)), reply.request.raw).set['content-security-policy'];
  if (policy) reply.header('content-security-policy', policy);
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
