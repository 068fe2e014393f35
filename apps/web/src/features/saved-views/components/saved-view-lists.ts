import type { SavedViewList } from '@aurum/domain/saved-views/saved-view-schemas';

/** Where each list of SAVED_VIEW_LISTS lives: its path, and the query parameter that tells it apart. */
export const SAVED_VIEW_SCREENS: Readonly<Record<SavedViewList, { path: string; param?: readonly [string, string] }>> = {
  users: { path: '/account/user/' },
  admins: { path: '/account/admin/' },
  tradeRequests: { path: '/order/', param: ['orderMode', 'tr'] },
  tradeHistory: { path: '/order/', param: ['orderMode', 'th'] },
  deposits: { path: '/asset/', param: ['action', 'deposit'] },
  withdrawals: { path: '/asset/', param: ['action', 'withdrawal'] },
  transfers: { path: '/asset/', param: ['action', 'transfer'] },
  holidays: { path: '/system/holiday/' },
  auditTrail: { path: '/system/log/' },
  notifications: { path: '/action/notification/' },
};

const slash = (p: string) => (p.endsWith('/') ? p : `${p}/`);

/** The list a location shows, or null when it is no list with saved views. */
export function savedViewListAt(location: { pathname: string; search: string }): SavedViewList | null {
  const query = new URLSearchParams(location.search);
  const path = slash(location.pathname);
  for (const [list, screen] of Object.entries(SAVED_VIEW_SCREENS) as Array<[SavedViewList, (typeof SAVED_VIEW_SCREENS)[SavedViewList]]>) {
    if (screen.path !== path) continue;
    if (!screen.param || query.get(screen.param[0]) === screen.param[1]) return list;
  }
  return null;
}

/** A query as a saved view keeps it: its parameters in a fixed order, empty ones dropped. */
export function normalQuery(search: string): string {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const pairs = [...query].filter(([, v]) => v.trim() !== '');
  pairs.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return new URLSearchParams(pairs).toString();
}

/** The address that restores a view of a list. */
export function savedViewHref(list: SavedViewList, query: string): string {
  const screen = SAVED_VIEW_SCREENS[list];
  const out = new URLSearchParams(query);
  if (screen.param) out.set(screen.param[0], screen.param[1]);
  const text = normalQuery(out.toString());
  return text ? `${screen.path}?${text}` : screen.path;
}
