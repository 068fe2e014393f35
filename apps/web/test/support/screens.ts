import type { Page } from 'playwright-core';
import { businessDate } from '@aurum/domain/system/business-time';
import { ROUTES } from '../../src/app/route-table.ts';
import { until, visible, type TestServer } from './harness.ts';

/**
 * Every screen of the console, for the tests that walk them all (the axe-core scan, the zh-Hant and
 * 390 px sweep): each route of src/app/route-table.ts at least once, detail pages with ids of the
 * demo data, and the views a query picks (list modes, tabs). `uncoveredRoutes` fails a walk when a
 * route has no screen here, so a new screen is not forgotten.
 */
export interface Screen {
  /** A short file-safe name (screenshots are named after it). */
  name: string;
  /** The address, from the console's root. */
  path: string;
  /** Shown without signing in (the auth pages). */
  public?: boolean;
}

/** Ids of the demo data the detail screens open. */
export interface ScreenIds {
  user: number;
  /** users with orders and requests (their information tabs show rows) */
  shop: number;
  kiln: number;
  bullion: number;
  admin: number;
  /** the first order (a waiting limit order) and the reverted one (every section filled) */
  order: number;
  revertedOrder: number;
  request: number;
  /** a hedge (the demo data has none: the screens' server records one when asked, see screenIds) */
  hedge: number;
}

export async function screenIds(ts: TestServer): Promise<ScreenIds> {
  const one = async (sql: string) => Number((await ts.db.query<{ id: number }>(sql))[0]!.id);
  const user = (username: string) => one(`SELECT id FROM users WHERE username = '${username}'`);
  return {
    user: await user('kumar'),
    shop: await user('goldenlotus'),
    kiln: await user('kilnworks'),
    bullion: await user('bullionhouse'),
    admin: await one("SELECT id FROM admins WHERE username = 'financemaker'"),
    order: await one('SELECT id FROM orders ORDER BY id LIMIT 1'),
    revertedOrder: await one("SELECT id FROM orders WHERE status = 'REVERTED' ORDER BY id LIMIT 1"),
    request: await one('SELECT id FROM payment_requests ORDER BY id LIMIT 1'),
    hedge: await screenHedge(ts),
  };
}

/**
 * A hedge for the hedge detail screen: the demo data has none, so one is recorded (once) covering
 * a filled demo buy; its provider is the demo's own 'Desk', its reference a code.
 */
async function screenHedge(ts: TestServer): Promise<number> {
  await ts.db.query(
    `INSERT INTO hedges (client_ref, provider, provider_order_id, metal, side, quantity, price, currency, fee, traded_at, state, position_before, position_after, request_hash)
     VALUES ('H-0001', 'Desk', 'D-0001', 'XAU', 'BUY', 1, 400, 'MYR', 0, now(), 'filled', 0, 1, 'screens') ON CONFLICT (client_ref) DO NOTHING`,
  );
  const [hedge] = await ts.db.query<{ id: number }>("SELECT id FROM hedges WHERE client_ref = 'H-0001'");
  await ts.db.query(
    `INSERT INTO hedge_orders (hedge_id, order_id, quantity)
     SELECT $1, id, least(quantity_gram, 1) FROM orders WHERE status = 'FILLED' AND action = 'BUY' ORDER BY id LIMIT 1 ON CONFLICT DO NOTHING`,
    [hedge!.id],
  );
  return Number(hedge!.id);
}

/** The pages shown before signing in. */
export const PUBLIC_SCREENS: readonly Screen[] = [
  { name: 'login', path: '/auth/login/', public: true },
  { name: 'forgot-password', path: '/auth/forgot-password/', public: true },
  { name: 'reset-password', path: '/auth/reset-password/?token=not-a-real-token', public: true },
  { name: 'password-changed', path: '/auth/password-changed/', public: true },
];

/** The signed-in screens (and the not-found page), with ids of the demo data. */
export function signedInScreens(id: ScreenIds): Screen[] {
  return [
    { name: 'dashboard', path: '/' },
    { name: 'user-list', path: '/account/user/' },
    { name: 'user-create', path: '/account/user/create/' },
    { name: 'user-information', path: `/account/user/${id.user}/` },
    { name: 'user-online-orders', path: `/account/user/${id.shop}/?tab=onlineOrder` },
    { name: 'user-offline-orders', path: `/account/user/${id.kiln}/?tab=offlineOrder` },
    { name: 'user-deposits', path: `/account/user/${id.bullion}/?tab=deposit` },
    { name: 'user-withdrawals', path: `/account/user/${id.bullion}/?tab=withdrawal` },
    { name: 'user-transfers', path: `/account/user/${id.bullion}/?tab=transfer` },
    { name: 'user-edit', path: `/account/user/${id.user}/edit/` },
    { name: 'admin-list', path: '/account/admin/' },
    { name: 'admin-create', path: '/account/admin/create/' },
    { name: 'admin-information', path: `/account/admin/info/?adminId=${id.admin}` },
    { name: 'admin-edit', path: `/account/admin/edit/?adminId=${id.admin}` },
    { name: 'trade-requests', path: '/order/?orderMode=tr' },
    { name: 'trade-history', path: '/order/?orderMode=th' },
    { name: 'order-information', path: `/order/${id.order}/` },
    { name: 'order-information-reverted', path: `/order/${id.revertedOrder}/` },
    { name: 'order-create', path: '/order/create/' },
    { name: 'order-create-offline', path: `/order/create/?kind=offline&userId=${id.user}` },
    { name: 'deposit-requests', path: '/asset/?action=deposit' },
    { name: 'withdrawal-requests', path: '/asset/?action=withdrawal' },
    { name: 'transfer-requests', path: '/asset/?action=transfer' },
    { name: 'request-create', path: '/asset/create/?action=deposit' },
    { name: 'request-details', path: `/asset/${id.request}/` },
    { name: 'constant', path: '/system/constant/' },
    { name: 'mode', path: '/system/mode/' },
    { name: 'holiday', path: '/system/holiday/' },
    { name: 'manual-price', path: '/system/price/' },
    { name: 'audit-trail', path: '/system/log/' },
    { name: 'notification', path: '/action/notification/' },
    { name: 'treasury-vault', path: '/treasury/vault/' },
    { name: 'inbox', path: '/inbox/' },
    { name: 'security', path: '/account/security/' },
    { name: 'treasury-reconciliation', path: '/treasury/reconciliation/' },
    // the super admin reads the compliance desk: the place form and the holds in force (none in the demo data)
    { name: 'compliance-holds', path: '/compliance/holds/' },
    // the seeded UN and ministry lists, none with a version yet
    { name: 'compliance-lists', path: '/compliance/lists/' },
    // the due diligence files (the demo customers start as review due) and one file's empty form
    { name: 'compliance-due-diligence', path: '/compliance/due-diligence/' },
    { name: 'compliance-due-diligence-file', path: `/compliance/due-diligence/${id.shop}/` },
    // the screening hits: the open ones with their reasons (none in the demo data)
    { name: 'compliance-hits', path: '/compliance/hits/' },
    { name: 'treasury', path: '/treasury/' },
    { name: 'hedges', path: '/treasury/?view=hedges' },
    { name: 'hedge-detail', path: `/treasury/?hedge=${id.hedge}` },
    // today, the day the demo seed posts on: its accounts show (the default, yesterday, is all zero and folded)
    { name: 'trial-balance', path: `/finance/trial-balance/?date=${businessDate(new Date())}` },
    // nothing closed yet: yesterday is offered with its checks; the adjustments form and an empty list
    { name: 'day-close', path: '/finance/day-close/' },
    { name: 'adjustments', path: '/finance/adjustments/' },
    // the month so far: the demo seed's fills, if any, are in it
    { name: 'pnl', path: '/finance/pnl/' },
    // no day is closed in the demo data: each says so and offers the day close
    { name: 'balance-sheet', path: '/finance/balance-sheet/' },
    { name: 'income-statement', path: '/finance/income-statement/' },
    // the demo seed's month: the user's opening deposits are its lines
    { name: 'statements', path: `/finance/statements/?userId=${id.user}&month=${businessDate(new Date()).slice(0, 7)}` },
    { name: 'not-found', path: '/no/such/page/' },
  ];
}

/**
 * The route of the route table an address opens, as the router ranks them: a static segment before
 * a parameter ('/order/create' before '/order/:orderId'); '*' when none matches.
 */
export function routeOf(path: string): string {
  const pathname = new URL(path, 'http://console').pathname;
  const matching = ROUTES.filter((r) => r.path !== '*' && new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}/?$`).test(pathname));
  const params = (route: string) => (route.match(/:/g) ?? []).length;
  return matching.map((r) => r.path).sort((a, b) => params(a) - params(b))[0] ?? '*';
}

/** The routes of the route table no screen of the list opens (a walk over them would miss these). */
export function uncoveredRoutes(screens: readonly Screen[]): string[] {
  const covered = new Set(screens.map((s) => routeOf(s.path)));
  return ROUTES.map((r) => r.path).filter((path) => !covered.has(path));
}

/** Waits until the screen shows its content: a heading, no spinner or skeleton, no request running. */
export async function settled(page: Page): Promise<void> {
  await visible(page.locator('h1').first());
  await page.waitForLoadState('networkidle');
  await until(() => page.locator('[data-testid="table-skeleton"], [data-testid="page-spinner"], [aria-busy="true"]').count()).toBe(0);
}
