import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PositionItem } from '@aurum/domain/treasury/position-schemas';
import { troyOunces } from '@aurum/domain/treasury/treasury-books';
import { ActionButton } from '#shared/access/action-button.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { formatDecimal, formatSigned } from '#shared/format/number.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useLivePosition, usePositionHistory } from '../api/live-position.ts';
import { POSITION_LINES, shownMetals } from '../model/position-view.ts';
import { LimitsDialog } from './limits-dialog.tsx';

const ExposureChart = lazy(() => import('./exposure-chart.tsx').then((m) => ({ default: m.ExposureChart })));

/**
 * Treasury (/treasury/, view position): per metal the position lines in grams with troy ounces beside them, the
 * valuation (MTM in MYR and USD, the USD/MYR exposure), target and band with the outside-band
 * flag and Edit limits, and the net position's history (the server's points, then the live changes); live.
 */
export function TreasuryPosition() {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const position = useLivePosition();
  const history = usePositionHistory(position.data);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('treasury-hedges:treasury.title')}
        subtitle={position.data ? t('treasury-hedges:treasury.at', { at: formatDateTime(position.data.at) }) : t('treasury-hedges:treasury.subtitle')}
        actions={
          <Link to="/treasury/?view=hedges" className="text-sm font-medium text-amber-700 hover:underline">
            {t('treasury-hedges:hedges.title')}
          </Link>
        }
      />
      <QueryContent query={position}>
        {(answer) => {
          const metals = shownMetals(answer.items);
          return (
            <>
              {metals.map((item) => (
                <MetalPosition key={item.metal} item={item} />
              ))}
              <TitledCard title={t('treasury-hedges:treasury.history')}>
                {history.length < 2 ? (
                  <p className="text-sm text-slate-500">{t('treasury-hedges:treasury.noHistory')}</p>
                ) : (
                  <Suspense fallback={<SectionSpinner />}>
                    <ExposureChart history={history} metals={metals.map((m) => m.metal)} />
                  </Suspense>
                )}
                <p className="mt-3 text-xs text-slate-500">{t('treasury-hedges:treasury.historyNote')}</p>
              </TitledCard>
            </>
          );
        }}
      </QueryContent>
    </div>
  );
}

function MetalPosition({ item }: { item: PositionItem }) {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const [editing, setEditing] = useState(false);
  const cell = 'px-3 py-2 whitespace-nowrap';
  const money = (value: string | null, currency: string) => (value === null ? t('treasury-hedges:treasury.noPrice') : `${formatSigned(value, 2)} ${currency}`);
  return (
    <section className="flex flex-col gap-4" data-testid={`position-${item.metal}`} aria-label={`${item.metal} ${t(`treasury-hedges:metals.${item.metal}`)}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {item.metal} {t(`treasury-hedges:metals.${item.metal}`)}
        </h2>
        <Badge variant={item.outsideBand ? 'declined' : 'approved'}>
          <span data-testid="band-flag">{item.outsideBand ? t('treasury-hedges:treasury.outsideBand') : t('treasury-hedges:treasury.insideBand')}</span>
        </Badge>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="xl:col-span-2">
          <TitledCard title={t('treasury-hedges:treasury.lines.net')}>
            <div tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-amber-600">
              <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={`${item.metal} ${t('treasury-hedges:treasury.lines.net')}`}>
                <TableHead
                  className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase"
                  cellClassName={cell}
                  labels={[t('treasury-hedges:treasury.columns.line'), t('treasury-hedges:treasury.columns.grams'), t('treasury-hedges:treasury.columns.ounces')]}
                  numeric={[1, 2]}
                />
                <tbody className="divide-y divide-slate-100">
                  {POSITION_LINES.map((line) => (
                    <tr key={line} className={line === 'net' ? 'bg-amber-50 font-semibold text-slate-900' : undefined} data-testid={`line-${line}`}>
                      <th scope="row" className={`${cell} text-left font-normal`}>
                        {t(`treasury-hedges:treasury.lines.${line}`)}
                      </th>
                      <td className={`${cell} text-right`} data-testid="grams">
                        {formatDecimal(item[line], 4)} g
                      </td>
                      <td className={`${cell} text-right text-slate-600`}>{formatDecimal(troyOunces(item[line]), 4)} oz</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </TitledCard>
        </div>
        <div className="flex flex-col gap-6">
          <TitledCard title={t('treasury-hedges:treasury.valuation')}>
            <DetailList
              columns={1}
              items={[
                { label: t('treasury-hedges:treasury.mtmMyr'), value: money(item.mtmMyr, 'MYR'), testId: 'mtm-myr' },
                { label: t('treasury-hedges:treasury.mtmUsd'), value: money(item.mtmUsd, 'USD'), testId: 'mtm-usd' },
                { label: t('treasury-hedges:treasury.usdMyrExposure'), value: money(item.usdMyrExposure, 'USD'), testId: 'usd-myr-exposure' },
              ]}
            />
          </TitledCard>
          <TitledCard
            title={t('treasury-hedges:treasury.limits')}
            action={
              <ActionButton variant="secondary" size="sm" permission="setTreasuryLimits" onClick={() => setEditing(true)} data-testid={`edit-limits-${item.metal}`}>
                {t('treasury-hedges:treasury.editLimits')}
              </ActionButton>
            }
          >
            <DetailList
              columns={1}
              items={[
                { label: t('treasury-hedges:treasury.target'), value: `${formatSigned(item.target, 4)} g`, testId: 'target' },
                { label: t('treasury-hedges:treasury.band'), value: `± ${formatDecimal(item.band, 4)} g`, testId: 'band' },
                { label: t('treasury-hedges:treasury.coverageMode'), value: t(`treasury-hedges:treasury.coverageModes.${item.coverageMode}`) },
                { label: t('treasury-hedges:treasury.coverageHeadroom'), value: `${formatSigned(item.coverageHeadroom, 4)} g` },
              ]}
            />
          </TitledCard>
        </div>
      </div>
      {editing ? <LimitsDialog item={item} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
