import { useTranslation } from 'react-i18next';
import { displayStatus, type DisplayStatus } from '@aurum/domain/orders/order-status';
import { Badge, type BadgeVariant } from '#shared/ui/badge.tsx';

/** Badge colour of each display status: waiting or owing amber, overdue red, completed green, closed gray. */
export const STATUS_BADGE: Readonly<Record<DisplayStatus, BadgeVariant>> = {
  pending: 'pending',
  matching: 'pending',
  unsettled: 'pending',
  unpaid: 'pending',
  overdue: 'declined',
  completed: 'approved',
  reverted: 'gray',
  canceled: 'gray',
};

/** An order's display status (SPEC.md §4) as a badge; `now` decides whether a settled order is overdue. */
export function OrderStatusBadge({ status, interestStartAt, now = new Date() }: { status: string; interestStartAt: string | null; now?: Date }) {
  const { t } = useTranslation('order');
  const shown = displayStatus(status, interestStartAt, now);
  return (
    <span data-testid="order-status" data-status={shown}>
      <Badge variant={STATUS_BADGE[shown]}>{t(`status.${shown}`)}</Badge>
    </span>
  );
}

/** 'market' | 'limit' | 'offline' of an order (offline when custom). */
export function orderTypeKey(orderType: string, isCustom = false): 'market' | 'limit' | 'offline' {
  if (isCustom || orderType === 'OFF_LINE') return 'offline';
  return orderType === 'LIMIT' ? 'limit' : 'market';
}
