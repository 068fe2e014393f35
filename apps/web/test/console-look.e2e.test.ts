import { expect, test } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
// a live price feed for the console: the server's simulated source (test harness only)
import { simulatedSource } from '../../server/src/modules/market/price-sources.ts';
import { browserSuite, signIn, until, visible } from './support/harness.ts';
import { openUser } from './support/people.ts';

/** Disabled looks disabled, modals are 32rem (wide tables open in a drawer), 390 px works (decisions 0703, 0709, 0710, 0717, 0722). */
const suite = browserSuite({
  env: { PRICE_TICK_MS: '200' },
  app: { priceSource: simulatedSource({ xau: '2650', xpt: '950', xag: '31', usdMyr: '4.45', volatility: 0.00002, seed: 11 }) },
});

/** What a user sees of a button: cursor, opacity and colours (computed). */
const lookOf = (button: Locator) =>
  button.evaluate((el) => {
    const s = getComputedStyle(el);
    return { cursor: s.cursor, opacity: Number(s.opacity), color: s.color, background: s.backgroundColor };
  });

async function expectDisabledLook(button: Locator) {
  await until(() => button.isDisabled()).toBe(true);
  const look = await lookOf(button);
  expect(look.cursor, 'cursor of a disabled button').toBe('not-allowed');
  expect(look.opacity, 'opacity of a disabled button (reduced contrast)').toBeLessThanOrEqual(0.6);
}

const widthOf = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;

test.describe('console look', () => {
  test('disabled buttons look disabled (computed cursor not-allowed and reduced opacity): role-disabled, pager and maker-checker buttons', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.byRole.financeMaker!, '/action/notification/');
    await expectDisabledLook(page.getByTestId('send-notification'));
    // the pager on a single page: first/previous/next/last are all disabled
    await page.goto(`${suite.ts.url}/account/user/`);
    await visible(page.getByRole('table', { name: 'User list' }).getByRole('link', { name: 'aminah' }));
    await expectDisabledLook(page.getByRole('button', { name: 'Previous page' }));
    // every disabled control on these screens, whatever component draws it (switches, selects, tabs, the kit's Button)
    for (const path of ['/system/mode', '/action/notification/', '/account/user/', '/asset/create/?action=withdrawal']) {
      await page.goto(`${suite.ts.url}${path}`);
      await visible(page.getByRole('heading', { level: 1 }));
      await page.waitForLoadState('networkidle');
      const looks = await page.locator('button:disabled, [role="switch"]:disabled, [role="combobox"]:disabled').evaluateAll((els) =>
        els.map((el) => {
          const s = getComputedStyle(el);
          return { what: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}`, cursor: s.cursor, opacity: Number(s.opacity) };
        }),
      );
      expect(looks.filter((l) => l.cursor !== 'not-allowed' || l.opacity > 0.6), `disabled controls that look active on ${path}`).toEqual([]);
    }
    await page.goto(`${suite.ts.url}/account/user/`);
    // an enabled button is not dimmed
    const enabled = await lookOf(page.getByTestId('filter-button'));
    expect(enabled.cursor).not.toBe('not-allowed');
    expect(enabled.opacity).toBe(1);
  });

  test('modals are at most 32rem wide; what holds a wide table opens as a drawer', async () => {
    const page = await suite.open({ width: 1400, height: 900 });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await openUser(page, suite.ts.url, 'aminah');
    await page.getByRole('button', { name: 'Edit fees' }).click();
    const fees = page.getByRole('dialog', { name: 'Edit fees' });
    await visible(fees);
    expect((await fees.boundingBox())!.width).toBeLessThanOrEqual(32 * 16);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit address' }).click();
    const address = page.getByRole('dialog');
    await visible(address);
    expect((await address.boundingBox())!.width).toBeLessThanOrEqual(32 * 16);
    await page.keyboard.press('Escape');

    // the audit trail's detail has wide tables: a drawer on the right edge, full height
    await page.goto(`${suite.ts.url}/system/log/`);
    const detailButton = page.getByRole('button', { name: /^Detail of / }).first();
    await visible(detailButton);
    await detailButton.click();
    const box = await widthOf(page, 'audit-detail');
    expect(Math.round(box.x + box.width)).toBe(1400);
    expect(Math.round(box.height)).toBe(900);
    expect(Math.round(box.y)).toBe(0);
  });

  test('at 390 px the trade constant table stays inside its card (it scrolls in its own frame), and the page does not scroll sideways', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    await page.setViewportSize({ width: 390, height: 844 });
    const table = page.getByTestId('widget-trade-constant').getByTestId('constant-table');
    await table.waitFor({ state: 'attached' });
    await table.scrollIntoViewIfNeeded();
    const fits = await table.evaluate((el) => {
      const card = el.closest('[data-testid="widget-trade-constant"]') ?? el.parentElement!.parentElement!;
      const frame = el.parentElement!;
      const c = card.getBoundingClientRect();
      const f = frame.getBoundingClientRect();
      return { frameInsideCard: f.right <= c.right + 0.5 && f.left >= c.left - 0.5, pageWidth: document.documentElement.scrollWidth };
    });
    expect(fits.frameInsideCard, 'the table\'s frame is inside its card').toBe(true);
    expect(fits.pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(390);
  });

  test('the date picker\'s popover stays inside the filter modal (bounding boxes), at 1280 and at 390 px', async () => {
    const page = await suite.open({ width: 1280, height: 720 });
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.goto(`${suite.ts.url}/order/?orderMode=tr`);
      await page.getByTestId('filter-button').click();
      const modal = page.getByTestId('filter-modal');
      await visible(modal);
      const calendars = modal.getByTestId('date-field-calendar');
      expect(await calendars.count()).toBeGreaterThan(0);
      for (const n of [0, (await calendars.count()) - 1]) {
        await calendars.nth(n).click();
        const popover = page.getByTestId('date-field-popover');
        await visible(popover);
        // wait for the popover to be placed (its box stops moving)
        let box = (await popover.boundingBox())!;
        await until(async () => {
          const now = (await popover.boundingBox())!;
          const same = JSON.stringify(now) === JSON.stringify(box);
          box = now;
          return same;
        }).toBe(true);
        const m = (await modal.boundingBox())!;
        const inside = { left: box.x >= m.x - 0.5, right: box.x + box.width <= m.x + m.width + 0.5, top: box.y >= m.y - 0.5, bottom: box.y + box.height <= m.y + m.height + 0.5 };
        expect(inside, `calendar ${n} at ${size.width} px: popover ${JSON.stringify(box)} in modal ${JSON.stringify(m)}`).toEqual({ left: true, right: true, top: true, bottom: true });
        await page.keyboard.press('Escape');
        await until(() => popover.count()).toBe(0);
      }
    }
  });

  test('the audit trail pages with the one shared pager (the same component as every other list), not a pager of its own', async () => {
    const page = await suite.open();
    await signIn(page, suite.ts.url, suite.ts.demo.superAdmin);
    /** The pager's parts as a user sees them: its page-size control, its label and its four moves. */
    const pagerOf = async () => {
      const pager = page.getByTestId('pager');
      await visible(pager);
      expect(await pager.count()).toBe(1);
      return {
        label: await pager.getAttribute('aria-label'),
        pageSize: await pager.getByRole('combobox', { name: 'Rows per page' }).count(),
        range: await pager.getByTestId('page-range').count(),
        moves: await pager.getByRole('button').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
      };
    };
    await page.goto(`${suite.ts.url}/account/user/`);
    const users = await pagerOf();
    await page.goto(`${suite.ts.url}/system/log/`);
    await visible(page.getByRole('table', { name: 'Audit trail' }));
    const audit = await pagerOf();
    expect(audit).toEqual(users);
    expect(audit.moves).toEqual(['First page', 'Previous page', 'Next page', 'Last page']);
    // none of the old pager's own buttons
    for (const name of ['Newest', 'Newer', 'Older']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  });
});
