/**
 * Whether the built console (WEB_DIST) is the build of the sources as they are now: a SHA-256 over
 * what the build reads (apps/web: src, index.html, public, vite.config.ts, package.json, scripts;
 * packages/domain; the root package-lock.json), paths and contents, tests left out. `npm run build`
 * writes it into WEB_DIST as `.build-stamp` when it succeeds (a dot file: never served), and
 * `npm start` builds only when the stamp is missing or differs.
 *
 *   node apps/web/scripts/build-stamp.ts write   # after a build
 *   node apps/web/scripts/build-stamp.ts check   # exit 0: up to date; 1: build needed
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const webRoot = resolve(import.meta.dirname, '..');
const repoRoot = resolve(webRoot, '..', '..');
const dist = resolve(process.env.WEB_DIST ?? join(webRoot, 'dist'));
export const STAMP_FILE = join(dist, '.build-stamp');

/** Folders and files the build does not read (outputs, tests, dependencies). */
const SKIP = new Set(['node_modules', 'dist', 'test', '__tests__', 'coverage', 'build-report.json', 'README.md']);

function walk(path: string, into: string[]): void {
  if (!existsSync(path)) return;
  if (resolve(path) === dist) return;
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) walk(child, into);
    else if (entry.isFile()) into.push(child);
  }
}

/** The hash of the console's build inputs as they are now. */
export function consoleSourceHash(): string {
  const files: string[] = [join(repoRoot, 'package-lock.json')];
  walk(webRoot, files);
  walk(join(repoRoot, 'packages', 'domain'), files);
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(repoRoot, f)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(repoRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when WEB_DIST holds a console built from the sources as they are now. */
export function consoleUpToDate(): boolean {
  if (!existsSync(join(dist, 'index.html')) || !existsSync(STAMP_FILE)) return false;
  return readFileSync(STAMP_FILE, 'utf8').trim() === consoleSourceHash();
}

if (import.meta.main) {
  const command = process.argv[2];
  if (command === 'write') {
    writeFileSync(STAMP_FILE, `${consoleSourceHash()}\n`);
  } else if (command === 'check') {
    const fresh = consoleUpToDate();
    if (!fresh) console.log(`the console in ${relative(process.cwd(), dist) || dist} is missing or older than its sources: building it`);
    process.exitCode = fresh ? 0 : 1;
  } else {
    console.error('usage: node apps/web/scripts/build-stamp.ts write|check');
    process.exitCode = 2;
  }
}
