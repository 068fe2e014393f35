import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_MISSING, browserRequired, findBrowser } from '../../apps/web/test/support/find-browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'aurum-browser-'));
const fake = join(dir, 'chromium');
writeFileSync(fake, '');
const nowhere = { playwright: () => join(dir, 'missing'), folders: [join(dir, 'empty')], apps: [] };

describe('the browser lookup of the browser tests', () => {
  it('takes a path from the environment first, then Playwright\'s browser, then the system\'s', () => {
    expect(findBrowser({ AURUM_CHROMIUM: fake }, nowhere)).toEqual({ path: fake, from: 'AURUM_CHROMIUM' });
    expect(findBrowser({ AURUM_CHROMIUM: join(dir, 'gone') }, { ...nowhere, playwright: () => fake })).toEqual({ path: fake, from: "Playwright's installed browsers" });
    expect(findBrowser({}, { ...nowhere, folders: [dir] })).toEqual({ path: fake, from: 'the system' });
  });

  it("prefers the system's headless shell to its full browser", () => {
    const both = mkdtempSync(join(tmpdir(), 'aurum-browser-'));
    for (const name of ['chromium', 'chromium-headless-shell']) writeFileSync(join(both, name), '');
    expect(findBrowser({}, { ...nowhere, folders: [both] })).toEqual({ path: join(both, 'chromium-headless-shell'), from: 'the system' });
  });

  it('finds none on a fresh machine, and says how to install one; only CI requires it', () => {
    expect(findBrowser({}, nowhere)).toBeNull();
    expect(BROWSER_MISSING).toContain('apt-get install -y chromium');
    expect(BROWSER_MISSING).toContain('npx playwright-core install chromium');
    expect(browserRequired({ CI: 'true' })).toBe(true);
    expect(browserRequired({ AURUM_REQUIRE_BROWSER: '1' })).toBe(true);
    expect(browserRequired({})).toBe(false);
  });
});
