import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HedgeDetail as Hedge } from '@aurum/domain/hedges/hedge-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { formatDecimal, formatSigned, separatorsStripped } from '#shared/format/number.ts';
import { FormModal } from '#shared/form/form-modal.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { LinkForm } from '../model/hedge-form.ts';
import { useHedgeState } from '../api/hedge-state.ts';
import { useLinkHedge } from '../api/link-hedge.ts';
import { treasuryQueries } from '../api/treasury-queries.ts';
import { HedgeSideLabel, HedgeStateBadge } from './hedge-labels.tsx';

const priceUnit = (currency: 'MYR' | 'USD') => (currency === 'MYR' ? 'MYR/g' : 'USD/oz');

/** A hedge (/treasury/?hedge={hedgeId}): its trade, the orders it covers with the spread earned on each, link an order, settle, cancel. */
export function HedgeDetail({ hedgeId }: { hedgeId: number }) {
  const hedge = useQuery(treasuryQueries.hedge(hedgeId));
  return (
    <QueryContent query={hedge}>
      {(h) => <HedgeScreen h={h} />}
    </QueryContent>
  );
}

function HedgeScreen({ h }: { h: Hedge }) {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const [dialog, setDialog] = useState<null | 'link' | 'settle' | 'cancel'>(null);
  const change = useHedgeState();
  const toast = useToast();
  const fail = useFailureToast();
  const filled = h.state === 'filled';
  const f = (key: Parameters<typeof fieldKey>[0]) => t(fieldKey(key));
  const notFilled = filled ? null : t('treasury-hedges:hedges.onlyFilled');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('treasury-hedges:hedges.detailTitle', { ref: h.clientRef })}
        back="/treasury/?view=hedges"
        subtitle={<HedgeStateBadge state={h.state} />}
        actions={
          <ActionGroup>
            <ActionButton permission="recordHedge" blocked={notFilled} onClick={() => setDialog('link')} data-testid="hedge-link">
              {t('treasury-hedges:hedges.link')}
            </ActionButton>
            <ActionButton variant="secondary" permission="recordHedge" blocked={notFilled} onClick={() => setDialog('settle')} data-testid="hedge-settle">
              {t('treasury-hedges:hedges.settle')}
            </ActionButton>
            <ActionButton variant="secondary" permission="recordHedge" blocked={notFilled} onClick={() => setDialog('cancel')} data-testid="hedge-cancel">
              {t('treasury-hedges:hedges.cancel')}
            </ActionButton>
          </ActionGroup>
        }
      />
      <TitledCard title={t('treasury-hedges:hedges.information')}>
        <DetailList
          columns={3}
          items={[
            { label: f('clientRef'), value: h.clientRef, testId: 'hedge-client-ref' },
            { label: f('provider'), value: h.provider, testId: 'hedge-provider' },
            { label: f('providerOrderId'), value: orDash(h.providerOrderId) },
            { label: f('metal'), value: `${h.metal} ${t(`treasury-hedges:metals.${h.metal}`)}` },
            { label: f('side'), value: <HedgeSideLabel side={h.side} /> },
            { label: f('quantity'), value: `${formatDecimal(h.quantity, 4)} g`, testId: 'hedge-quantity' },
            { label: f('price'), value: `${formatDecimal(h.price, 3)} ${priceUnit(h.currency)}` },
            { label: f('fee'), value: `${formatDecimal(h.fee, 2)} ${h.currency}` },
            { label: f('tradedAt'), value: formatDateTime(h.tradedAt), testId: 'hedge-traded-at' },
            { label: f('positionBefore'), value: `${formatSigned(h.positionBefore, 4)} g` },
            { label: f('positionAfter'), value: `${formatSigned(h.positionAfter, 4)} g` },
            { label: f('linked'), value: `${formatDecimal(h.linked, 4)} g`, testId: 'hedge-linked' },
            { label: f('unlinked'), value: `${formatDecimal(h.unlinked, 4)} g` },
            { label: f('createdBy'), value: orDash(h.createdBy) },
            { label: f('createdAt'), value: formatDateTime(h.createdAt) },
          ]}
        />
      </TitledCard>
      <CoveredOrders h={h} />
      {dialog === 'link' ? <LinkDialog h={h} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === 'settle' || dialog === 'cancel'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        title={dialog === 'cancel' ? t('treasury-hedges:hedges.cancel') : t('treasury-hedges:hedges.settle')}
        message={dialog === 'cancel' ? t('treasury-hedges:hedges.cancelConfirm') : t('treasury-hedges:hedges.settleConfirm')}
        danger={dialog === 'cancel'}
        loading={change.isPending}
        onConfirm={() =>
          change.mutate(
            { hedgeId: h.id, to: dialog === 'cancel' ? 'cancel' : 'settle' },
            {
              onSuccess: (after) => {
                toast.success(after.state === 'canceled' ? t('treasury-hedges:hedges.canceled') : t('treasury-hedges:hedges.settled'));
                setDialog(null);
              },
              onError: (error) => {
                fail(error);
                setDialog(null);
              },
            },
          )
        }
      />
    </div>
  );
}

type FieldKey = 'clientRef' | 'provider' | 'providerOrderId' | 'metal' | 'side' | 'quantity' | 'price' | 'fee' | 'tradedAt' | 'positionBefore' | 'positionAfter' | 'linked' | 'unlinked' | 'createdBy' | 'createdAt';
const fieldKey = (key: FieldKey) => `treasury-hedges:hedges.fields.${key}` as const;

/** The orders the hedge covers: the grams linked and the spread earned, in each order's currency. */
function CoveredOrders({ h }: { h: Hedge }) {
  const { t } = useTranslation(['treasury-hedges']);
  const c = (key: 'order' | 'user' | 'action' | 'orderQuantity' | 'quantity' | 'orderPrice' | 'spreadPerGram' | 'spread') => t(`treasury-hedges:hedges.orderColumns.${key}`);
  const cell = 'px-3 py-2 whitespace-nowrap';
  return (
    <TitledCard title={t('treasury-hedges:hedges.covered')}>
      {h.orders.length === 0 ? (
        <p className="text-sm text-slate-500">{t('treasury-hedges:hedges.noOrders')}</p>
      ) : (
        <div tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-amber-600">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={t('treasury-hedges:hedges.covered')} data-testid="hedge-orders">
            <TableHead
              className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase"
              cellClassName={cell}
              labels={[c('order'), c('user'), c('action'), c('orderQuantity'), c('quantity'), c('orderPrice'), c('spreadPerGram'), c('spread')]}
              numeric={[3, 4, 5, 6, 7]}
            />
            <tbody className="divide-y divide-slate-100">
              {h.orders.map((o) => (
                <tr key={o.orderId} data-testid={`hedge-order-${o.orderId}`}>
                  <td className={cell}>
                    <Link to={`/order/${o.orderId}/`} className="font-medium text-amber-700 hover:underline">
                      #{o.orderId}
                    </Link>
                  </td>
                  <td className={cell}>{orDash(o.username)}</td>
                  <td className={cell}>{t(`treasury-hedges:hedges.sides.${o.action}`)}</td>
                  <td className={`${cell} text-right`}>{formatDecimal(o.orderQuantity, 4)} g</td>
                  <td className={`${cell} text-right`} data-testid="covered-quantity">
                    {formatDecimal(o.quantity, 4)} g
                  </td>
                  <td className={`${cell} text-right`}>{o.orderPrice === null ? '-' : `${formatDecimal(o.orderPrice, 3)} ${priceUnit(o.currency)}`}</td>
                  <td className={`${cell} text-right`}>{o.spreadPerGram === null ? '-' : `${formatSigned(o.spreadPerGram, 4)} ${o.currency}/g`}</td>
                  <td className={`${cell} text-right font-medium`} data-testid="covered-spread">
                    {o.spread === null ? '-' : `${formatSigned(o.spread, 2)} ${o.currency}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-xs text-slate-500">{t('treasury-hedges:hedges.spreadNote')}</p>
    </TitledCard>
  );
}

function LinkDialog({ h, onClose }: { h: Hedge; onClose: () => void }) {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const link = useLinkHedge();
  const toast = useToast();
  const fail = useFailureToast();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LinkForm>({ resolver: zodResolver(LinkForm), mode: 'onTouched', defaultValues: { orderId: '', quantity: '' } });
  return (
    <FormModal
      title={t('treasury-hedges:hedges.linkTitle', { ref: h.clientRef })}
      pending={link.isPending}
      onClose={onClose}
      testId="link-hedge-dialog"
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((v) =>
        link.mutate(
          { hedgeId: h.id, body: { orders: [{ orderId: Number(v.orderId), quantity: v.quantity }] } },
          {
            onSuccess: () => {
              toast.success(t('treasury-hedges:hedges.linked'));
              onClose();
            },
            onError: fail,
          },
        ),
      )}
    >
      <TextField label={t('treasury-hedges:hedges.fields.orderId')} inputMode="numeric" required error={errors.orderId?.message} {...register('orderId')} />
      <TextField
        label={t('treasury-hedges:hedges.fields.linkQuantity')}
        hint={`${t('treasury-hedges:hedges.fields.unlinked')}: ${formatDecimal(h.unlinked, 4)} g`}
        inputMode="decimal"
        required
        error={errors.quantity?.message}
        errorValues={{ count: 4 }}
        {...register('quantity', separatorsStripped)}
      />
    </FormModal>
  );
}
