import type { ComponentType } from 'react';

/**
 * Places where one feature shows what another feature owns, without importing it (features do
 * not reach into each other): the owning feature exports a component, src/app/slots.ts registers
 * it (lazily, so it stays in its own chunk), and the host page renders whatever is registered.
 */

/** The tabs of User Information that other features fill. */
export const USER_TAB_SLOTS = ['onlineOrder', 'offlineOrder', 'deposit', 'withdrawal', 'transfer'] as const;
export type UserTabSlot = (typeof USER_TAB_SLOTS)[number];
export interface UserTabProps {
  userId: number;
}

/** A dashboard widget; `order` places it (lower first), `wide` spans the full row. */
export interface DashboardWidget {
  id: string;
  order: number;
  wide?: boolean;
  component: ComponentType;
}

const userTabs = new Map<UserTabSlot, ComponentType<UserTabProps>>();
const widgets = new Map<string, DashboardWidget>();

export function registerUserTab(name: UserTabSlot, component: ComponentType<UserTabProps>): void {
  userTabs.set(name, component);
}

export function userTabComponent(name: UserTabSlot): ComponentType<UserTabProps> | undefined {
  return userTabs.get(name);
}

export function registerDashboardWidget(widget: DashboardWidget): void {
  widgets.set(widget.id, widget);
}

export function dashboardWidgets(): DashboardWidget[] {
  return [...widgets.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
