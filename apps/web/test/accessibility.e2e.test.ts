import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { browserSuite, signIn, until, visible } from './support/harness.ts';
import { seriousAxeViolations, useColorScheme } from './support/axe.ts';
import { PUBLIC_SCREENS, screenIds, settled, signedInScreens, uncoveredRoutes } from './support/screens.ts';

/**
 * The accessibility bar (decisions 0731, 0714): an axe-core scan of every screen of the
 * console, in the light and in the dark theme (the system's setting, which the console follows),
 * finds no serious or critical violation (all rules in the light theme; in the dark theme, which
 * changes colours only, the colour rules). Each screen is scanned once it has loaded its data.
 */
const suite = browserSuite({ jobs: [] });

async function scanAll(page: Page, theme: 'light' | 'dark'): Promise<Record<string, string[]>> {
  await useColorScheme(page, theme);
  const found: Record<string, string[]> = {};
  const scan = async (name: string) => {
    await settled(page);
    await until(() => page.locator('html').getAttribute('class')).toBe(theme === 'dark' ? 'dark' : null);
    // the dark theme changes colours only: its scan runs the colour rules (the light scan runs them all)
    const violations = await seriousAxeViolations(page, theme === 'dark' ? 'colours' : 'all');
    if (violations.length > 0) found[name] = violations;
  };
  // every screen (support/screens.ts): the public pages first, then signed in
  const signedIn = signedInScreens(await screenIds(suite.ts));
  expect(uncoveredRoutes([...PUBLIC_SCREENS, ...signedIn]), 'routes no screen opens').toEqual([]);
  for (const { path } of PUBLIC_SCREENS) {
    await page.goto(`${suite.ts.url}${path}`);
    await scan(path);
  }
  await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
  for (const { path } of signedIn) {
    await page.goto(`${suite.ts.url}${path}`);
    await scan(path);
  }
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
  // the two themes in two workers at once (each with its own server): the longest file of the suite
  test.describe.configure({ mode: 'parallel' });
  for (const theme of ['light', 'dark'] as const) {
    test(`finds no serious or critical violation in the ${theme} theme`, async () => {
      test.setTimeout(360_000);
      const page = await suite.open();
      expect(await scanAll(page, theme)).toEqual({});
    });
  }
});
