import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: Array<{ name: string }>;
}

/** The violations the cycle check of `npm run lint` reports for these folders (the real config, .dependency-cruiser.cjs). */
async function circlesIn(...folders: string[]): Promise<Violation[]> {
  const run = promisify(execFile);
  const args = [DEPCRUISE, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...folders];
  // it exits non-zero when it finds a violation: the JSON on stdout says which
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the cycle check of npm run lint (.dependency-cruiser.cjs)', () => {
  it('reports the circle of the fixture, though one side imports only a type', async () => {
    const found = await circlesIn('scripts/lint-fixtures');
    expect(found.map((v) => v.rule.name)).toEqual(['no-circular']);
    const fixture = 'scripts/lint-fixtures/apps/server/src/modules/circle';
    expect(new Set([found[0]!.from, ...found[0]!.cycle!.map((c) => c.name)])).toEqual(
      new Set([`${fixture}/circle-service.ts`, `${fixture}/circle-repository.ts`]),
    );
  }, 60_000);

  it('finds no circle in the server, the console and the domain', async () => {
    expect(await circlesIn('apps', 'packages')).toEqual([]);
  }, 120_000);
});
