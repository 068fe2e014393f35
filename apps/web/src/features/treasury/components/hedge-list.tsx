import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HEDGE_STATES, type HedgeView } from '@aurum/domain/hedges/hedge-schemas';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { ActionButton } from '#shared/access/action-button.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import type { PagedColumn } from '#shared/list/paged-table.tsx';
import { FilterButton } from '#shared/list/filter-button.tsx';
import type { FilterField } from '#shared/list/filter-field.ts';
import { PagedTable } from '#shared/list/paged-table.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { hedgeListSearch, treasuryQueries } from '../api/treasury-queries.ts';
import { HedgeSideLabel, HedgeStateBadge } from './hedge-labels.tsx';
import { RecordHedgeDialog } from './record-hedge-dialog.tsx';

/** Hedges (/treasury/?view=hedges): the trades with outside providers, filtered and paged, and Record hedge. */
export function HedgeList() {
  const { t } = useTranslation(['treasury-hedges', 'common']);
  const list = useListQuery();
  const hedges = useQuery(treasuryQueries.hedgeList(hedgeListSearch(list.query)));
  const [recording, setRecording] = useState(false);

  const filters = useMemo<FilterField[]>(
    () => [
      {
        name: 'metal',
        label: t('treasury-hedges:hedges.fields.metal'),
        kind: 'select',
        defaultValue: 'all',
        options: [{ value: 'all', label: t('treasury-hedges:hedges.all') }, ...TREASURY_METALS.map((m) => ({ value: m, label: `${m} ${t(`treasury-hedges:metals.${m}`)}` }))],
      },
      {
        name: 'state',
        label: t('treasury-hedges:hedges.fields.state'),
        kind: 'select',
        defaultValue: 'all',
        options: [{ value: 'all', label: t('treasury-hedges:hedges.all') }, ...HEDGE_STATES.map((s) => ({ value: s, label: t(`treasury-hedges:hedges.states.${s}`) }))],
      },
      { name: 'provider', label: t('treasury-hedges:hedges.providerSearch'), kind: 'text' },
      { name: 'tradedFrom', label: t('treasury-hedges:hedges.tradedFrom'), kind: 'date' },
      { name: 'tradedTo', label: t('treasury-hedges:hedges.tradedTo'), kind: 'date', notBefore: 'tradedFrom' },
    ],
    [t],
  );

  const columns = useMemo<PagedColumn<HedgeView>[]>(() => {
    const f = (key: 'id' | 'clientRef' | 'provider' | 'metal' | 'side' | 'quantity' | 'price' | 'tradedAt' | 'state' | 'linked') => t(`treasury-hedges:hedges.fields.${key}`);
    return [
      { key: 'id', header: f('id'), sortField: 'id', cell: (h) => h.id },
      {
        key: 'clientRef',
        header: f('clientRef'),
        cell: (h) => (
          <Link to={`/treasury/?hedge=${h.id}`} className="font-medium text-amber-700 hover:underline">
            {h.clientRef}
          </Link>
        ),
      },
      { key: 'provider', inCards: false, header: f('provider'), sortField: 'provider', cell: (h) => h.provider },
      { key: 'metal', header: f('metal'), cell: (h) => h.metal },
      { key: 'side', header: f('side'), cell: (h) => <HedgeSideLabel side={h.side} /> },
      { key: 'quantity', header: f('quantity'), sortField: 'quantity', className: 'text-right', cell: (h) => formatDecimal(h.quantity, 4) },
      { key: 'price', inCards: false, header: f('price'), sortField: 'price', className: 'text-right', cell: (h) => `${formatDecimal(h.price, 3)} ${h.currency === 'MYR' ? 'MYR/g' : 'USD/oz'}` },
      { key: 'linked', inCards: false, header: f('linked'), className: 'text-right', cell: (h) => `${formatDecimal(h.linked, 4)} g` },
      { key: 'tradedAt', header: f('tradedAt'), sortField: 'tradedAt', cell: (h) => formatDateTime(h.tradedAt) },
      { key: 'state', header: f('state'), cell: (h) => <HedgeStateBadge state={h.state} /> },
    ];
  }, [t]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('treasury-hedges:hedges.title')}
        actions={
          <ActionButton permission="recordHedge" onClick={() => setRecording(true)} data-testid="record-hedge">
            {t('treasury-hedges:hedges.record')}
          </ActionButton>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <FilterButton fields={filters} />
      </div>
      <PagedTable query={hedges} list={list} columns={columns} rowKey={(h) => h.id} label={t('treasury-hedges:hedges.title')} testId="hedge-table" skeleton={{ columns: 10 }} />
      {recording ? <RecordHedgeDialog onClose={() => setRecording(false)} /> : null}
    </div>
  );
}
