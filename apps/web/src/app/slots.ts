import { lazy, type ComponentType } from 'react';
import { registerDashboardWidget, registerUserTab, type UserTabProps, type UserTabSlot } from '#shared/slots/slots.ts';

/**
 * Fills the slots of src/shared/slots/slots.ts: each entry loads the owning feature's component
 * lazily (its own chunk). A user tab not listed shows "coming soon"; the dashboard shows the
 * widgets listed, ordered by `order` (10s requests, 20s trades, 30s constants).
 */
const USER_TABS: ReadonlyArray<readonly [UserTabSlot, () => Promise<ComponentType<UserTabProps>>]> = [
  ['onlineOrder', () => import('../features/orders/components/user-order-tabs.tsx').then((m) => m.UserOnlineOrdersTab)],
  ['offlineOrder', () => import('../features/orders/components/user-order-tabs.tsx').then((m) => m.UserOfflineOrdersTab)],
  ['deposit', () => import('../features/assets/components/user-request-tabs.tsx').then((m) => m.UserDepositTab)],
  ['withdrawal', () => import('../features/assets/components/user-request-tabs.tsx').then((m) => m.UserWithdrawalTab)],
  ['transfer', () => import('../features/assets/components/user-request-tabs.tsx').then((m) => m.UserTransferTab)],
];

const DASHBOARD_WIDGETS: ReadonlyArray<{ id: string; order: number; wide?: boolean; load: () => Promise<ComponentType> }> = [
  { id: 'deposit-requests', order: 10, load: () => import('../features/assets/components/dashboard-widgets.tsx').then((m) => m.DepositRequestsWidget) },
  { id: 'withdrawal-requests', order: 11, load: () => import('../features/assets/components/dashboard-widgets.tsx').then((m) => m.WithdrawalRequestsWidget) },
  { id: 'trade-requests', order: 20, load: () => import('../features/orders/components/dashboard-widgets.tsx').then((m) => m.TradeRequestsWidget) },
  { id: 'trade-overview', order: 21, load: () => import('../features/orders/components/dashboard-widgets.tsx').then((m) => m.TradeOverviewWidget) },
  // the house's net position per metal (decision 0846)
  { id: 'net-position', order: 25, load: () => import('../features/treasury/components/net-position-widget.tsx').then((m) => m.NetPositionWidget) },
  { id: 'trade-constant', order: 30, load: () => import('../features/dashboard/components/trade-constant-widget.tsx').then((m) => m.TradeConstantWidget) },
];

const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(() => load().then((component) => ({ default: component })));

export function registerSlots(): void {
  for (const [name, load] of USER_TABS) registerUserTab(name, lazyComponent(load));
  for (const { load, ...widget } of DASHBOARD_WIDGETS) registerDashboardWidget({ ...widget, component: lazyComponent(load) });
}
