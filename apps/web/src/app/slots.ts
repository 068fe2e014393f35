import { lazy } from 'react';
import { registerDashboardWidget, registerUserTab } from '#shared/slots/slots.ts';

/**
 * Fills the slots of src/shared/slots/slots.ts: each entry loads the owning feature's component
 * lazily (its own chunk). The user tabs and dashboard widgets not registered here show
 * "coming soon" / nothing.
 */
export function registerSlots(): void {
  // User Information tabs, e.g.:
  // registerUserTab('onlineOrder', lazy(() => import('../features/orders/components/user-orders-tab.tsx').then((m) => ({ default: m.UserOnlineOrdersTab }))));
  // Dashboard widgets (order: 10 requests, 20 trades, 30 constants), e.g.:
  // registerDashboardWidget({ id: 'deposits', order: 10, component: lazy(() => import('../features/assets/components/dashboard-widgets.tsx').then((m) => ({ default: m.DepositRequestsWidget }))) });
  void lazy;
  void registerDashboardWidget;
  void registerUserTab;
}
