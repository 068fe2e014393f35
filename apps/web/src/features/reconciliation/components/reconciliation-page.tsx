import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BREAK_KINDS } from '@aurum/domain/reconciliation/reconciliation-matcher';
import type { BreakView, RunView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { ActionButton } from '#shared/access/action-button.tsx';
import { ExportButton } from '#shared/export/export-button.tsx';
import { formatDate, formatDateTime, orDash } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import type { PagedColumn } from '#shared/list/paged-table.tsx';
import { patchQuery } from '#shared/list/list-query.ts';
import { PagedTable } from '#shared/list/paged-table.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useLatestRun } from '../api/latest-run.ts';
import { useBreakList } from '../api/list-breaks.ts';
import { useRunReconciliation } from '../api/run-reconciliation.ts';
import { BarCell, DifferenceCell } from './break-cells.tsx';
import { BreakDetailModal } from './break-detail.tsx';

/**
 * Reconciliation (Treasury > Reconciliation, /treasury/reconciliation/; decision 0824): the latest run
 * (on demand or the daily job) with the custodian lists it used and its counts, run now, the
 * breaks (open by default) with the postings that explain each, resolve with a note, export.
 */
export function ReconciliationPage() {
  const { t } = useTranslation(['treasury-reconciliation', 'sidebar']);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:reconciliation')} subtitle={t('treasury-reconciliation:subtitle')} />
      <LatestRun />
      <Breaks />
    </div>
  );
}

function LatestRun() {
  const { t } = useTranslation(['treasury-reconciliation', 'common']);
  const toast = useToast();
  const latest = useLatestRun();
  const run = useRunReconciliation();
  const action = (
    <ActionButton
      data-testid="run-reconciliation"
      loading={run.isPending}
      permission="resolveReconciliationBreak"
      onClick={() =>
        run.mutate(undefined, {
          onSuccess: (r) => toast.success(t('treasury-reconciliation:toast.ran'), t('treasury-reconciliation:toast.ranSummary', { found: r.breaksFound, opened: r.breaksOpened })),
          onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
        })
      }
    >
      {t('treasury-reconciliation:latest.runNow')}
    </ActionButton>
  );
  return (
    <TitledCard title={t('treasury-reconciliation:latest.title')} action={action}>
      <QueryContent query={latest} compact>
        {({ run: last }) => (last ? <RunSummary run={last} /> : <p className="text-sm text-slate-600">{t('treasury-reconciliation:latest.none')}</p>)}
      </QueryContent>
    </TitledCard>
  );
}

function RunSummary({ run }: { run: RunView }) {
  const { t } = useTranslation(['treasury-reconciliation']);
  const lists =
    run.lists.length === 0 ? (
      t('treasury-reconciliation:latest.noLists')
    ) : (
      <ul className="flex flex-col gap-1">
        {run.lists.map((l) => (
          <li key={l.id}>{t('treasury-reconciliation:latest.list', { vault: l.vaultCode ?? '-', custodian: l.custodian, file: l.fileName, asOf: formatDate(l.asOf), count: l.rowCount })}</li>
        ))}
      </ul>
    );
  return (
    <div className="flex flex-col gap-4" data-testid="latest-run">
      <DetailList
        columns={3}
        items={[
          { label: t('treasury-reconciliation:latest.ranAt'), value: formatDateTime(run.ranAt), testId: 'run-at' },
          { label: t('treasury-reconciliation:latest.ranBy'), value: run.ranBy ?? t('treasury-reconciliation:latest.byJob'), testId: 'run-by' },
          { label: t('treasury-reconciliation:latest.businessDate'), value: formatDate(run.businessDate) },
          { label: t('treasury-reconciliation:latest.barsCompared'), value: run.barsCompared, testId: 'run-bars' },
          { label: t('treasury-reconciliation:latest.breaksFound'), value: run.breaksFound, testId: 'run-found' },
          { label: t('treasury-reconciliation:latest.breaksOpened'), value: run.breaksOpened, testId: 'run-opened' },
          { label: t('treasury-reconciliation:latest.openBreaks'), value: run.openBreaks, testId: 'run-open' },
        ]}
      />
      <DetailList columns={1} items={[{ label: t('treasury-reconciliation:latest.lists'), value: lists, testId: 'run-lists' }]} />
    </div>
  );
}

/** The filters the breaks list and its export take from the address. */
const FILTERS = ['status', 'kind', 'metal'] as const;

function Breaks() {
  const { t } = useTranslation(['treasury-reconciliation', 'common']);
  const list = useListQuery({ sort: 'openedAt', order: 'desc' });
  const filter = (name: (typeof FILTERS)[number]) => list.query.get(name) ?? '';
  const filterSearch = new URLSearchParams(FILTERS.flatMap((f) => (filter(f) ? [[f, filter(f)]] : []))).toString();
  const search = new URLSearchParams([...new URLSearchParams(filterSearch), ['page', String(list.page)], ['limit', String(list.limit)], ...(list.sort ? [['sort', list.sort], ['order', list.order]] : [])]).toString();
  const breaks = useBreakList(search);
  const [shown, setShown] = useState<BreakView | null>(null);
  const all = { value: '', label: t('treasury-reconciliation:breaks.all') };
  const columns = useMemo<PagedColumn<BreakView>[]>(
    () => [
      { key: 'kind', header: t('treasury-reconciliation:breaks.kind'), sortField: 'kind', cell: (b) => <span className="whitespace-nowrap">{t(`treasury-reconciliation:kinds.${b.kind}`)}</span> },
      { key: 'metal', header: t('treasury-reconciliation:breaks.metal'), sortField: 'metal', cell: (b) => b.metal },
      {
        key: 'bar',
        header: t('treasury-reconciliation:breaks.bar'),
        sortField: 'serial',
        cell: (b) => (b.serial ? <span className="whitespace-nowrap">{`${b.refiner ?? ''} ${b.serial}`}</span> : '-'),
      },
      { key: 'vault', inCards: false, header: t('treasury-reconciliation:breaks.vault'), cell: (b) => orDash(b.vaultCode) },
      { key: 'ours', inCards: false, header: t('treasury-reconciliation:breaks.ours'), cell: (b) => (b.kind === 'coverageShort' ? '-' : <BarCell bar={b.ours} />) },
      { key: 'theirs', inCards: false, header: t('treasury-reconciliation:breaks.theirs'), cell: (b) => (b.kind === 'coverageShort' ? '-' : <BarCell bar={b.theirs} />) },
      { key: 'difference', header: t('treasury-reconciliation:breaks.difference'), cell: (b) => <DifferenceCell row={b} /> },
      { key: 'openedAt', inCards: false, header: t('treasury-reconciliation:breaks.openedAt'), sortField: 'openedAt', cell: (b) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(b.openedAt)}</span> },
      {
        key: 'status',
        header: t('treasury-reconciliation:breaks.status'),
        cell: (b) => <Badge variant={b.status === 'open' ? 'pending' : 'approved'}>{t(`treasury-reconciliation:statuses.${b.status}`)}</Badge>,
      },
      {
        key: 'detail',
        header: <span className="sr-only">{t('treasury-reconciliation:breaks.details')}</span>,
        className: 'text-right',
        cell: (b) => (
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setShown(b)} aria-label={t('treasury-reconciliation:breaks.open', { id: b.id })} data-testid={`break-${b.id}`}>
            {t('treasury-reconciliation:breaks.details')}
          </Button>
        ),
      },
    ],
    [t],
  );
  const setFilter = (name: (typeof FILTERS)[number]) => (value: string) => list.setQuery(patchQuery(list.query, { [name]: value, page: null }));
  return (
    <section className="flex flex-col gap-3" aria-labelledby="reconciliation-breaks">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="reconciliation-breaks" className="text-lg font-semibold text-slate-900">
          {t('treasury-reconciliation:breaks.title')}
        </h2>
        <ExportButton list="reconciliation_breaks" search={filterSearch} />
      </div>
      <div role="group" aria-label={t('treasury-reconciliation:breaks.filters')} className="flex flex-wrap gap-3">
        <Select
          label={t('treasury-reconciliation:breaks.status')}
          className="w-40"
          value={filter('status')}
          onChange={setFilter('status')}
          options={[
            { value: '', label: t('treasury-reconciliation:statuses.open') },
            { value: 'resolved', label: t('treasury-reconciliation:statuses.resolved') },
            { value: 'all', label: t('treasury-reconciliation:breaks.all') },
          ]}
        />
        <Select
          label={t('treasury-reconciliation:breaks.kindFilter')}
          className="w-56"
          value={filter('kind')}
          onChange={setFilter('kind')}
          options={[all, ...BREAK_KINDS.map((k) => ({ value: k, label: t(`treasury-reconciliation:kinds.${k}`) }))]}
        />
        <Select
          label={t('treasury-reconciliation:breaks.metalFilter')}
          className="w-32"
          value={filter('metal')}
          onChange={setFilter('metal')}
          options={[all, ...TREASURY_METALS.map((m) => ({ value: m, label: m }))]}
        />
      </div>
      <PagedTable query={breaks} list={list} columns={columns} rowKey={(b) => b.id} label={t('treasury-reconciliation:breaks.title')} testId="reconciliation-breaks" skeleton={{ columns: 10, rows: 5 }} />
      {shown ? <BreakDetailModal row={shown} onClose={() => setShown(null)} /> : null}
    </section>
  );
}
