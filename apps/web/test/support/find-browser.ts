import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Where the browser tests find a Chromium, first found wins:
 * 1. a path from the environment: AURUM_CHROMIUM (also PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, CHROME_PATH);
 * 2. Playwright's own installed browser (`npx playwright-core install chromium`);
 * 3. the system's chromium or chrome, first Debian's chromium-headless-shell (the old headless
 *    mode Playwright itself runs headless tests in: a sixth less CPU than the full browser, measured),
 *    then /usr/bin/chromium, then on PATH.
 * null when there is none: `npm test` then skips the browser suite with BROWSER_MISSING (and fails
 * where the run requires it: CI=true or AURUM_REQUIRE_BROWSER=1).
 */
export function findBrowser(
  env: NodeJS.ProcessEnv = process.env,
  /** Where to look besides the environment (tests replace them). */
  places: { playwright?: () => string; folders?: readonly string[]; apps?: readonly string[] } = {},
): { path: string; from: string } | null {
  for (const name of ['AURUM_CHROMIUM', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'CHROME_PATH']) {
    const path = env[name]?.trim();
    if (path && existsSync(path)) return { path, from: name };
  }
  try {
    const path = (places.playwright ?? (() => chromium.executablePath()))();
    if (path && existsSync(path)) return { path, from: "Playwright's installed browsers" };
  } catch {
    // no browser of Playwright's own for this platform
  }
  const names = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
  const folders = places.folders ?? ['/usr/bin', ...(env.PATH ?? '').split(delimiter).filter(Boolean)];
  for (const folder of folders) {
    for (const name of names) {
      const path = join(folder, name);
      if (existsSync(path)) return { path, from: 'the system' };
    }
  }
  for (const path of places.apps ?? ['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']) {
    if (existsSync(path)) return { path, from: 'the system' };
  }
  return null;
}

/** Whether this run must have the browser suite (CI, or asked for): a missing browser then fails. */
export function browserRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true' || env.CI === '1' || env.AURUM_REQUIRE_BROWSER === '1';
}

/** The notice when no browser is found: how to get one. */
export const BROWSER_MISSING = [
  'No Chromium found for the browser tests (looked at $AURUM_CHROMIUM, Playwright\'s installed browsers, /usr/bin/chromium and chromium/chrome on PATH).',
  'Install one of:',
  '  sudo apt-get install -y chromium          # Debian/Ubuntu (what CI uses)',
  '  npx playwright-core install chromium      # Playwright\'s own build, any OS',
  '  export AURUM_CHROMIUM=/path/to/chrome     # a Chromium or Chrome you already have',
].join('\n');
