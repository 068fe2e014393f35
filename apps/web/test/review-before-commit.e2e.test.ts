import { expect, test } from '@playwright/test';
// a live price feed for the console: the server's simulated source (test harness only)
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { adminApi } from './support/api.ts';
import { nextBusinessMorning, reviewOf } from './support/flows.ts';
import { browserSuite, docShot, signIn, toast, until, useLanguage, visible } from './support/harness.ts';

/**
 * Nothing moves money on one click (decision 0751): an order placed from a user's page opens a
 * review of what will post (what the price is made of, the total, the customer's wallet after) and
 * is sent only on Confirm; an offline price far from the live mid is named and must be ticked; a
 * closed market disables the submit with the reason beside it; switching Online and Offline keeps
 * what was typed. In English at 1280 px and in Traditional Chinese at 390 px.
 */
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200' },
  // gold at 2650 USD/oz and 4.45 MYR per USD: a live mid of about 379 MYR per gram
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 5 }) },
});
const api = adminApi(suite);
const approver = adminApi(suite, (ts) => ts.demo.byRole.operationApprover!);

const TEXT = {
  en: {
    newOrder: 'New order', tradingAs: 'Trading as aminah', buy: 'Buy', quantity: 'Quantity (g)', place: 'Place order', title: 'Review the order',
    what: 'Buy · XAU/MYR · Market order', cancel: 'Cancel', confirm: 'Confirm and place', online: 'Online', offline: 'Offline',
    cost: 'Cost price', quote: 'Quote price', rate: 'Exchange rate (USD/MYR)', final: 'Final price', tick: 'I have checked these prices and they are right',
    breach: /^Cost price 0\.001 MYR\/g is 100\.00% from the live mid [\d,]+\.\d{3} MYR\/g\.$/, placed: 'Order placed', closed: /^Market closed: /,
    orderNote: (id: number) => `Order ${id}`,
  },
  'zh-Hant': {
    newOrder: '新增訂單', tradingAs: 'aminah', buy: '買入', quantity: '數量（克）', place: '下單', title: '確認訂單',
    what: '買入 · XAU/MYR · 市價單', cancel: '取消', confirm: '確認並下單', online: '線上', offline: '線下',
    cost: '成本價', quote: '報價', rate: '匯率（美元/令吉）', final: '最終價格', tick: '我已核對這些價格，確認無誤',
    breach: /^成本價 0\.001 MYR\/g 偏離即時中間價 [\d,]+\.\d{3} MYR\/g 100\.00%。$/, placed: '訂單已下', closed: /^休市：/,
    orderNote: (id: number) => `訂單 ${id}`,
  },
} as const;

const ordersOf = async (userId: number) => (await suite.ts.db.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1 ORDER BY id', [userId])).map((r) => Number(r.id));

test.beforeAll(async () => {
  // the market must be open: the server's clock at the next business morning, before anyone signs in
  suite.ts.advanceClock((await nextBusinessMorning(suite.ts, 10)) - suite.ts.now().getTime());
});

test.describe('the review before money moves', () => {
  for (const [language, width] of [['en', 1280], ['zh-Hant', 390]] as const) {
    test(`${language} at ${width} px: a market buy from the user page is reviewed and sent only on Confirm; an offline price far from the mid is ticked; a closed market says why`, async () => {
      test.setTimeout(90_000);
      const t = TEXT[language];
      const aminah = await api.userId('aminah');
      const page = await suite.open();
      await signIn(page, suite.ts.url, suite.ts.demo.superAdmin, `/account/user/${aminah}`);
      await page.setViewportSize({ width, height: 900 });
      await useLanguage(page, language);

      // the user page offers a new order for this user
      await page.getByTestId('user-new-order').click();
      const online = page.getByTestId('create-order-online');
      await visible(online.getByRole('heading', { name: new RegExp(t.tradingAs) }));
      await online.getByRole('button', { name: t.buy, exact: true }).click();
      await online.getByLabel(t.quantity).fill('2');
      const before = await ordersOf(aminah);
      await online.getByRole('button', { name: t.place }).click();
      const review = reviewOf(page);
      await visible(review.getByRole('heading', { name: t.title }));
      expect(await review.getByTestId('review-what').textContent()).toBe(t.what);
      // the price per gram x 2 g is the total; the fund goes down by it
      const num = (s: string | null | undefined) => Number((s ?? '').replace(/[^\d.]/g, ''));
      const perGram = num(await review.getByTestId('review-per-gram').textContent());
      const total = num(await review.getByTestId('review-total').textContent());
      // (the shown price is rounded to 0.001, the total half-up to 0.01)
      expect(Math.abs(total - perGram * 2)).toBeLessThanOrEqual(0.005 + 2 * 0.0005 + 1e-9);
      const [from, to] = (await review.getByTestId('review-fund').textContent())!.split('→').map(num);
      expect(from! - to!).toBeCloseTo(total, 2);
      await docShot(page, `review-order-${language}-${width}`);
      // the review fits the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await review.getByRole('button', { name: t.cancel }).click();
      expect(await ordersOf(aminah)).toEqual(before);

      // Offline and back: what was typed stays
      await page.getByRole('tab', { name: t.offline }).click();
      await page.getByRole('tab', { name: t.online }).click();
      expect(await online.getByLabel(t.quantity).inputValue()).toBe('2');

      // an offline buy with a cost of 0.001 typed where about 379 was meant
      await page.getByRole('tab', { name: t.offline }).click();
      const offline = page.getByTestId('create-order-offline');
      await offline.getByRole('button', { name: t.buy, exact: true }).click();
      await offline.getByLabel(t.quantity).fill('1');
      await offline.getByLabel(t.cost).fill('0.001');
      await offline.getByLabel(t.quote).fill('380');
      await offline.getByLabel(t.rate).fill('4.45');
      await offline.getByLabel(t.final).fill('382');
      await offline.getByRole('button', { name: t.place }).click();
      await visible(review.getByTestId('review-warnings').getByText(t.breach));
      const confirm = review.getByRole('button', { name: t.confirm });
      expect(await confirm.isDisabled()).toBe(true);
      await docShot(page, `review-offline-${language}-${width}`);
      await review.getByRole('checkbox', { name: t.tick }).check();
      expect(await ordersOf(aminah)).toEqual(before);
      await confirm.click();
      await visible(toast(page, t.placed));
      const placed = (await ordersOf(aminah)).filter((id) => !before.includes(id));
      expect(placed).toHaveLength(1);
      // the acknowledgement is on the order's audit row, with the price, the mid and how far
      const [row] = await suite.ts.db.query<{ band: { acknowledged: boolean; breaches: Array<{ field: string; entered: string }> } }>(
        "SELECT detail->'priceBand' AS band FROM audit_log WHERE action = 'order.customize' AND detail #>> '{object,id}' = $1",
        [String(placed[0])],
      );
      expect(row!.band).toMatchObject({ acknowledged: true, breaches: [{ field: 'costPrice', entered: '0.001' }] });
      // the order's ledger lines are noted in the console's language (a code and its number, not English text)
      await page.goto(`${suite.ts.url}/account/user/${aminah}`);
      await until(() => page.getByTestId('wallet-note').first().textContent()).toBe(t.orderNote(placed[0]!));

      // panic mode: the submit is off, and the screen says why
      await approver.call('POST', 'mode/set_panic', { enabled: true });
      try {
        await page.goto(`${suite.ts.url}/order/create?userId=${aminah}`);
        const blocked = page.getByTestId('create-order-online').getByTestId('create-order-blocked');
        await until(() => blocked.textContent()).toMatch(t.closed);
        expect(await page.getByTestId('create-order-online').getByRole('button', { name: t.place }).isDisabled()).toBe(true);
      } finally {
        await approver.call('POST', 'mode/set_panic', { enabled: false });
      }
    });
  }
});
