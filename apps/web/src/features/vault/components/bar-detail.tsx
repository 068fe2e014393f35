import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, orDash } from '#shared/format/display.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useBar } from '../api/get-bar.ts';

/** A bar's weight-list fields and its movements, newest first (who recorded and decided each). */
export function BarDetailView({ id }: { id: number }) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const bar = useBar(id);
  return (
    <QueryContent query={bar} compact>
      {({ bar: b, movements }) => (
        <div className="flex flex-col gap-4" data-testid="bar-detail">
          <DetailList
            columns={2}
            items={[
              { label: t('treasury-vault:fields.serial'), value: b.serial },
              { label: t('treasury-vault:fields.refiner'), value: b.refiner },
              { label: t('treasury-vault:fields.metal'), value: t(`treasury-vault:metals.${b.metal}`) },
              { label: t('treasury-vault:fields.form'), value: b.form },
              { label: t('treasury-vault:fields.year'), value: orDash(b.year === null ? null : String(b.year)) },
              { label: t('treasury-vault:fields.grossWeight'), value: formatNumber(b.grossWeight, 4) },
              { label: t('treasury-vault:fields.fineness'), value: `${b.fineness}${b.goodDelivery ? '' : ` (${t('treasury-vault:detail.notGoodDelivery')})`}` },
              { label: t('treasury-vault:detail.fineWeight'), value: formatNumber(b.fineWeight, 4) },
              { label: t('treasury-vault:fields.bookWeight'), value: formatNumber(b.bookWeight, 4) },
              { label: t('treasury-vault:detail.refinerWeight'), value: b.refinerWeight === null ? orDash(null) : formatNumber(b.refinerWeight, 4) },
              { label: t('treasury-vault:detail.vaultWeight'), value: b.vaultWeight === null ? orDash(null) : formatNumber(b.vaultWeight, 4) },
              { label: t('treasury-vault:fields.custodian'), value: b.custodian },
              { label: t('treasury-vault:fields.vault'), value: orDash(b.vault?.code) },
              { label: t('treasury-vault:fields.status'), value: t(`treasury-vault:statuses.${b.status}`) },
            ]}
          />
          <div className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-amber-600" tabIndex={0} role="region" aria-label={t('treasury-vault:detail.history')}>
            <table className="w-full text-left text-sm">
              <caption className="pb-2 text-left text-sm font-semibold text-slate-800">{t('treasury-vault:detail.history')}</caption>
              <thead className="text-xs text-slate-600">
                <tr>
                  <th className="px-2 py-1 font-medium">{t('treasury-vault:movements.kind')}</th>
                  <th className="px-2 py-1 font-medium">{t('treasury-vault:fields.status')}</th>
                  <th className="px-2 py-1 font-medium">{t('treasury-vault:movements.by')}</th>
                  <th className="px-2 py-1 font-medium">{t('treasury-vault:detail.decidedBy')}</th>
                  <th className="px-2 py-1 font-medium">{t('treasury-vault:movements.at')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {movements.map((m) => (
                  <tr key={m.id} data-testid="bar-movement">
                    <td className="px-2 py-1 whitespace-nowrap">
                      {t(`treasury-vault:movements.kinds.${m.kind}`)}
                      {m.toStatus ? ` → ${t(`treasury-vault:statuses.${m.toStatus}`)}` : ''}
                    </td>
                    <td className="px-2 py-1 whitespace-nowrap">{t(`treasury-vault:detail.movementStatuses.${m.status}`)}</td>
                    <td className="px-2 py-1">{orDash(m.submittedBy?.username)}</td>
                    <td className="px-2 py-1">{orDash(m.decidedBy?.username)}</td>
                    <td className="px-2 py-1 whitespace-nowrap tabular-nums">{formatDateTime(m.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </QueryContent>
  );
}
