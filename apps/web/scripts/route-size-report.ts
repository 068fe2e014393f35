/**
 * After `vite build`: what JavaScript each route loads first, gzipped.
 *
 * For every route of src/app/route-table.ts: the entry chunk, the route's page chunk (and the
 * shell chunk for signed-in pages) and everything they import statically, transitively,
 * each chunk counted once; sizes gzipped with zlib. Translation files are fetched per language
 * and namespace by a dynamic import and are reported apart, except in the sign-in budget: prints
 * a table sorted by size, writes build-report.json, and fails when the sign-in route loads
 * SIGN_IN_BUDGET_BYTES or more with its translations in the initial language (what Chromium
 * fetches before the form takes input; bench/sign-in-page.ts measures that in the browser).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTES, SHELL_MODULE, namespacesOf } from '../src/app/route-table.ts';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACES } from '../src/shared/i18n/languages.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const SIGN_IN_ROUTE = '/auth/login';
export const SIGN_IN_BUDGET_BYTES = 150 * 1024;

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST ?? join(webRoot, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string): { raw: number; gzip: number } {
  let size = gzipCache.get(file);
  if (!size) {
    const bytes = readFileSync(join(dist, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, size);
  }
  return size;
}

/** The manifest keys of the chunks and their static imports, transitively. */
function closure(keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return seen;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
if (entryKeys.length !== 1) throw new Error(`expected one entry chunk, found ${entryKeys.length}`);

function pageKey(module: string): string {
  const key = `src/${module}`;
  if (!manifest[key]) throw new Error(`no chunk for ${key}: is the page lazy?`);
  return key;
}

interface RouteSize {
  route: string;
  page: string;
  chunks: number;
  rawBytes: number;
  gzipBytes: number;
}

const rows: RouteSize[] = ROUTES.map((route) => {
  const roots = [...entryKeys, pageKey(route.module), ...(route.layout === 'shell' ? [pageKey(SHELL_MODULE)] : [])];
  const files = [...closure(roots)].map((key) => manifest[key]?.file as string).filter((file) => file.endsWith('.js'));
  const unique = [...new Set(files)];
  return {
    route: route.path,
    page: route.module,
    chunks: unique.length,
    rawBytes: unique.reduce((sum, file) => sum + sizeOf(file).raw, 0),
    gzipBytes: unique.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
  };
}).sort((a, b) => b.gzipBytes - a.gzipBytes || a.route.localeCompare(b.route));

const locales = Object.entries(manifest)
  .filter(([key]) => /^src\/locales\/[^/]+\/[^/]+\.json$/.test(key))
  .map(([key, chunk]) => ({ locale: key.slice('src/locales/'.length, -'.json'.length), gzipBytes: sizeOf(chunk.file).gzip }))
  .sort((a, b) => a.locale.localeCompare(b.locale));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const widths = [Math.max(5, ...rows.map((r) => r.route.length)), 6, 10, 10];
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
console.log('\nFirst-load JavaScript per route (entry + route chunk + static imports, gzip):\n');
console.log(line(['route', 'chunks', 'raw', 'gzip']));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line([row.route, String(row.chunks), kb(row.rawBytes), kb(row.gzipBytes)]));

const signIn = rows.find((row) => row.route === SIGN_IN_ROUTE);
const signInRoute = ROUTES.find((route) => route.path === SIGN_IN_ROUTE);
if (!signIn || !signInRoute) throw new Error(`no route ${SIGN_IN_ROUTE}`);
// the budget counts what the browser fetches before the form takes input (bench/sign-in-page.ts
// measures it in Chromium): the route's modules and its translations in the initial language
const signInLocales = [...new Set([...DEFAULT_NAMESPACES, ...namespacesOf(signInRoute)])].map((ns) => {
  const chunk = manifest[`src/locales/${DEFAULT_LANGUAGE}/${ns}.json`];
  if (!chunk) throw new Error(`no translations chunk ${DEFAULT_LANGUAGE}/${ns}`);
  return sizeOf(chunk.file).gzip;
});
const signInBytes = signIn.gzipBytes + signInLocales.reduce((sum, n) => sum + n, 0);
const withinBudget = signInBytes < SIGN_IN_BUDGET_BYTES;

writeFileSync(
  join(webRoot, 'build-report.json'),
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      budget: { route: SIGN_IN_ROUTE, limitBytes: SIGN_IN_BUDGET_BYTES, gzipBytes: signInBytes, withinBudget },
      routes: rows,
      locales,
    },
    null,
    2,
  )}\n`,
);

console.log(
  `\nSign-in route ${SIGN_IN_ROUTE}: ${kb(signInBytes)} gzip with its translations (${kb(signIn.gzipBytes)} modules, ` +
    `${kb(signInBytes - signIn.gzipBytes)} translations; budget under ${kb(SIGN_IN_BUDGET_BYTES)}).`,
);
console.log('Report written to apps/web/build-report.json.');
if (!withinBudget) {
  console.error(`The sign-in route loads ${signInBytes} bytes of gzipped JavaScript, at or over the ${SIGN_IN_BUDGET_BYTES} byte budget.`);
  process.exit(1);
}
