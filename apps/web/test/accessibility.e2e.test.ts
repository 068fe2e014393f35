import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { browserSuite, signIn, until, visible } from './support/harness.ts';
import { seriousAxeViolations, useColorScheme } from './support/axe.ts';
import { PUBLIC_SCREENS, screenIds, settled, signedInScreens, uncoveredRoutes } from './support/screens.ts';

/**
 * The accessibility bar (decisions 0731, 0714): an axe-core scan of every screen of the
 * console, in the light and in the dark theme (the system's setting, which the console follows),
 * finds no serious or critical violation (all rules in the light theme; in the dark theme, which
 * changes colours only, the colour rules). Each screen is scanned once it has loaded its data, in
 * one theme and then the other without loading it again.
 */
const suite = browserSuite({ jobs: [] });

const THEMES = ['light', 'dark'] as const;

/**
 * Scans what the page shows in each theme: all rules in the light theme; in the dark theme, which
 * changes colours only, the colour rules. The theme is switched in place (the console follows the
 * system's setting), so each screen is loaded once for both.
 */
async function scanThemes(page: Page, name: string, found: Record<string, string[]>): Promise<void> {
  await settled(page);
  for (const theme of THEMES) {
    await useColorScheme(page, theme);
    await until(() => page.locator('html').evaluate((html) => html.classList.contains('dark'))).toBe(theme === 'dark');
    await colourTransitionsEnded(page);
    const violations = await seriousAxeViolations(page, theme === 'dark' ? 'colours' : 'all');
    if (violations.length > 0) found[`${name} (${theme})`] = violations;
  }
}

/**
 * Waits until the colours the theme change set off have ended: buttons and links ease their colours
 * over 150 ms (`transition-colors`), and axe reads what is painted now, a mix of both themes until
 * then. Animations that repeat for ever (a spinner) are not waited for.
 */
async function colourTransitionsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // the transitions start with the next style update
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Scans one half of the screens (support/screens.ts): the first half the public pages and the first
 * signed-in screens, the second the other signed-in screens and the shell's own dialogs. The halves
 * run in two workers at once, each with its own server.
 */
async function scanHalf(page: Page, half: 0 | 1): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const scan = (name: string) => scanThemes(page, name, found);
  const signedIn = signedInScreens(await screenIds(suite.ts));
  const middle = Math.ceil(signedIn.length / 2);
  if (half === 0) {
    expect(uncoveredRoutes([...PUBLIC_SCREENS, ...signedIn]), 'routes no screen opens').toEqual([]);
    for (const { path } of PUBLIC_SCREENS) {
      await page.goto(`${suite.ts.url}${path}`);
      await scan(path);
    }
  }
  await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
  for (const { path } of half === 0 ? signedIn.slice(0, middle) : signedIn.slice(middle)) {
    await page.goto(`${suite.ts.url}${path}`);
    await scan(path);
  }
  if (half === 0) return found;
  // the shell's own dialogs: the command palette and the shortcut list
  await page.goto(`${suite.ts.url}/asset/?action=deposit`);
  await settled(page);
  await page.keyboard.press('Control+k');
  await visible(page.getByRole('dialog', { name: 'Command palette' }));
  await page.keyboard.type('kumar');
  await visible(page.getByRole('option', { name: /kumar/ }).first());
  await scan('command palette');
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await visible(page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
  await scan('shortcut list');
  await page.keyboard.press('Escape');
  await page.getByTestId('save-view').click();
  await visible(page.getByRole('dialog', { name: 'Save view' }));
  await scan('save view dialog');
  return found;
}

test.describe('accessibility: axe-core scan of every screen', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const half of [0, 1] as const) {
    test(`finds no serious or critical violation in the light theme, nor in the dark one (screens, half ${half + 1} of 2)`, async () => {
      test.setTimeout(480_000);
      const page = await suite.open();
      expect(await scanHalf(page, half)).toEqual({});
    });
  }
});
