import type { ParseKeys } from 'i18next';

/** The sidebar of SPEC.md §2: every signed-in admin sees every entry. */
export interface NavItem {
  /** Translation key in the sidebar namespace. */
  key: ParseKeys<'sidebar'>;
  to: string;
  /** exact: the path alone; prefix: the path and anything under it. */
  match: 'exact' | 'prefix';
  /** For list entries told apart by a query parameter (orderMode, action). */
  query?: { name: string; value: string };
}

export interface NavGroup {
  /** Translation key of the group heading (sidebar namespace), null for the ungrouped Dashboard. */
  key: ParseKeys<'sidebar'> | null;
  items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  { key: null, items: [{ key: 'dashboard', to: '/', match: 'exact' }] },
  {
    key: 'groups.account',
    items: [
      { key: 'userList', to: '/account/user/', match: 'prefix' },
      { key: 'adminList', to: '/account/admin/', match: 'prefix' },
    ],
  },
  {
    key: 'groups.requests',
    items: [
      // the checker inbox (decision 0542): everything awaiting a decision, with a live count badge
      { key: 'inbox', to: '/inbox/', match: 'prefix' },
      { key: 'tradeRequests', to: '/order/?orderMode=tr', match: 'exact', query: { name: 'orderMode', value: 'tr' } },
      { key: 'depositRequests', to: '/asset/?action=deposit', match: 'exact', query: { name: 'action', value: 'deposit' } },
      { key: 'withdrawalRequests', to: '/asset/?action=withdrawal', match: 'exact', query: { name: 'action', value: 'withdrawal' } },
      { key: 'transferRequests', to: '/asset/?action=transfer', match: 'exact', query: { name: 'action', value: 'transfer' } },
    ],
  },
  {
    key: 'groups.history',
    items: [{ key: 'tradeHistory', to: '/order/?orderMode=th', match: 'exact', query: { name: 'orderMode', value: 'th' } }],
  },
  {
    // the treasury (the net position, hedges; decision 0846)
    key: 'groups.treasury',
    items: [
      { key: 'treasury', to: '/treasury/?view=position', match: 'exact', query: { name: 'view', value: 'position' } },
      { key: 'hedges', to: '/treasury/?view=hedges', match: 'exact', query: { name: 'view', value: 'hedges' } },
      { key: 'vault', to: '/treasury/vault/', match: 'prefix' },
      { key: 'reconciliation', to: '/treasury/reconciliation/', match: 'prefix' },
    ],
  },
  {
    // finance: the general ledger through the chart of accounts (decision 1000)
    key: 'groups.finance',
    items: [
      { key: 'trialBalance', to: '/finance/trial-balance/', match: 'prefix' },
      { key: 'dayClose', to: '/finance/day-close/', match: 'prefix' },
      { key: 'adjustments', to: '/finance/adjustments/', match: 'prefix' },
      { key: 'pnl', to: '/finance/pnl/', match: 'prefix' },
      { key: 'balanceSheet', to: '/finance/balance-sheet/', match: 'prefix' },
      { key: 'incomeStatement', to: '/finance/income-statement/', match: 'prefix' },
      { key: 'statements', to: '/finance/statements/', match: 'prefix' },
    ],
  },
  {
    key: 'groups.settings',
    items: [
      { key: 'constant', to: '/system/constant/', match: 'exact' },
      { key: 'mode', to: '/system/mode/', match: 'exact' },
      { key: 'holiday', to: '/system/holiday/', match: 'exact' },
      { key: 'log', to: '/system/log/', match: 'prefix' },
    ],
  },
  { key: 'groups.management', items: [{ key: 'notification', to: '/action/notification/', match: 'prefix' }] },
  // the compliance desk (decision 1101): every admin sees the entry; the page says who may read it
  {
    key: 'groups.compliance',
    items: [
      { key: 'holds', to: '/compliance/holds/', match: 'prefix' },
      { key: 'dueDiligence', to: '/compliance/due-diligence/', match: 'prefix' },
      { key: 'hits', to: '/compliance/hits/', match: 'prefix' },
      { key: 'lists', to: '/compliance/lists/', match: 'prefix' },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_GROUPS.flatMap((g) => g.items);

function withTrailingSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/**
 * Whether an entry is the current one: exact entries match their path only (a trailing slash
 * does not matter), prefix entries also match paths under it, and query entries also need their
 * parameter (orderMode, action) to have the entry's value.
 */
export function isNavItemActive(item: NavItem, location: { pathname: string; search: string }): boolean {
  const itemPath = withTrailingSlash(item.to.split('?')[0] ?? '/');
  const current = withTrailingSlash(location.pathname);
  const pathMatches = item.match === 'exact' || itemPath === '/' ? current === itemPath : current.startsWith(itemPath);
  if (!pathMatches) return false;
  if (!item.query) return true;
  return new URLSearchParams(location.search).get(item.query.name) === item.query.value;
}

/** The sidebar key of the active entry (for page titles), or null. */
export function activeNavItem(location: { pathname: string; search: string }): NavItem | null {
  return NAV_ITEMS.find((item) => isNavItemActive(item, location)) ?? null;
}
