import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PNL_GROUPS, PNL_MAX_DAYS } from '@aurum/domain/finance/pnl-schemas';
import { businessDate } from '@aurum/domain/system/business-time';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { USER_CATEGORIES } from '@aurum/domain/users/user-enums';
import { formatDate } from '#shared/format/display.ts';
import { DateRangeField } from '#shared/ui/date-range-field.tsx';
import { rangeProblem } from '#shared/ui/date-range.ts';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { Select } from '#shared/ui/select.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { usePnl } from '../api/pnl.ts';
import { paramsOfQuery, queryFromParams, type DrillSubject } from '../model/pnl-view.ts';
import { PnlDrillDrawer } from './pnl-drill-drawer.tsx';
import { PnlTable } from './pnl-table.tsx';

const PnlChart = lazy(() => import('./pnl-chart.tsx').then((m) => ({ default: m.PnlChart })));

/**
 * P&L (Finance > P&L, /finance/pnl/; decision 1030): the dealer's volume, spread, fees, interest,
 * hedges' result and revaluation per period, metal and customer category over a range of business
 * dates, the total per period on a chart, and every figure opening what is behind it. Read-only,
 * for every signed-in admin; the query is kept in the address.
 */
export function PnlPage() {
  const { t } = useTranslation(['finance', 'sidebar', 'user']);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params, new Date()), [params]);
  const [range, setRange] = useState({ from: query.from, to: query.to });
  const [subject, setSubject] = useState<DrillSubject | null>(null);
  const valid = rangeProblem(range, { maxDays: PNL_MAX_DAYS }) === null;
  const pnl = usePnl(query, valid);
  const change = (next: Partial<typeof query>) => setParams(paramsOfQuery({ ...query, ...next }), { replace: true });
  const onRange = (next: { from: string; to: string }) => {
    setRange(next);
    if (rangeProblem(next, { maxDays: PNL_MAX_DAYS }) === null) change(next);
  };
  const onDrill = useCallback((s: DrillSubject) => setSubject(s), []);
  const all = { value: '', label: t('finance:pnl.all') };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:pnl')} subtitle={t('finance:pnl.subtitle')} />
      <div className="flex flex-wrap items-start gap-4">
        <DateRangeField label={t('finance:pnl.range')} hint={t('finance:pnl.rangeHint')} className="w-full max-w-sm" value={range} maxDays={PNL_MAX_DAYS} max={businessDate(new Date())} onChange={onRange} />
        <Select
          label={t('finance:pnl.groupBy')}
          className="w-40"
          value={query.groupBy}
          options={PNL_GROUPS.map((g) => ({ value: g, label: t(`finance:pnl.groups.${g}`) }))}
          onChange={(v) => change({ groupBy: v as (typeof PNL_GROUPS)[number] })}
        />
        <Select
          label={t('finance:pnl.metal')}
          className="w-40"
          value={query.metal ?? ''}
          options={[all, ...TREASURY_METALS.map((m) => ({ value: m, label: m }))]}
          onChange={(v) => change({ metal: (v || undefined) as (typeof TREASURY_METALS)[number] | undefined })}
        />
        <Select
          label={t('finance:pnl.category')}
          className="w-48"
          value={query.category ?? ''}
          options={[all, ...USER_CATEGORIES.map((c) => ({ value: c, label: t(`user:categories.${c}`) }))]}
          onChange={(v) => change({ category: (v || undefined) as (typeof USER_CATEGORIES)[number] | undefined })}
        />
      </div>
      {valid ? (
        <QueryContent query={pnl}>
          {(answer) => (
            <div className={`flex flex-col gap-6 ${pnl.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={pnl.isFetching}>
              <Suspense fallback={<SectionSpinner />}>
                <PnlChart periods={answer.periods} title={t('finance:pnl.chartTitle')} />
              </Suspense>
              <Notice testId="pnl-revalued">
                {answer.revaluedThrough ? t('finance:pnl.revaluedThrough', { date: formatDate(answer.revaluedThrough) }) : t('finance:pnl.notRevalued')}
              </Notice>
              <PnlTable answer={answer} stale={pnl.isPlaceholderData} onDrill={onDrill} />
              <PnlDrillDrawer subject={subject} answer={answer} query={query} onClose={() => setSubject(null)} />
            </div>
          )}
        </QueryContent>
      ) : null}
    </div>
  );
}
