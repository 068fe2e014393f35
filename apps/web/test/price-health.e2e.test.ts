import { expect, test } from '@playwright/test';
// the injected price feeds: two gold quotes the test sets, a primary and its cross-check (test harness only)
import { controlledSource } from '../../server/src/testing/controlled-source.ts';
import { browserSuite, signIn, toast, until, visible } from './support/harness.ts';
import { adminApi } from './support/api.ts';
import { confirmReview, nextBusinessMorning, reviewOf } from './support/flows.ts';

/**
 * Price-feed health (decisions 0862, 0864): the top bar turns to its error colour with the reason while the
 * two price sources disagree beyond the threshold, and back once they agree, in both languages.
 */
const primary = controlledSource();
const check = controlledSource();
const suite = browserSuite({
  // a clock jump of a quote's life (10 s) must not read as a stale feed
  env: { PRICE_TICK_MS: '200', PRICE_DISAGREE_BPS: '50', PRICE_STALE_SECONDS: '30', PRICE_QUOTE_SECONDS: '10' },
  app: { priceSource: primary, priceCheckSource: check },
  jobs: ['priceFeed', 'marketStatus', 'socketSweep', 'socketPing'],
});

test.beforeAll(async () => {
  // trading hours of a business day: the market is open while the sources agree
  suite.ts.advanceClock((await nextBusinessMorning(suite.ts, 10)) - suite.ts.now().getTime());
});

test.describe('price-feed health', () => {
  test('the top bar shows sources that disagree in its error colour with the reason, and returns when they agree, in English and Chinese', async () => {
    test.setTimeout(90_000);
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

  test('Create Order sends the quote its preview showed; an expired quote is refused, the review shows the new figures, and the order goes through on confirming them', async () => {
    test.setTimeout(60_000);
    const aminah = await adminApi(suite).userId('aminah');
    const page = await suite.open({ width: 1400, height: 900 });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    // the quote of this moment, expired once the server's clock has moved past its life
    const old = suite.ts.app.market.currentPrice()?.quoteId;
    expect(old).toEqual(expect.any(String));
    suite.ts.advanceClock(11_000);
    const sent: unknown[] = [];
    await page.route('**/v0/web/secure/order/create', async (route) => {
      const body = route.request().postDataJSON() as { quoteId?: unknown };
      sent.push(body.quoteId);
      // the first submission goes with the expired quote, as a console left open too long would send it
      if (sent.length === 1) await route.continue({ postData: JSON.stringify({ ...body, quoteId: old }) });
      else await route.continue();
    });
    await page.goto(`${suite.ts.url}/order/?orderMode=tr`);
    await page.getByTestId('create-order').click();
    const form = page.getByTestId('create-order-online');
    await page.getByRole('combobox', { name: 'User' }).click();
    await page.getByLabel('Search options').fill('aminah');
    await page.getByRole('option', { name: /^aminah / }).click();
    await form.getByRole('button', { name: 'Buy', exact: true }).click();
    await form.getByLabel('Quantity (g)').fill('1.25');
    const before = Number((await suite.ts.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [aminah]))[0]!.n);

    await form.getByRole('button', { name: 'Place order' }).click();
    await confirmReview(page);
    // 2091: the review stays open and says the price moved, with the figures of the new price
    await visible(reviewOf(page).getByText('The price moved: these are the new figures.'));
    expect(sent[0]).toEqual(expect.any(String)); // the console sent the quote its review showed
    expect(Number((await suite.ts.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [aminah]))[0]!.n)).toBe(before);

    await confirmReview(page);
    await visible(toast(page, 'Order placed'));
    expect(sent[1]).toEqual(expect.any(String));
    await until(async () => Number((await suite.ts.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [aminah]))[0]!.n)).toBe(before + 1);
  });
});
