import { expect, test } from '@playwright/test';
import { browserSuite } from './support/harness.ts';
import { SWEEP_SERVER, sweepEveryScreen } from './support/screens-sweep.ts';

/**
 * Every screen of the console (support/screens.ts, each route of the route table; decision 0720) in
 * English, at 1280 and 390 px: no raw i18n key in the main content; at 390 px no page
 * scrolls sideways and every control can be reached (wide tables scroll inside their own frame).
 * Full-page screenshots go to .tmp/artifacts/screens/en-<width>-<screen>.png. (The other
 * language: screens-sweep-zh-hant.e2e.test.ts, one file each to keep each run short.)
 */
const suite = browserSuite(SWEEP_SERVER);

test.describe('every screen in English, at 1280 and 390 px', () => {
  test('shows no raw i18n key, no page scrolls sideways at 390 px, and every screen is photographed', async () => {
    // every screen of support/screens.ts at two widths, each photographed
    test.setTimeout(360_000);
    const page = await suite.open({ width: 1280, height: 800 });
    expect(await sweepEveryScreen(suite, page, 'en')).toEqual({});
  });
});
