import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView } from '@aurum/domain/compliance/list-schemas';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useLists } from '../api/list-queries.ts';
import { ListDetail } from './list-detail.tsx';

/**
 * Screening lists (/compliance/lists; decision 1103): each list with the version in force and the
 * one proposed; an officer uploads a file, a second officer reads its diff and activates or
 * rejects it; every version is kept.
 */
export function ListsPage() {
  const { t } = useTranslation(['compliance-lists', 'sidebar']);
  const whyNot = useWhyNot('readCompliance');
  const lists = useLists(whyNot === null);
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:lists')} subtitle={t('compliance-lists:subtitle')} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <QueryContent query={lists} pending={<SectionSpinner />}>
          {(data) => {
            const list = data.items.find((l) => l.id === chosen) ?? data.items[0];
            return (
              <>
                <ListsTable lists={data.items} chosen={list?.id ?? null} onChoose={setChosen} />
                {list ? <ListDetail key={list.id} list={list} /> : <p className="text-sm text-slate-600">{t('compliance-lists:none')}</p>}
              </>
            );
          }}
        </QueryContent>
      )}
    </div>
  );
}

function ListsTable({ lists, chosen, onChoose }: { lists: readonly ListView[]; chosen: number | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation(['compliance-lists']);
  const columns: Column<ListView>[] = [
    { key: 'name', header: t('compliance-lists:fields.list'), wrap: true, cell: (l) => <span className="font-medium text-slate-900">{l.name}</span> },
    { key: 'kind', header: t('compliance-lists:fields.kind'), cell: (l) => t(`compliance-lists:kinds.${l.kind}`) },
    {
      key: 'active',
      header: t('compliance-lists:fields.active'),
      wrap: true,
      cell: (l) => (l.active ? t('compliance-lists:activeSummary', { file: l.active.fileName, count: l.active.entryCount, at: formatDateTime(l.active.activeFrom) }) : t('compliance-lists:noneActive')),
    },
    {
      key: 'proposed',
      header: t('compliance-lists:fields.proposed'),
      wrap: true,
      cell: (l) => (l.proposed ? t('compliance-lists:proposedSummary', { file: l.proposed.fileName, by: l.proposed.uploadedBy }) : '—'),
    },
    {
      key: 'open',
      header: t('compliance-lists:fields.open'),
      cell: (l) => (
        <Button size="sm" variant={l.id === chosen ? 'primary' : 'secondary'} aria-pressed={l.id === chosen} onClick={() => onChoose(l.id)} data-testid={`open-list-${l.code}`}>
          {t('compliance-lists:open')} <span translate="no">{l.code}</span>
        </Button>
      ),
    },
  ];
  return <DataTable label={t('compliance-lists:listLabel')} testId="lists-table" columns={columns} rows={lists} rowKey={(l) => l.id} />;
}
