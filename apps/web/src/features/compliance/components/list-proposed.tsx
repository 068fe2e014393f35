import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_CHANGES, type ListChange } from '@aurum/domain/compliance/list-rules';
import type { ListEntryView, ListVersionView } from '@aurum/domain/compliance/list-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { CheckboxField } from '#shared/ui/checkbox-field.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TabList } from '#shared/ui/tab-list.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useDiff } from '../api/list-queries.ts';
import type { useActivateVersion, useRejectVersion } from '../api/list-writes.ts';

const PAGE = 50;

type Decisions = { activate: ReturnType<typeof useActivateVersion>; reject: ReturnType<typeof useRejectVersion> };

/**
 * The version proposed: what it adds, removes and changes against the one in force, and the second
 * officer's decision. The decisions' mutations belong to the caller, which outlives this card (a
 * decided version leaves it, and its toast must still be said).
 */
export function ListProposed({ version, decisions: { activate, reject } }: { version: ListVersionView; decisions: Decisions }) {
  const { t } = useTranslation(['compliance-lists', 'common']);
  const toast = useToast();
  const me = useAdmin();
  const [change, setChange] = useState<ListChange>('added');
  const [confirmDrop, setConfirmDrop] = useState(false);
  const own = me !== null && version.uploadedBy === me.username ? t('compliance-lists:blocked.own') : null;
  const failed = (e: unknown) => toast.error(t('common:failed'), errorMessage(e));
  return (
    <TitledCard title={t('compliance-lists:proposed.title', { file: version.fileName })}>
      <div className="flex flex-col gap-4" data-testid="list-proposed">
        <p className="text-sm text-slate-700">
          {t('compliance-lists:proposed.summary', { by: version.uploadedBy, at: formatDateTime(version.uploadedAt), count: version.entryCount, added: version.diff.added, removed: version.diff.removed, changed: version.diff.changed })}
        </p>
        <TabList
          label={t('compliance-lists:proposed.diffLabel')}
          tabs={LIST_CHANGES.map((c) => ({ value: c, label: t(`compliance-lists:changes.${c}`, { count: version.diff[c] }) }))}
          value={change}
          onChange={setChange}
        />
        <DiffEntries key={change} versionId={version.id} change={change} />
        {version.largeDrop ? (
          <Notice testId="large-drop">
            <span className="flex flex-col gap-2">
              <span>{t('compliance-lists:largeDrop.notice', { count: version.diff.removed })}</span>
              <CheckboxField label={t('compliance-lists:largeDrop.confirm')} checked={confirmDrop} onChange={(e) => setConfirmDrop(e.target.checked)} data-testid="confirm-large-drop" />
            </span>
          </Notice>
        ) : null}
        <ActionGroup align="start">
          <ActionButton
            permission="decideComplianceHold"
            blocked={own}
            disabled={version.largeDrop && !confirmDrop}
            loading={activate.isPending}
            data-testid="list-activate"
            onClick={() => activate.mutate({ versionId: version.id, confirmLargeDrop: confirmDrop }, { onSuccess: () => toast.success(t('compliance-lists:toast.activated')), onError: failed })}
          >
            {t('compliance-lists:activate')}
          </ActionButton>
          <ActionButton
            variant="secondary"
            permission="decideComplianceHold"
            blocked={own}
            loading={reject.isPending}
            data-testid="list-reject"
            onClick={() => reject.mutate(version.id, { onSuccess: () => toast.success(t('compliance-lists:toast.rejected')), onError: failed })}
          >
            {t('compliance-lists:reject')}
          </ActionButton>
        </ActionGroup>
      </div>
    </TitledCard>
  );
}

function DiffEntries({ versionId, change }: { versionId: number; change: ListChange }) {
  const { t } = useTranslation(['compliance-lists']);
  const [limit, setLimit] = useState(PAGE);
  const diff = useDiff(versionId, change, limit);
  const columns: Column<ListEntryView>[] = [
    { key: 'reference', header: t('compliance-lists:fields.reference'), cell: (e) => <span translate="no">{e.reference}</span> },
    { key: 'name', header: t('compliance-lists:fields.name'), wrap: true, cell: (e) => <span className="font-medium text-slate-900">{e.primaryName}</span> },
    {
      key: 'aliases',
      header: t('compliance-lists:fields.aliases'),
      wrap: true,
      cell: (e) =>
        e.names
          .slice(1)
          .map((n) => (n.quality === 'low' ? `${n.name} (${t('compliance-lists:lowQuality')})` : n.name))
          .join('; ') || '—',
    },
    { key: 'type', header: t('compliance-lists:fields.type'), cell: (e) => t(`compliance-lists:types.${e.type}`) },
    { key: 'born', header: t('compliance-lists:fields.born'), cell: (e) => e.birthDates.join(', ') || '—' },
    { key: 'nationality', header: t('compliance-lists:fields.nationality'), wrap: true, cell: (e) => e.nationalities.join(', ') || '—' },
  ];
  return (
    <QueryContent query={diff}>
      {(data) => (
        <div className="flex flex-col gap-2">
          {data.items.length === 0 ? (
            <p className="text-sm text-slate-600">{t('compliance-lists:proposed.noEntries')}</p>
          ) : (
            <DataTable label={t(`compliance-lists:changes.${change}`, { count: data.total })} testId={`diff-${change}`} columns={columns} rows={data.items} rowKey={(e) => e.reference} compact />
          )}
          {data.items.length < data.total ? (
            <Button variant="secondary" size="sm" className="self-start" onClick={() => setLimit((l) => Math.min(l + PAGE, 200))} disabled={limit >= 200}>
              {t('compliance-lists:proposed.more', { shown: data.items.length, total: data.total })}
            </Button>
          ) : null}
        </div>
      )}
    </QueryContent>
  );
}
