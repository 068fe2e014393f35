import { expect, test } from '@playwright/test';
import { businessClock, businessDate } from '@aurum/domain/system/business-time';
// test harness only: money into a wallet the way the seed does it (a ledger posting)
import { postEntry } from '../../server/src/modules/ledger/ledger-service.ts';
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { SECURE, adminApi } from './support/api.ts';
import { browserSuite, docShot, signIn, until, useLanguage, visible } from './support/harness.ts';

/**
 * Every business date and time is an Asia/Kuala_Lumpur one, shown as one (decision 0708; the
 * zone named where a time shows), whatever zone the browser runs in. The same order is read in
 * New York (UTC-5/-4) and on Kiritimati (UTC+14) and must read as the server has it.
 */
const suite = browserSuite({
  env: { ORDER_ENGINE_INTERVAL_MS: '300', PRICE_TICK_MS: '200' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 11 }) },
});
const admin = adminApi(suite);
const api = admin.call;

const pad = (n: number) => String(n).padStart(2, '0');
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** How the console must show a moment: its Kuala Lumpur date and time, zone named. */
const klTime = (instant: string) => {
  const c = businessClock(new Date(instant));
  return `${dmy(c.date)} ${pad(Math.floor(c.minutes / 60))}:${pad(c.minutes % 60)} MYT`;
};

test.describe('business time in any browser zone', () => {
  test('an order\'s payment date agrees between the payments table and the timeline, and times are Kuala Lumpur times, in New York and on Kiritimati', async () => {
    await api('POST', 'mode/set_trading_period', { enabled: true });
    await until(() => suite.ts.app.market.orderPricing()?.status.myr.available ?? false).toBe(true);
    const kiln = Number((await suite.ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'kilnworks'"))[0]!.id);
    const { id } = await api<{ id: number }>('POST', 'order/create', { symbol: 'XAU/MYR', currency: 'MYR', goodTillDate: null, comment: 'zones', userId: kiln, action: 0, orderType: 'MARKET', quantity: '1' });
    await until(async () => (await api<{ status: string }>('GET', `order/${id}`)).status).toBe('FILLED');
    await api('POST', `order/settle/${id}/${kiln}`);
    await suite.ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId: kiln, createdBy: null, postings: [{ from: 'house:bank', to: `user:${kiln}:fund`, asset: 'MYR', amount: '100.00' }] }),
    );
    const today = businessDate(new Date(Date.now()));
    await fetch(`${suite.ts.url}${SECURE}/order/payment/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await admin.jwt()}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ orderId: id, userId: kiln, amount: '10.00', paymentDate: today, note: null }),
    }).then((r) => expect(r.status).toBe(200));
    const [placed] = await suite.ts.db.query<{ at: string }>("SELECT to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS at FROM order_timeline WHERE order_id = $1 AND action = 'ORDER'", [id]);

    for (const timezoneId of ['America/New_York', 'Pacific/Kiritimati']) {
      const page = await suite.open(undefined, { timezoneId });
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/order/${id}`);
      await visible(page.getByTestId('payments-table'));
      // the payment date: the same day in the table and in the timeline, the server's day
      await until(() => page.getByTestId('payments-table').locator('tbody tr td').nth(2).textContent()).toBe(dmy(today));
      const received = page.getByTestId('timeline-entry').and(page.locator('[data-action="RECEIVED"]'));
      await until(() => received.textContent()).toContain(`payment date ${dmy(today)}`);
      // a time is a Kuala Lumpur time with the zone named
      const ordered = page.getByTestId('timeline-entry').and(page.locator('[data-action="ORDER"]'));
      await until(() => ordered.textContent()).toContain(klTime(placed!.at));
    }
  });

  // a dealer records a hedge from a browser far from Kuala Lumpur: the time typed and the time shown
  // are both Kuala Lumpur times, named as such, in either language and on a phone
  for (const { language, width, timezoneId } of [
    { language: 'en', width: 1280, timezoneId: 'America/New_York' },
    { language: 'zh-Hant', width: 390, timezoneId: 'Pacific/Kiritimati' },
  ] as const) {
    test(`${language} at ${width} px in ${timezoneId}: a hedge's trade time is typed and shown in Kuala Lumpur time`, async () => {
      const page = await suite.open(undefined, { timezoneId });
      await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/treasury/?view=hedges');
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);
      await page.getByTestId('record-hedge').click();
      const dialog = page.getByTestId('record-hedge-dialog');
      const tradedAt = dialog.locator('input[type="datetime-local"]');
      await visible(tradedAt);
      // the field names its zone, and starts at Kuala Lumpur's clock now (not the browser's)
      expect(await dialog.getByText(/\(MYT\)/).count()).toBeGreaterThan(0);
      const startsAt = await tradedAt.inputValue();
      const now = Date.now();
      const kl = (at: number) => {
        const c = businessClock(new Date(at));
        return `${c.date}T${pad(Math.floor(c.minutes / 60))}:${pad(c.minutes % 60)}`;
      };
      expect([kl(now - 60_000), kl(now)]).toContain(startsAt);
      await docShot(dialog, `hedge-traded-at-${language}-${width}`);

      await dialog.locator('[name="provider"]').fill('Zone Desk');
      await dialog.locator('[name="quantity"]').fill('1');
      await dialog.locator('[name="price"]').fill('100');
      await tradedAt.fill('2026-11-01T09:30');
      await dialog.locator('button[type="submit"]').click();
      // its page shows the time typed, with its zone; the server holds the instant 01:30 UTC
      await until(() => page.getByTestId('hedge-traded-at').textContent()).toBe('01/11/2026 09:30 MYT');
      const clientRef = (await page.getByTestId('hedge-client-ref').textContent())!;
      const [held] = await suite.ts.db.query<{ at: string }>(
        "SELECT to_char(traded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI') AS at FROM hedges WHERE client_ref = $1",
        [clientRef],
      );
      expect(held!.at).toBe('2026-11-01T01:30');
    });
  }
});

