import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DUE_DILIGENCE_STATUSES, type DueDiligenceStatus } from '@aurum/domain/compliance/due-diligence-rules';
import type { DueDiligenceSummary } from '@aurum/domain/compliance/due-diligence-schemas';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { Badge } from '#shared/ui/badge.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { Select } from '#shared/ui/select.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { dueDiligenceQueries } from '../api/due-diligence-queries.ts';

/**
 * Due diligence files (/compliance/due-diligence; decision 1102): the customers' files by status,
 * with their risk band and next review; each opens the file's form.
 */
export function DueDiligenceListPage() {
  const { t } = useTranslation(['compliance-dd', 'sidebar']);
  const whyNot = useWhyNot('readCompliance');
  const [status, setStatus] = useState<DueDiligenceStatus | ''>('');
  const files = useQuery({ ...dueDiligenceQueries.list(status === '' ? null : status), enabled: whyNot === null });
  const columns: Column<DueDiligenceSummary>[] = [
    {
      key: 'customer',
      header: t('compliance-dd:fields.customer'),
      cell: (f) => (
        <Link to={`/compliance/due-diligence/${f.userId}`} className="font-medium text-amber-700 hover:underline">
          {f.username}
        </Link>
      ),
    },
    { key: 'status', header: t('compliance-dd:fields.status'), cell: (f) => <Badge variant={f.status === 'verified' ? 'approved' : 'pending'}>{t(`compliance-dd:statuses.${f.status}`)}</Badge> },
    { key: 'band', header: t('compliance-dd:fields.band'), cell: (f) => (f.band ? t(`compliance-dd:bands.${f.band}`) : '—') },
    { key: 'review', header: t('compliance-dd:fields.nextReviewOn'), cell: (f) => orDash(f.nextReviewOn) },
    { key: 'updated', header: t('compliance-dd:fields.updatedAt'), cell: (f) => formatDateTime(f.updatedAt) },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:dueDiligence')} subtitle={t('compliance-dd:subtitle')} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <>
          <Select
            className="max-w-xs"
            label={t('compliance-dd:fields.status')}
            options={[{ value: '', label: t('compliance-dd:allStatuses') }, ...DUE_DILIGENCE_STATUSES.map((s) => ({ value: s, label: t(`compliance-dd:statuses.${s}`) }))]}
            value={status}
            onChange={(v) => setStatus(v as DueDiligenceStatus | '')}
          />
          <QueryContent query={files} pending={<SectionSpinner />}>
            {(data) => <DataTable label={t('sidebar:dueDiligence')} testId="due-diligence-files" columns={columns} rows={data.items} rowKey={(f) => f.userId} />}
          </QueryContent>
        </>
      )}
    </div>
  );
}
