import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_CSV_HEADER } from '@aurum/domain/compliance/list-columns';
import type { ListVersionView, ListView } from '@aurum/domain/compliance/list-schemas';
import { ActionButton } from '#shared/access/action-button.tsx';
import { useCan } from '#shared/access/use-can.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { ErrorAlert } from '#shared/ui/error-alert.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from '#shared/ui/field.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useVersions } from '../api/list-queries.ts';
import { useActivateVersion, useRejectVersion, useUploadVersion } from '../api/list-writes.ts';
import { ListProposed } from './list-proposed.tsx';

const ACCEPT = { unXml: '.xml,application/xml,text/xml', ministryPdf: '.pdf,application/pdf', csv: '.csv,text/csv' } as const;

/** One list: the upload of a new version, the version proposed with its diff and decision, the versions kept. */
export function ListDetail({ list }: { list: ListView }) {
  const { t } = useTranslation(['compliance-lists']);
  const decisions = { activate: useActivateVersion(), reject: useRejectVersion() };
  return (
    <section className="flex flex-col gap-6" aria-labelledby="list-detail-title">
      <h2 id="list-detail-title" className="text-lg font-semibold text-slate-900">
        {list.name}
      </h2>
      <UploadCard list={list} />
      {list.proposed ? <ListProposed version={list.proposed} decisions={decisions} /> : null}
      <TitledCard title={t('compliance-lists:history.title')}>
        <VersionsTable listId={list.id} />
      </TitledCard>
    </section>
  );
}

function UploadCard({ list }: { list: ListView }) {
  const { t } = useTranslation(['compliance-lists', 'common']);
  const toast = useToast();
  const upload = useUploadVersion();
  const allowed = useCan('placeComplianceHold');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const inputId = `list-file-${list.id}`;
  return (
    <TitledCard title={t('compliance-lists:upload.title')}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{t(`compliance-lists:upload.formats.${list.format}`)}</p>
        {list.format === 'csv' ? (
          <p className="font-mono text-xs text-slate-800" translate="no">
            {LIST_CSV_HEADER.join(',')}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-4">
          <FieldShell label={t('compliance-lists:upload.file')} htmlFor={inputId} className="w-full max-w-sm">
            <input
              key={inputKey}
              id={inputId}
              type="file"
              accept={ACCEPT[list.format]}
              disabled={!allowed}
              className={`${INPUT_CLASSES} ${inputBorder(upload.isError)}`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                upload.reset();
              }}
            />
          </FieldShell>
          <ActionButton
            permission="placeComplianceHold"
            disabled={file === null}
            loading={upload.isPending}
            align="start"
            data-testid="list-upload"
            onClick={() =>
              file &&
              upload.mutate(
                { listId: list.id, file },
                {
                  onSuccess: (answer) => {
                    toast.success(answer.unchanged ? t('compliance-lists:toast.unchanged') : t('compliance-lists:toast.uploaded', { count: answer.version.entryCount }));
                    setFile(null);
                    setInputKey((k) => k + 1);
                  },
                },
              )
            }
          >
            {t('compliance-lists:upload.submit')}
          </ActionButton>
        </div>
        {upload.isError ? <ErrorAlert testId="list-upload-refused">{errorMessage(upload.error)}</ErrorAlert> : null}
      </div>
    </TitledCard>
  );
}

const STATUS_BADGE = { proposed: 'pending', active: 'approved', superseded: 'gray', rejected: 'declined' } as const;

function VersionsTable({ listId }: { listId: number }) {
  const { t } = useTranslation(['compliance-lists']);
  const versions = useVersions(listId);
  const columns: Column<ListVersionView>[] = [
    { key: 'status', header: t('compliance-lists:fields.status'), cell: (v) => <Badge variant={STATUS_BADGE[v.status]}>{t(`compliance-lists:statuses.${v.status}`)}</Badge> },
    { key: 'file', header: t('compliance-lists:fields.file'), wrap: true, cell: (v) => v.fileName },
    { key: 'entries', header: t('compliance-lists:fields.entries'), cell: (v) => v.entryCount },
    { key: 'uploaded', header: t('compliance-lists:fields.uploaded'), wrap: true, cell: (v) => `${v.uploadedBy} · ${formatDateTime(v.uploadedAt)}` },
    { key: 'decided', header: t('compliance-lists:fields.decided'), wrap: true, cell: (v) => (v.decidedBy ? `${v.decidedBy} · ${formatDateTime(v.decidedAt)}` : '—') },
    {
      key: 'period',
      header: t('compliance-lists:fields.period'),
      wrap: true,
      cell: (v) => (v.activeFrom ? `${formatDateTime(v.activeFrom)} – ${v.activeUntil ? formatDateTime(v.activeUntil) : t('compliance-lists:now')}` : '—'),
    },
    { key: 'sha', header: t('compliance-lists:fields.sha256'), cell: (v) => <span className="font-mono text-xs" translate="no">{v.sha256.slice(0, 12)}</span> },
  ];
  return (
    <QueryContent query={versions}>
      {(data) =>
        data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('compliance-lists:history.none')}</p>
        ) : (
          <DataTable label={t('compliance-lists:history.title')} testId="list-versions" columns={columns} rows={data.items} rowKey={(v) => v.id} compact />
        )
      }
    </QueryContent>
  );
}
