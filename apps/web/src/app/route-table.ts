/**
 * Every route of the console, as data: the router builds its lazy routes from it and
 * scripts/route-size-report.ts reads it to know what each route loads first. Pure TypeScript
 * with no imports (Node runs it by type stripping).
 *
 * `module` is the page file under src/ (each its own chunk); `layout` says what frames it:
 * auth (no shell, public), shell (sidebar and top bar, signed in), bare (no shell, public).
 */
export type RouteLayout = 'auth' | 'shell' | 'bare';

/** A page title: a translation key, or one picked by a query parameter. */
export type RouteTitle = string | { param: string; values: Readonly<Record<string, string>>; fallback: string };

export interface RouteEntry {
  /** Router path ('' for the index route, '*' for anything unknown). */
  path: string;
  module: string;
  exportName: string;
  layout: RouteLayout;
  /** Translation namespaces loaded together with the page chunk. */
  namespaces: readonly string[];
  title?: RouteTitle;
}

/** The shell around 'shell' routes: a chunk of its own, loaded with the first shell page. */
export const SHELL_MODULE = 'app/shell/app-shell.tsx';

/** The shell's own translations (palette, shortcuts, saved views, theme, idle warning, list export) and the menu's and pages' names (sidebar): loaded with the shell chunk, not on the sign-in page. */
export const SHELL_NAMESPACES: readonly string[] = ['shell', 'sidebar'];

export const ROUTES: readonly RouteEntry[] = [
  { path: '/auth/login', module: 'features/auth/components/login-page.tsx', exportName: 'LoginPage', layout: 'auth', namespaces: ['auth', 'validation'] },
  {
    path: '/auth/forgot-password',
    module: 'features/auth/components/forgot-password-page.tsx',
    exportName: 'ForgotPasswordPage',
    layout: 'auth',
    namespaces: ['auth', 'validation'],
  },
  {
    path: '/auth/reset-password',
    module: 'features/auth/components/new-password-page.tsx',
    exportName: 'NewPasswordPage',
    layout: 'auth',
    namespaces: ['auth', 'validation'],
  },
  {
    path: '/auth/password-changed',
    module: 'features/auth/components/password-changed-page.tsx',
    exportName: 'PasswordChangedPage',
    layout: 'auth',
    namespaces: ['auth'],
  },
  { path: '/', module: 'features/dashboard/components/dashboard-page.tsx', exportName: 'DashboardPage', layout: 'shell', namespaces: ['dashboard'] },
  { path: '/account/user', module: 'features/users/components/user-list-page.tsx', exportName: 'UserListPage', layout: 'shell', namespaces: ['user', 'validation'] },
  { path: '/account/user/create', module: 'features/users/components/user-create-page.tsx', exportName: 'UserCreatePage', layout: 'shell', namespaces: ['user', 'validation'] },
  { path: '/account/user/:userId', module: 'features/users/components/user-information-page.tsx', exportName: 'UserInformationPage', layout: 'shell', namespaces: ['user', 'validation'] },
  { path: '/account/user/:userId/edit', module: 'features/users/components/user-edit-page.tsx', exportName: 'UserEditPage', layout: 'shell', namespaces: ['user', 'validation'] },
  { path: '/account/admin', module: 'features/admins/components/admin-list-page.tsx', exportName: 'AdminListPage', layout: 'shell', namespaces: ['admin', 'validation'] },
  { path: '/account/admin/create', module: 'features/admins/components/admin-create-page.tsx', exportName: 'AdminCreatePage', layout: 'shell', namespaces: ['admin', 'validation'] },
  { path: '/account/admin/info', module: 'features/admins/components/admin-information-page.tsx', exportName: 'AdminInformationPage', layout: 'shell', namespaces: ['admin', 'validation'] },
  { path: '/account/security', module: 'features/security/components/security-page.tsx', exportName: 'SecurityPage', layout: 'shell', namespaces: ['security', 'validation'], title: 'security:title' },
  { path: '/account/admin/edit', module: 'features/admins/components/admin-edit-page.tsx', exportName: 'AdminEditPage', layout: 'shell', namespaces: ['admin', 'validation'] },
  {
    path: '/order',
    module: 'features/orders/components/order-list-page.tsx',
    exportName: 'OrderListPage',
    layout: 'shell',
    namespaces: ['order', 'validation'],
    title: { param: 'orderMode', values: { tr: 'sidebar:tradeRequests', th: 'sidebar:tradeHistory' }, fallback: 'order:list' },
  },
  // Order Information: /order/{orderId} (decision 0450); /order/create is matched first (static segment)
  { path: '/order/:orderId', module: 'features/orders/components/order-information-page.tsx', exportName: 'OrderInformationPage', layout: 'shell', namespaces: ['order', 'validation', 'treasury-hedges'], title: 'order:detail.page' },
  { path: '/order/create', module: 'features/orders/components/create-order-page.tsx', exportName: 'CreateOrderPage', layout: 'shell', namespaces: ['order', 'validation', 'user'], title: 'order:create' },
  {
    path: '/asset',
    module: 'features/assets/components/asset-list-page.tsx',
    exportName: 'AssetListPage',
    layout: 'shell',
    namespaces: ['asset', 'validation'],
    title: {
      param: 'action',
      values: { deposit: 'sidebar:depositRequests', withdrawal: 'sidebar:withdrawalRequests', transfer: 'sidebar:transferRequests' },
      fallback: 'asset:list',
    },
  },
  { path: '/asset/create', module: 'features/assets/components/request-create-page.tsx', exportName: 'RequestCreatePage', layout: 'shell', namespaces: ['asset', 'validation'], title: 'asset:create' },
  // Deposit, Withdrawal and Transfer Details (SPEC.md names no path; decision 0550)
  { path: '/asset/:requestId', module: 'features/assets/components/request-details-page.tsx', exportName: 'RequestDetailsPage', layout: 'shell', namespaces: ['asset', 'validation'] },
  // the checker inbox (decision 0542)
  { path: '/inbox', module: 'features/inbox/components/inbox-page.tsx', exportName: 'InboxPage', layout: 'shell', namespaces: ['inbox', 'asset'], title: 'sidebar:inbox' },
  { path: '/system/constant', module: 'features/system/components/constant-page.tsx', exportName: 'ConstantPage', layout: 'shell', namespaces: ['system', 'validation'] },
  { path: '/system/mode', module: 'features/system/components/mode-page.tsx', exportName: 'ModePage', layout: 'shell', namespaces: ['system'] },
  { path: '/system/holiday', module: 'features/system/components/holiday-page.tsx', exportName: 'HolidayPage', layout: 'shell', namespaces: ['system', 'validation'] },
  // Manual Metal Price Setting: not in the sidebar (SPEC.md §2 fixes it), linked from the Constant screen
  { path: '/system/price', module: 'features/system/components/manual-price-page.tsx', exportName: 'ManualPricePage', layout: 'shell', namespaces: ['system', 'validation'] },
  { path: '/system/log', module: 'features/audit/components/audit-trail-page.tsx', exportName: 'AuditTrailPage', layout: 'shell', namespaces: ['system'], title: 'sidebar:log' },
  { path: '/action/notification', module: 'features/notifications/components/notification-page.tsx', exportName: 'NotificationPage', layout: 'shell', namespaces: ['action', 'validation'], title: 'sidebar:notification' },
  // the vault, bar by bar (decision 0810)
  { path: '/treasury/vault', module: 'features/vault/components/vault-page.tsx', exportName: 'VaultPage', layout: 'shell', namespaces: ['treasury-vault', 'validation'], title: 'sidebar:vault' },
  // Treasury: reconciliation of the custodians' bar lists and customer metal
  {
    path: '/treasury/reconciliation',
    module: 'features/reconciliation/components/reconciliation-page.tsx',
    exportName: 'ReconciliationPage',
    layout: 'shell',
    namespaces: ['treasury-reconciliation', 'validation'],
  },
  // the treasury: position, ?view=hedges, ?hedge={id} (decision 0846)
  { path: '/treasury', module: 'features/treasury/components/treasury-page.tsx', exportName: 'TreasuryPage', layout: 'shell', namespaces: ['treasury-hedges', 'validation'] },
  // Finance: a business day's trial balance through the chart of accounts (decision 1000)
  {
    path: '/finance/trial-balance',
    module: 'features/finance/components/trial-balance-page.tsx',
    exportName: 'TrialBalancePage',
    layout: 'shell',
    namespaces: ['finance', 'validation'],
    title: 'sidebar:trialBalance',
  },
  // Finance: the day close and the ledger adjustments (decisions 1001, 1003)
  { path: '/finance/day-close', module: 'features/finance/components/day-close-page.tsx', exportName: 'DayClosePage', layout: 'shell', namespaces: ['finance', 'validation'], title: 'sidebar:dayClose' },
  // Finance: the dealer's P&L per period, metal and category, with its drill-down (decision 1030)
  { path: '/finance/pnl', module: 'features/finance/components/pnl-page.tsx', exportName: 'PnlPage', layout: 'shell', namespaces: ['finance', 'validation', 'user'], title: 'sidebar:pnl' },
  // Finance: the balance sheet at a closed day's end and the income statement of closed days (decision 1047)
  { path: '/finance/balance-sheet', module: 'features/finance/components/balance-sheet-page.tsx', exportName: 'BalanceSheetPage', layout: 'shell', namespaces: ['finance', 'validation'], title: 'sidebar:balanceSheet' },
  { path: '/finance/income-statement', module: 'features/finance/components/income-statement-page.tsx', exportName: 'IncomeStatementPage', layout: 'shell', namespaces: ['finance', 'validation'], title: 'sidebar:incomeStatement' },
  { path: '/finance/adjustments', module: 'features/finance/components/adjustments-page.tsx', exportName: 'AdjustmentsPage', layout: 'shell', namespaces: ['finance', 'validation'], title: 'sidebar:adjustments' },
  // Finance: a customer's statement of a month (decision 1010)
  {
    path: '/finance/statements',
    module: 'features/statements/components/statements-page.tsx',
    exportName: 'StatementsPage',
    layout: 'shell',
    namespaces: ['statements', 'validation'],
    title: 'sidebar:statements',
  },
  // the compliance desk: holds in force, placed at once, frozen or released by two officers (decision 1101)
  { path: '/compliance/holds', module: 'features/compliance/components/holds-page.tsx', exportName: 'HoldsPage', layout: 'shell', namespaces: ['compliance', 'validation'], title: 'sidebar:holds' },
  // screening lists: uploaded by one officer, activated by a second, every version kept (decision 1103)
  { path: '/compliance/lists', module: 'features/compliance/components/list-page.tsx', exportName: 'ListsPage', layout: 'shell', namespaces: ['compliance-lists'], title: 'sidebar:lists' },
  // customer due diligence: the files by status, and one file's form (decisions 1102, 1105)
  { path: '/compliance/due-diligence', module: 'features/compliance/components/due-diligence-list-page.tsx', exportName: 'DueDiligenceListPage', layout: 'shell', namespaces: ['compliance-dd', 'validation'], title: 'sidebar:dueDiligence' },
  { path: '/compliance/due-diligence/:userId', module: 'features/compliance/components/due-diligence-file-page.tsx', exportName: 'DueDiligenceFilePage', layout: 'shell', namespaces: ['compliance-dd', 'validation'], title: 'sidebar:dueDiligence' },
  // screening hits: each explains itself; a false one dismissed by two officers (decision 1104)
  { path: '/compliance/hits', module: 'features/compliance/components/hit-page.tsx', exportName: 'HitPage', layout: 'shell', namespaces: ['compliance-hits', 'validation'], title: 'sidebar:hits' },
  { path: '*', module: 'app/pages/not-found-page.tsx', exportName: 'NotFoundPage', layout: 'bare', namespaces: [] },
];

/** The translation key of a page title for the current query. */
export function titleKey(title: RouteTitle, query: URLSearchParams): string {
  if (typeof title === 'string') return title;
  return title.values[query.get(title.param) ?? ''] ?? title.fallback;
}

/** The namespace of a 'namespace:key' translation key. */
export function namespaceOf(key: string): string | null {
  const colon = key.indexOf(':');
  return colon > 0 ? key.slice(0, colon) : null;
}

/** Every namespace a route needs: its own and those of its title keys. */
export function namespacesOf(route: RouteEntry): string[] {
  const keys = route.title === undefined ? [] : typeof route.title === 'string' ? [route.title] : [...Object.values(route.title.values), route.title.fallback];
  const fromTitles = keys.map(namespaceOf).filter((ns): ns is string => ns !== null);
  return [...new Set([...route.namespaces, ...fromTitles])];
}

/**
 * What the entry chunk holds of this table (vite.config.ts defines it as `__ROUTE_MANIFEST__`):
 * the public pages whole, the signed-in pages by path only. The rest of a signed-in page's entry
 * is read from this table in the shell-pages chunk, fetched after sign-in, so the size of the
 * table does not count against the sign-in page.
 */
export interface RouteManifest {
  public: ReadonlyArray<{ path: string; module: string; exportName: string; layout: 'auth' | 'bare'; namespaces: readonly string[] }>;
  shellPaths: readonly string[];
  shell: { module: string; namespaces: readonly string[] };
}

export function routeManifest(routes: readonly RouteEntry[] = ROUTES): RouteManifest {
  return {
    public: routes.flatMap((r) => (r.layout === 'shell' ? [] : [{ path: r.path, module: r.module, exportName: r.exportName, layout: r.layout, namespaces: namespacesOf(r) }])),
    shellPaths: routes.filter((r) => r.layout === 'shell').map((r) => r.path),
    shell: { module: SHELL_MODULE, namespaces: SHELL_NAMESPACES },
  };
}
