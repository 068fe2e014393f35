import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MODES } from '@aurum/domain/orders/order-status';
import { canTransition, permissionFor, type OrderAction } from '@aurum/domain/orders/order-machine';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { errorMessage } from '#shared/http/api-error.ts';
import { liveStore } from '#shared/live/live.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useLiveOrders } from '../api/live-orders.ts';
import { orderQueries } from '../api/order-queries.ts';
import { mergeOrder } from '../model/order-view.ts';
import { ConfirmOrderDialog, PaymentDialog, RevertDialog, type ActionTarget } from './order-action-dialogs.tsx';
import { Failure } from './order-detail-section.tsx';
import { Overview, Pricing, SummaryHeader } from './order-figures.tsx';
import { OrderHedges } from './order-hedges.tsx';
import { OrderStatusBadge } from './order-labels.tsx';
import { PaymentBlock } from './order-payment-block.tsx';
import { Audit, External, RevertInfo } from './order-records.tsx';
import { Timeline } from './order-timeline.tsx';

type Dialog = 'settle' | 'cancel' | 'revert' | 'pay' | null;
/** The admin actions of Order Information, in button order, with the machine's action names. */
const ACTIONS: ReadonlyArray<{ dialog: Exclude<Dialog, null>; action: OrderAction }> = [
  { dialog: 'settle', action: 'settle' },
  { dialog: 'pay', action: 'pay' },
  { dialog: 'cancel', action: 'cancel' },
  { dialog: 'revert', action: 'revert' },
];

/**
 * Order Information (/order/{orderId}): every field of SPEC.md §3 "Order detail" the server gives
 * (GET order/{id}), as a summary header (status, action, quantity, the amounts of the status) and
 * grouped sections: the order, pricing, payment (payment_view), timeline (entries dated before
 * now), external source, revert and audit; the actions Settle, Order
 * Payment, Cancel and Revert, each enabled when the state machine allows it from the status and
 * the admin's role has its permission. Live: an update of this order refetches it.
 */
export function OrderInformationPage() {
  const { t } = useTranslation(['order', 'common']);
  const params = useParams();
  const orderId = Number(params.orderId);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const detail = useQuery(orderQueries.detail(valid ? orderId : 0));
  const client = useQueryClient();
  const from = usePreviousPath();
  const updates = useLiveOrders();
  const [dialog, setDialog] = useState<Dialog>(null);

  // an update of this order on the socket: show its status at once, refetch the rest
  useEffect(
    () =>
      liveStore.onMessage((message) => {
        if ((message.type === 'OrderUpdated' || message.type === 'Market' || message.type === 'Limit') && String(message.data.id) === String(orderId)) {
          void client.invalidateQueries({ queryKey: orderQueries.detail(orderId).queryKey });
          void client.invalidateQueries({ queryKey: orderQueries.payment(orderId).queryKey });
        }
      }),
    [client, orderId],
  );

  if (!valid) return <Failure text={t('order:detail.emptyId')} />;
  if (detail.isPending) return <SectionSpinner />;
  if (detail.isError) return <Failure text={errorMessage(detail.error)} />;

  const d = detail.data;
  const node = mergeOrder(d.order, updates.get(String(orderId)));
  const status = node.status;
  const target: ActionTarget = { id: d.id, userId: node.userId, username: d.username, action: node.action };
  const mode = (ORDER_MODES.th as readonly string[]).includes(status) ? 'th' : 'tr';
  const back = from ?? `/order/?orderMode=${mode}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('order:detail.title', { id: d.id })}
        back={back}
        subtitle={<OrderStatusBadge status={status} interestStartAt={node.interestStartAt} />}
        actions={
          <ActionGroup>
            {ACTIONS.map(({ dialog: name, action }) => (
              <ActionButton
                key={name}
                variant={name === 'revert' || name === 'cancel' ? 'secondary' : 'primary'}
                permission={permissionFor(action) ?? undefined}
                blocked={canTransition(action, status) ? null : t('order:detail.notFromStatus')}
                onClick={() => setDialog(name)}
                data-testid={`action-${name}`}
              >
                {t(`order:${name === 'pay' ? 'payment' : name}.button`)}
              </ActionButton>
            ))}
          </ActionGroup>
        }
      />
      <div className="flex flex-col gap-6" data-testid="order-overview">
        <SummaryHeader d={d} status={status} interestStartAt={node.interestStartAt} />
        <Overview d={d} />
      </div>
      <Pricing d={d} />
      <PaymentBlock d={d} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Timeline entries={node.timeline} d={d} />
        <div className="flex flex-col gap-6">
          <External external={d.external} currency={d.order.currency} />
          <OrderHedges d={d} />
          <RevertInfo orderId={d.id} reverted={status === 'REVERTED'} />
          <Audit d={d} />
        </div>
      </div>
      {dialog === 'settle' || dialog === 'cancel' ? <ConfirmOrderDialog key={dialog} kind={dialog} order={target} onClose={() => setDialog(null)} /> : null}
      {dialog === 'revert' ? <RevertDialog order={target} onClose={() => setDialog(null)} /> : null}
      {dialog === 'pay' ? <PaymentDialog order={target} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
