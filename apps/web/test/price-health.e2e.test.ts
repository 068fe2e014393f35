import { expect, test } from '@playwright/test';
// the injected price feeds: two gold quotes the test sets, a primary and its cross-check (test harness only)
import { controlledSource } from '../../server/src/testing/controlled-source.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { nextBusinessMorning } from './support/flows.ts';

/**
 * Price-feed health (issue 18): the top bar turns to its error colour with the reason while the
 * two price sources disagree beyond the threshold, and back once they agree, in both languages.
 */
const primary = controlledSource();
const check = controlledSource();
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200', PRICE_DISAGREE_BPS: '50' },
  app: { priceSource: primary, priceCheckSource: check },
  jobs: ['priceFeed', 'marketStatus', 'socketSweep', 'socketPing'],
});

test.describe('price-feed health', () => {
  test('the top bar shows sources that disagree in its error colour with the reason, and returns when they agree, in English and Chinese', async () => {
    test.setTimeout(90_000);
    // trading hours of a business day: the market is open while the sources agree
    suite.ts.advanceClock((await nextBusinessMorning(suite.ts, 10)) - suite.ts.now().getTime());
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    const bar = page.getByTestId('market-status');
    const text = page.getByTestId('market-status-text');
    const colour = () => bar.evaluate((el) => getComputedStyle(el).color);
    await until(() => bar.getAttribute('data-state')).toBe('ok');
    await until(() => text.textContent()).toBe('open');
    const okColour = await colour();

    const disagree = async (reason: string, open: string) => {
      check.xau = { bid: '2020.00', ask: '2021.00' }; // 100 bps above the primary
      await until(() => text.textContent()).toBe(reason);
      expect(await bar.getAttribute('data-state')).toBe('error');
      expect(await colour()).not.toBe(okColour);
      check.xau = { ...primary.xau };
      await until(() => text.textContent()).toBe(open);
      expect(await bar.getAttribute('data-state')).toBe('ok');
      expect(await colour()).toBe(okColour);
    };
    await disagree('price sources disagree', 'open');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await visible(toast(page, '語言已切換為繁體中文。'));
    const openZh = await text.textContent();
    expect(openZh).not.toBe('open');
    await disagree('報價來源不一致', openZh!);

    // one audit row per change, however many ticks: two disagreements, two recoveries
    const rows = await suite.ts.db.query<{ state: string }>("SELECT detail->'after'->>'state' AS state FROM audit_log WHERE action = 'price.feedHealth' ORDER BY id");
    expect(rows.map((r) => r.state).filter((s) => s !== 'stale').slice(-4)).toEqual(['disagree', 'healthy', 'disagree', 'healthy']);
  });
});
