import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { orderQueries } from '../api/order-queries.ts';
import { DetailSection, Section, money } from './order-detail-section.tsx';

/** The offline order's external source (the treasury issue adds its hedges here); none online. */
export function External({ external, currency }: { external: OrderDetail['external']; currency: string }) {
  const { t } = useTranslation('order');
  return (
    <Section title={t('detail.external')} testId="external-source">
      {external ? (
        <DetailList
          columns={1}
          items={[
            { label: t('fields.source'), value: orDash(external.source) },
            { label: t('fields.externalPrice'), value: money(external.price, `${currency}/g`, 3) },
            { label: t('fields.externalQuantity'), value: money(external.quantity, 'g', 4) },
          ]}
        />
      ) : (
        <p className="text-sm text-slate-500">{t('detail.noExternal')}</p>
      )}
    </Section>
  );
}

/** Why and by whom a reverted order was reverted; a note when it was not. */
export function RevertInfo({ orderId, reverted }: { orderId: number; reverted: boolean }) {
  const { t } = useTranslation('order');
  const info = useQuery(orderQueries.reverted(orderId, reverted));
  return (
    <Section title={t('detail.revert')} testId="revert-info">
      {!reverted ? (
        <p className="text-sm text-slate-500">{t('detail.notReverted')}</p>
      ) : info.isPending ? (
        <SectionSpinner />
      ) : (
        <DetailList
          columns={1}
          items={[
            { label: t('fields.revertReason'), value: orDash(info.data?.reason), testId: 'revert-reason' },
            { label: t('fields.revertedExecutor'), value: orDash(info.data?.executor), testId: 'revert-executor' },
            { label: t('fields.revertedAt'), value: formatDateTime(info.data?.executedAt) },
          ]}
        />
      )}
    </Section>
  );
}

/** Who placed the order and when, and the notes written on it. */
export function Audit({ d }: { d: OrderDetail }) {
  const { t } = useTranslation('order');
  return (
    <DetailSection
      title={t('detail.audit')}
      testId="section-audit"
      columns={1}
      items={[
        { label: t('fields.createdAt'), value: formatDateTime(d.createdAt) },
        { label: t('fields.createdBy'), value: orDash(d.createdBy) },
        { label: t('fields.adminNote'), value: orDash(d.adminNote), testId: 'admin-note' },
        { label: t('fields.userComment'), value: orDash(d.userComment), testId: 'user-comment' },
      ]}
    />
  );
}
