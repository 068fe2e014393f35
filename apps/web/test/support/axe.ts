import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 A and AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The rules a change of colours alone can break (a second theme is scanned with these). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical axe-core violations of what the page shows now, one line each
 * (rule, impact, the first elements it found): an empty list passes the accessibility bar (decision 0731).
 */
export async function seriousAxeViolations(page: Page, rules: 'all' | 'colours' = 'all'): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe-core: named, it runs too
  const builder = new AxeBuilder({ page });
  // only the violations are read: axe then keeps no node details of what passed (less work per scan)
  const results = await (rules === 'colours'
    ? builder.options({ runOnly: { type: 'rule', values: COLOUR_RULES }, resultTypes: ['violations'] })
    : builder.options({ runOnly: { type: 'tag', values: TAGS }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
  ).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => {
      const nodes = [...new Set(v.nodes.map((n) => `${n.html.slice(0, 120)}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`))];
      return [`${v.id} (${v.impact}): ${v.nodes.length} element(s)`, ...nodes.slice(0, 12).map((n) => `  ${n}`)];
    });
}

/** Light or dark: the system's setting the page follows (the console's theme choice is 'system' by default). */
export async function useColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
}
