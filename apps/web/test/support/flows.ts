import type { Page } from 'playwright-core';
import { businessClock, businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { isBusinessDay } from '@aurum/domain/system/market-status';
import type { TestServer } from './harness.ts';

/**
 * Helpers of the flow tests (decision 0734): the server's clock and the
 * browser's kept together, the order screens' readings (an admin's API calls: support/api.ts).
 */

/** The next moment (now or later) at `hour`:00 in Kuala Lumpur on a business day: no weekend, no kept holiday. */
export async function nextBusinessMorning(ts: TestServer, hour: number): Promise<number> {
  const holidays = (await ts.db.query<{ d: string }>("SELECT to_char(date, 'YYYY-MM-DD') AS d FROM holidays")).map((r) => r.d);
  const now = ts.now().getTime();
  for (let day = 0; day < 14; day++) {
    const candidate = startOfBusinessDay(businessDate(new Date(now)), day).getTime() + hour * 3600_000;
    if (candidate >= now && isBusinessDay(new Date(candidate), holidays)) return candidate;
  }
  throw new Error('no business day within two weeks');
}

/** Minutes past midnight in Kuala Lumpur of the server's clock. */
export const businessMinutes = (ts: TestServer) => businessClock(ts.now()).minutes;

/**
 * A page whose clock is the server's (Playwright's clock, flowing from the server's moment), so
 * the console's "now" (timelines, display statuses, date fields) agrees with the server's.
 */
export async function syncClock(page: Page, ts: TestServer): Promise<void> {
  await page.clock.install({ time: ts.now() });
}

/** The longest step of advanceClocks: under the console's own idle limit (30 minutes without input signs out). */
const CLOCK_STEP_MS = 20 * 60_000;

/**
 * Moves the server's clock and the pages' clocks together to `target` (ms since the epoch), in
 * steps of at most 20 minutes with a key press on each page after each step (a staff member at
 * the screen: the console's idle sign-out stays away). The timers due within a step fire once.
 * Real time passes meanwhile: each step goes only as far as is left.
 */
export async function advanceClocksTo(ts: TestServer, pages: readonly Page[], target: number): Promise<void> {
  for (let left = target - ts.now().getTime(); left > 0; left = target - ts.now().getTime()) {
    const step = Math.min(left, CLOCK_STEP_MS);
    ts.advanceClock(step);
    for (const page of pages) {
      await page.clock.fastForward(step);
      await page.keyboard.press('Shift');
    }
  }
}

/** The status an order has on the server (what the console must come to show). */
export const serverStatus = async (ts: TestServer, id: number) => (await ts.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]?.status;

/** The rows of an order table that show this order id. */
export const orderRows = (page: Page, id: number) => page.getByTestId('order-table').locator('tbody tr').filter({ has: page.getByText(`#${id}`, { exact: true }) });

/** The display status (data-status) Order Information shows. */
export const shownStatus = (page: Page) => page.getByTestId('order-overview').getByTestId('order-status').getAttribute('data-status');

/** The first number in a text ('1,234.50 MYR/g' -> 1234.5). */
export const numberIn = (text: string | null) => Number(/-?[\d,]+(\.\d+)?/.exec(text ?? '')?.[0]?.replace(/,/g, '') ?? NaN);

/** The review an order opens before anything is sent (decision 0751). */
export const reviewOf = (page: Page) => page.getByTestId('review-dialog');

/** Confirms the open review: the order is sent now. */
export async function confirmReview(page: Page, name = 'Confirm and place'): Promise<void> {
  await reviewOf(page).getByRole('button', { name }).click();
}
