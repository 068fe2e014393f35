import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records (docs/decisions/) stay findable: each record has its title and its four
 * sections and is in the index; every "decision NNNN" named in the code or in README/ARCHITECTURE
 * exists; no source comment or test title names a tracker's issue number (the decision says why);
 * nothing points at the old single decisions file, which is gone.
 */
const root = join(import.meta.dirname, '..', '..');
const decisionsDir = join(root, 'docs', 'decisions');

const records = readdirSync(decisionsDir).filter((f) => /^\d{4}-[a-z0-9-]+\.md$/.test(f)).sort();
const numbers = new Set(records.map((f) => f.slice(0, 4)));

/** Directories never read: dependencies, build output, local data and caches. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.tmp', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);

/** Every file under `dir` (relative to the repository) whose name passes `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs)) {
      const path = join(abs, name);
      if (statSync(path).isDirectory()) {
        if (!SKIPPED_DIRS.has(name)) walk(path);
      } else if (keep(name)) {
        out.push(relative(root, path));
      }
    }
  };
  if (existsSync(join(root, dir))) walk(join(root, dir));
  return out;
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Source files: code, SQL and CSS under apps, packages, scripts and bench, and the root configs. */
const isSource = (name: string) => /\.(ts|tsx|js|mjs|cjs|sql|css)$/.test(name);
const sourceFiles = [
  ...['apps', 'packages', 'scripts', 'bench'].flatMap((dir) => filesUnder(dir, isSource)),
  ...['eslint.config.js', 'playwright.config.ts', 'vitest.config.ts'].filter((f) => existsSync(join(root, f))),
];

/** The numbers a text names as decisions: "decision 0530", "decisions 0432, 0433 and 0434", "docs/decisions/0030-0032". */
function decisionNumbers(text: string): string[] {
  const lists = /\b(?:decisions?|docs\/decisions\/)\s*(\d{4}(?:\s*(?:,|and|or|to|-)\s*\d{4})*)/gi;
  return [...text.matchAll(lists)].flatMap((m) => m[1]!.match(/\d{4}/g)!);
}

describe('docs/decisions', () => {
  it('holds records', () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it.each(records)('%s has a title line and the sections Context, Decision, Consequences, Status', (file) => {
    const text = read(join('docs', 'decisions', file));
    expect(text.split('\n')[0], 'the first line is the title').toMatch(/^# \S/);
    for (const section of ['Context', 'Decision', 'Consequences', 'Status']) {
      expect(text, `## ${section}`).toMatch(new RegExp(`^## ${section}$`, 'm'));
    }
    const status = text.split(/^## Status$/m)[1]!.trim();
    expect(status, 'Accepted, or Superseded by a record').toMatch(/^(Accepted\.|Superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))/);
    for (const m of status.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)) expect(records, 'the superseding record exists').toContain(m[1]);
  });

  it('lists every record in its index, and the index links only records that exist', () => {
    const index = read(join('docs', 'decisions', 'README.md'));
    for (const file of records) expect(index, file).toContain(`](${file})`);
    for (const m of index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)) expect(records, m[1]).toContain(m[1]);
  });
});

describe('references to decisions', () => {
  it('every decision named in the source files, README.md and ARCHITECTURE.md exists', () => {
    const missing: string[] = [];
    for (const file of [...sourceFiles, 'README.md', 'ARCHITECTURE.md']) {
      for (const n of decisionNumbers(read(file))) if (!numbers.has(n)) missing.push(`${file}: decision ${n}`);
    }
    expect(missing).toEqual([]);
  });

  it('finds the numbers it checks (the pattern itself works)', () => {
    expect(decisionNumbers('(decision 0530); decisions 0432, 0433 and 0434; docs/decisions/0030-0032')).toEqual(['0530', '0432', '0433', '0434', '0030', '0032']);
  });
});

describe('no issue numbers in the source', () => {
  // a tracker's issue number ages badly: the comment says why and names the decision instead
  const issueNumber = /\bissues? ?#?\d/i;

  it('no comment, test title or string under apps, packages, scripts or bench names one', () => {
    const found = sourceFiles.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (issueNumber.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('the old single decisions file', () => {
  // spelled in two pieces so that this file does not name it
  const oldFile = new RegExp('decisions' + '\\.md');

  it('is gone and nothing refers to it', () => {
    expect(existsSync(join(root, 'docs', 'decisions' + '.md'))).toBe(false);
    const textFile = (name: string) => /\.(ts|tsx|js|mjs|cjs|json|md|sql|css|html|ya?ml|cfg|ini|txt|sh)$/.test(name) || name === 'Dockerfile';
    const referring = filesUnder('.', textFile).filter((file) => oldFile.test(read(file)));
    expect(referring).toEqual([]);
  });
});
