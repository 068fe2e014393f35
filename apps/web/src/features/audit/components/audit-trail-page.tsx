import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@aurum/domain/audit/classifications';
import { AUDIT_OBJECT_KINDS } from '@aurum/domain/audit/audit-objects';
import { Link } from 'react-router';
import type { AuditRowView } from '@aurum/domain/audit/audit-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { deviceLabel } from '#shared/format/device.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { applyFilters, patchQuery } from '#shared/list/list-query.ts';
import { PagerFrame } from '#shared/list/pagination.tsx';
import { TableSkeleton } from '#shared/list/table-skeleton.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { ExportButton } from '#shared/export/export-button.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DateRangeField } from '#shared/ui/date-range-field.tsx';
import { rangeProblem } from '#shared/ui/date-range.ts';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { AUDIT_RANGE_MAX_DAYS, exportSearch, filterFromQuery, objectProblem, type AuditFilterValues } from '../model/audit-filter.ts';
import { useAuditTrail } from '../api/list-audit-trail.ts';
import { useVerifyAuditTrail } from '../api/verify-audit-trail.ts';
import { actionLabel } from './action-label.ts';
import { AuditDetail } from './audit-detail.tsx';
import { objectKindLabel, objectLabel } from './object-label.ts';

/**
 * Audit Trail (Settings > Log, /system/log/): filter by username, time range (range calendar, at
 * most the server's 366 days), action classification and the object a row is about (its kind, and
 * its number), newest first with keyset pages in the shared pager (first = newest,
 * previous = newer, next = older; keyset pages cannot jump to the oldest, so last stays off); a row's
 * detail (before/after, notes); the filtered trail exported as CSV with its progress; superAdmin
 * checks the hash chain.
 */
export function AuditTrailPage() {
  const { t } = useTranslation(['system', 'sidebar', 'common', 'shell']);
  const list = useListQuery();
  const trail = useAuditTrail(list.query, list.limit);
  const [shown, setShown] = useState<AuditRowView | null>(null);

  // device and address may be hidden, and stay off a phone's cards: who did what to which object, and when
  const columns = useMemo<FitColumn<AuditRowView>[]>(
    () => [
      { key: 'username', header: t('system:audit.fields.username'), cell: (r) => <span className="font-medium">{r.username}</span> },
      {
        key: 'action',
        header: t('system:audit.fields.action'),
        cell: (r) => (
          <span title={r.action}>
            {actionLabel(t, r.action)}{' '}
            <span translate="no" className="ml-1 font-mono text-xs text-slate-500">
              {r.action}
            </span>
          </span>
        ),
      },
      {
        key: 'object',
        header: t('system:audit.fields.object'),
        // the object's name leads to every change to it (the trail filtered by kind and number)
        cell: (r) =>
          r.object ? (
            <Link
              to={{ search: `?objectKind=${r.object.kind}&objectId=${r.object.id}` }}
              className="text-amber-800 underline-offset-2 hover:underline"
              aria-label={t('system:audit.objects.showAll', { object: objectLabel(t, r.object) })}
              data-testid="audit-object"
            >
              {objectLabel(t, r.object)}
            </Link>
          ) : (
            orDash(null)
          ),
      },
      { key: 'date', header: t('system:audit.fields.date'), cell: (r) => <span className="tabular-nums">{formatDateTime(r.date)}</span> },
      {
        key: 'device',
        header: t('system:audit.fields.device'),
        optional: true,
        inCards: false,
        // what the User-Agent names ("Chrome 156 on Linux"); the raw string as a title and in the detail
        cell: (r) => (
          <span className="block max-w-64 truncate" title={r.device ?? undefined}>
            {r.deviceName ? deviceLabel(t, r.deviceName) : orDash(r.device)}
          </span>
        ),
      },
      { key: 'ip', header: t('system:audit.fields.ip'), optional: true, inCards: false, cell: (r) => <span className="font-mono text-xs">{orDash(r.ip)}</span> },
      {
        key: 'detail',
        header: t('system:audit.detail.title'),
        className: 'text-right',
        cell: (r) => (
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setShown(r)} aria-label={t('system:audit.detail.open', { action: r.action, id: r.id })}>
            {t('system:audit.detail.button')}
          </Button>
        ),
      },
    ],
    [t],
  );

  const { previous, next } = trail.data ?? { previous: null, next: null };
  const paged = list.query.has('after') || list.query.has('before');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:log')} subtitle={t('system:audit.subtitle')} actions={<HeaderActions query={list.query} />} />
      <AuditFilterForm key={list.query.toString()} query={list.query} onApply={(values) => list.setQuery(applyFilters(list.query, { ...values }, { page: 'empty', defaultLimit: list.limit }))} />
      {trail.isPending ? (
        <TableSkeleton columns={7} />
      ) : trail.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorMessage(trail.error)}
        </p>
      ) : (
        <>
          <FitTable
            label={t('system:log')}
            chooserId="audit"
            addressParam="hide"
            hideOptionalBelowWide={false}
            compact={false}
            testId="audit-table"
            columns={columns}
            rows={trail.data.items}
            rowKey={(r) => r.id}
            stale={trail.isPlaceholderData}
          />
          <PagerFrame
            limit={list.limit}
            onLimit={(limit) => list.setQuery(patchQuery(list.query, { limit: String(limit), after: null, before: null }))}
            label={t('system:audit.pager.rows', { count: trail.data.items.length })}
            first={previous || paged ? () => list.setQuery(patchQuery(list.query, { after: null, before: null })) : null}
            previous={previous ? () => list.setQuery(patchQuery(list.query, { before: previous, after: null })) : null}
            next={next ? () => list.setQuery(patchQuery(list.query, { after: next, before: null })) : null}
            last={null}
          />
        </>
      )}
      <AuditDetail row={shown} onClose={() => setShown(null)} />
    </div>
  );
}

const NO_CLASSIFICATION = '';

function AuditFilterForm({ query, onApply }: { query: URLSearchParams; onApply: (values: AuditFilterValues) => void }) {
  const { t } = useTranslation(['system', 'common']);
  const [values, setValues] = useState<AuditFilterValues>(() => filterFromQuery(query));
  const [tried, setTried] = useState(false);
  const problem = rangeProblem({ from: values.from, to: values.to }, { maxDays: AUDIT_RANGE_MAX_DAYS });
  const options = useMemo(
    () => [{ value: NO_CLASSIFICATION, label: t('system:audit.filter.allClassifications') }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: `${actionLabel(t, a)} (${a})` }))],
    [t],
  );
  const kinds = useMemo(() => [{ value: '', label: t('system:audit.filter.anyObject') }, ...AUDIT_OBJECT_KINDS.map((k) => ({ value: k, label: objectKindLabel(t, k) }))], [t]);
  const objectError = objectProblem({ objectKind: values.objectKind, objectId: values.objectId.trim() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || objectError) return;
    onApply({ ...values, username: values.username.trim(), objectId: values.objectId.trim() });
  };
  return (
    <Card className="p-4">
      <form role="search" aria-label={t('system:audit.filter.title')} noValidate onSubmit={submit} className="flex flex-wrap items-start gap-4">
        <TextField label={t('system:audit.fields.username')} className="w-56" value={values.username} onChange={(event) => setValues((v) => ({ ...v, username: event.target.value }))} />
        <DateRangeField
          label={t('system:audit.filter.timeRange')}
          value={{ from: values.from, to: values.to }}
          onChange={(range) => setValues((v) => ({ ...v, ...range }))}
          maxDays={AUDIT_RANGE_MAX_DAYS}
          strict={tried}
          hint={t('system:audit.filter.timeRangeHint', { max: AUDIT_RANGE_MAX_DAYS })}
        />
        <Select
          label={t('system:audit.fields.classification')}
          className="w-72"
          options={options}
          value={values.actionClassification}
          onChange={(actionClassification) => setValues((v) => ({ ...v, actionClassification }))}
        />
        <Select label={t('system:audit.fields.objectKind')} className="w-52" options={kinds} value={values.objectKind} onChange={(objectKind) => setValues((v) => ({ ...v, objectKind }))} />
        <TextField
          label={t('system:audit.fields.objectId')}
          className="w-36"
          inputMode="numeric"
          value={values.objectId}
          onChange={(event) => setValues((v) => ({ ...v, objectId: event.target.value }))}
          error={tried && objectError ? t(`system:audit.filter.${objectError}`) : undefined}
          hint={t('system:audit.filter.objectIdHint')}
        />
        <div className="flex gap-2 self-end pb-0.5">
          <Button type="submit">{t('system:audit.filter.search')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              const empty = { username: '', from: '', to: '', actionClassification: '', objectKind: '', objectId: '' };
              setValues(empty);
              onApply(empty);
            }}
          >
            {t('common:filter.reset')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function HeaderActions({ query }: { query: URLSearchParams }) {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const verify = useVerifyAuditTrail();
  return (
    <div className="flex flex-col items-end gap-2">
      <ActionGroup>
        <ActionButton
          variant="secondary"
          permission="verifyAudit"
          loading={verify.isPending}
          onClick={() => verify.mutate(undefined, { onError: (error) => toast.error(t('common:failed'), errorMessage(error)) })}
          data-testid="verify-chain"
        >
          {t('system:audit.verify.button')}
        </ActionButton>
        <ExportButton list="audit_trail" search={exportSearch(query)} />
      </ActionGroup>
      {verify.data ? (
        <p
          role="status"
          data-testid="verify-result"
          className={`rounded-md px-3 py-1.5 text-xs ${verify.data.ok ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800'}`}
        >
          {verify.data.ok
            ? `${t('system:audit.verify.ok', { count: verify.data.checked, head: verify.data.head ? `#${verify.data.head.id} ${verify.data.head.hash.slice(0, 12)}…` : '-' })}${
                verify.data.keyed.cutoverId !== null ? ` ${t('system:audit.verify.keyed', { id: verify.data.keyed.cutoverId, key: verify.data.keyed.keyId, count: verify.data.keyed.rotations })}` : ''
              }`
            : t('system:audit.verify.broken', { id: verify.data.broken?.id ?? '-', kind: verify.data.broken?.kind ?? '-', reason: verify.data.broken?.reason ?? '' })}
        </p>
      ) : null}
    </div>
  );
}
