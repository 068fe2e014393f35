import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#shared/format/display.ts';
import { requestBarMovements } from '#shared/queries/vault-movement-queries.ts';
import { Card } from '#shared/ui/card.tsx';

/** The bars that moved for a physical gold deposit or withdrawal (decision 0815): each vault movement naming the request. */
export function RequestBars({ requestId }: { requestId: number }) {
  const { t } = useTranslation('asset');
  const movements = useQuery(requestBarMovements(requestId));
  const rows = (movements.data?.items ?? []).filter((m) => m.kind === 'receive' || m.kind === 'release');
  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('bars.title')}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('bars.none')}</p>
      ) : (
        <div className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-amber-600" tabIndex={0} role="region" aria-label={t('bars.title')}>
          <table className="w-full text-left text-sm" data-testid="request-bars">
            <thead className="text-xs text-slate-600">
              <tr>
                <th className="px-3 py-2 font-medium">{t('bars.movement')}</th>
                <th className="px-3 py-2 font-medium">{t('bars.serials')}</th>
                <th className="px-3 py-2 font-medium">{t('bars.grams')}</th>
                <th className="px-3 py-2 font-medium">{t('bars.status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((m) => (
                <tr key={m.id}>
                  <td className="px-3 py-2 whitespace-nowrap">
                    #{m.id} {t(`bars.kinds.${m.kind as 'receive' | 'release'}`)}
                  </td>
                  <td className="px-3 py-2">{m.bars.map((b) => `${b.refiner} ${b.serial}`).join(', ')}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">{m.totals.map((x) => `${formatNumber(x.grams, 4)} g`).join(' · ')}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{t(`bars.statuses.${m.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
