import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { RESOLVE_NOTE_MAX, ResolveBreakBody, type BreakView, type ExplainingPosting } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { lengthValues } from '#shared/form/server-errors.ts';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from '#shared/ui/field.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { useResolveBreak } from '../api/resolve-break.ts';
import { BarCell, DifferenceCell } from './break-cells.tsx';

/**
 * One break in the drawer: both records, the difference, the postings that explain it, and for an
 * open break the resolve form (a note is required); a resolved break shows who resolved it, when and why.
 */
export function BreakDetailModal({ row, onClose }: { row: BreakView; onClose: () => void }) {
  const { t } = useTranslation(['treasury-reconciliation']);
  const kind = t(`treasury-reconciliation:kinds.${row.kind}`);
  return (
    <Modal open drawer onOpenChange={(open) => (open ? undefined : onClose())} title={t('treasury-reconciliation:detail.title', { id: row.id, kind })} testId="break-detail">
      <div className="flex flex-col gap-6">
        {row.kind === 'coverageShort' ? (
          <p className="text-sm text-slate-800">{t('treasury-reconciliation:detail.coverage', { grams: formatDecimal(row.difference, 4) })}</p>
        ) : null}
        <DetailList
          items={[
            { label: t('treasury-reconciliation:breaks.metal'), value: row.metal },
            { label: t('treasury-reconciliation:breaks.bar'), value: row.serial ? `${row.refiner ?? ''} ${row.serial}` : '-' },
            { label: t('treasury-reconciliation:breaks.vault'), value: orDash(row.vaultCode) },
            { label: t('treasury-reconciliation:breaks.difference'), value: <DifferenceCell row={row} /> },
            ...(row.kind === 'coverageShort'
              ? []
              : [
                  { label: t('treasury-reconciliation:breaks.ours'), value: <BarCell bar={row.ours} /> },
                  { label: t('treasury-reconciliation:breaks.theirs'), value: <BarCell bar={row.theirs} /> },
                ]),
            { label: t('treasury-reconciliation:breaks.openedAt'), value: formatDateTime(row.openedAt) },
            { label: t('treasury-reconciliation:detail.firstRun'), value: row.firstRunId },
            { label: t('treasury-reconciliation:detail.lastRun'), value: row.lastRunId },
            ...(row.status === 'resolved'
              ? [
                  { label: t('treasury-reconciliation:detail.resolvedBy'), value: orDash(row.resolvedBy), testId: 'break-resolved-by' },
                  { label: t('treasury-reconciliation:detail.resolvedAt'), value: formatDateTime(row.resolvedAt) },
                  { label: t('treasury-reconciliation:detail.resolutionNote'), value: orDash(row.note), testId: 'break-note' },
                ]
              : []),
          ]}
        />
        <Postings postings={row.postings} />
        {row.status === 'open' ? <ResolveForm id={row.id} onDone={onClose} /> : null}
      </div>
    </Modal>
  );
}

function Postings({ postings }: { postings: readonly ExplainingPosting[] }) {
  const { t } = useTranslation(['treasury-reconciliation']);
  const columns: Column<ExplainingPosting>[] = [
    { key: 'entry', header: t('treasury-reconciliation:detail.entry'), cell: (p) => p.entryId },
    { key: 'posted', header: t('treasury-reconciliation:detail.posted'), cell: (p) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(p.createdAt)}</span> },
    { key: 'kind', header: t('treasury-reconciliation:detail.entryKind'), cell: (p) => p.kind },
    { key: 'move', header: t('treasury-reconciliation:detail.move'), cell: (p) => <span className="text-xs whitespace-nowrap">{`${p.from} → ${p.to}`}</span> },
    { key: 'amount', header: t('treasury-reconciliation:detail.amount'), cell: (p) => <span className="whitespace-nowrap tabular-nums">{`${formatDecimal(p.amount, 4)} ${p.asset}`}</span> },
    { key: 'note', header: t('treasury-reconciliation:detail.note'), cell: (p) => orDash(p.note) },
  ];
  return (
    <section className="flex flex-col gap-2" aria-labelledby="break-postings">
      <h3 id="break-postings" className="text-sm font-semibold text-slate-900">
        {t('treasury-reconciliation:detail.postings')}
      </h3>
      {postings.length === 0 ? (
        <p className="text-sm text-slate-600">{t('treasury-reconciliation:detail.noPostings')}</p>
      ) : (
        <DataTable label={t('treasury-reconciliation:detail.postings')} testId="break-postings" columns={columns} rows={postings} rowKey={(p) => `${p.entryId}-${p.from}-${p.to}-${p.amount}`} />
      )}
    </section>
  );
}

function ResolveForm({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation(['treasury-reconciliation', 'common']);
  const toast = useToast();
  const resolve = useResolveBreak();
  const { register, handleSubmit, formState, setError } = useForm<ResolveBreakBody>({ resolver: zodResolver(ResolveBreakBody), defaultValues: { note: '' } });
  const error = formState.errors.note?.message;
  const fieldId = `resolve-note-${id}`;
  return (
    <form
      noValidate
      aria-label={t('treasury-reconciliation:detail.resolve')}
      className="flex flex-col gap-3"
      onSubmit={handleSubmit((body) =>
        resolve.mutate(
          { id, body },
          {
            onSuccess: () => {
              toast.success(t('treasury-reconciliation:toast.resolved'));
              onDone();
            },
            onError: (e) => {
              if (isApiError(e) && e.code === ErrorCode.InvalidFormat && e.context === 'note') setError('note', { message: 'required' }, { shouldFocus: true });
              else if (isApiError(e) && e.code === ErrorCode.ReconciliationBreakResolved) {
                toast.error(t('treasury-reconciliation:toast.alreadyResolved'));
                onDone();
              } else toast.error(t('common:failed'), errorMessage(e));
            },
          },
        ),
      )}
    >
      <FieldShell
        label={t('treasury-reconciliation:detail.resolveNote')}
        htmlFor={fieldId}
        required
        hint={t('treasury-reconciliation:detail.resolveHint', { max: RESOLVE_NOTE_MAX })}
        error={error}
        errorValues={lengthValues(error, { max: RESOLVE_NOTE_MAX, min: 1 })}
        errorId={`${fieldId}-error`}
      >
        <textarea
          id={fieldId}
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`${INPUT_CLASSES} ${inputBorder(Boolean(error))} resize-y`}
          data-testid="resolve-note"
          {...register('note')}
        />
      </FieldShell>
      <ActionGroup className="self-end">
        <Button variant="secondary" onClick={onDone}>
          {t('treasury-reconciliation:detail.close')}
        </Button>
        <ActionButton type="submit" loading={resolve.isPending} permission="resolveReconciliationBreak" data-testid="resolve-break">
          {t('treasury-reconciliation:detail.resolve')}
        </ActionButton>
      </ActionGroup>
    </form>
  );
}
