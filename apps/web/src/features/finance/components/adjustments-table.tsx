import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { SCALE } from '@aurum/domain/money/decimal';
import { useCan } from '#shared/access/use-can.ts';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { useAccountName } from '#shared/format/account-name.ts';
import { displayDate } from '@aurum/domain/system/display-date';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { EvidenceButton } from '#shared/ui/evidence-button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useApproveAdjustment } from '../api/approve-adjustment.ts';
import { useDeclineAdjustment } from '../api/decline-adjustment.ts';
import { EvidenceUpload } from './evidence-upload.tsx';

const STATUS_BADGE = { pending: 'pending', approved: 'approved', declined: 'declined' } as const;

function DeclineDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const decline = useDeclineAdjustment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={t('finance:adjustments.declineTitle', { id })} testId="decline-adjustment">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim() === '') return setError('required');
          decline.mutate(
            { id, body: { reason: reason.trim() } },
            {
              onSuccess: () => {
                toast.success(t('finance:adjustments.declined', { id }));
                onClose();
              },
              onError: (err) => toast.error(t('common:failed'), errorMessage(err)),
            },
          );
        }}
      >
        <TextField label={t('finance:adjustments.declineReason')} required value={reason} error={error} onChange={(e) => setReason(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" type="button" onClick={onClose}>
            {t('common:confirm.cancel')}
          </Button>
          <Button variant="danger" type="submit" loading={decline.isPending}>
            {t('finance:adjustments.decline')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The adjustments: pending first, each with approve and decline for a checker; decided ones with who,
 * when and the entry's date; each with its value date, its evidence, what it reverses or was reversed
 * by; an approved one not yet reversed offers its reversal to a maker (`onReverse`).
 */
export function AdjustmentsTable({ items, onReverse }: { items: readonly AdjustmentView[]; onReverse?: (adjustment: AdjustmentView) => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const bookName = useAccountName();
  const mayDecide = useCan('approveLedgerAdjustment');
  const mayPropose = useCan('proposeLedgerAdjustment');
  const me = useAdmin()?.username;
  // only its maker attaches evidence, while it is pending (decision 1044)
  const attaches = (a: AdjustmentView) => mayPropose && a.status === 'pending' && a.submittedBy === me;
  const approve = useApproveAdjustment();
  const [declining, setDeclining] = useState<number | null>(null);
  const columns: Column<AdjustmentView>[] = [
    { key: 'id', header: t('finance:adjustments.id'), cell: (a) => a.id },
    { key: 'status', header: t('finance:adjustments.status'), cell: (a) => <Badge variant={STATUS_BADGE[a.status]}>{t(`finance:adjustments.statuses.${a.status}`)}</Badge> },
    {
      key: 'movement',
      header: t('finance:adjustments.movement'),
      cell: (a) => (
        <ul>
          {a.postings.map((p, i) => (
            <li key={i} className="whitespace-nowrap tabular-nums">{`${bookName(p.from)} → ${bookName(p.to)} ${formatDecimal(p.amount, SCALE[p.asset])} ${p.asset}`}</li>
          ))}
        </ul>
      ),
    },
    { key: 'valueDate', header: t('finance:adjustments.valueDate'), cell: (a) => orDash(a.valueDate ? displayDate(a.valueDate) : null) },
    {
      key: 'evidence',
      header: t('finance:adjustments.evidence'),
      cell: (a) =>
        a.evidence || attaches(a) ? (
          <div className="flex flex-col items-start gap-1">
            {a.evidence ? <EvidenceButton adjustmentId={a.id} /> : null}
            {attaches(a) ? <EvidenceUpload adjustmentId={a.id} replaces={a.evidence} /> : null}
          </div>
        ) : (
          '-'
        ),
    },
    {
      key: 'reversal',
      header: t('finance:adjustments.reversal'),
      cell: (a) =>
        [a.reverses !== null ? t('finance:adjustments.reverses', { id: a.reverses }) : null, a.reversedBy !== null ? t('finance:adjustments.reversedBy', { id: a.reversedBy }) : null]
          .filter(Boolean)
          .join(' · ') || '-',
    },
    { key: 'reason', header: t('finance:adjustments.reason'), cell: (a) => (a.declineReason ? `${a.reason} (${a.declineReason})` : a.reason) },
    { key: 'submitted', header: t('finance:adjustments.submitted'), cell: (a) => `${a.submittedBy}, ${formatDateTime(a.submittedAt)}` },
    { key: 'decided', header: t('finance:adjustments.decided'), cell: (a) => (a.decidedBy ? `${a.decidedBy}, ${formatDateTime(a.decidedAt)}` : '-') },
    { key: 'posted', header: t('finance:adjustments.postedAt'), cell: (a) => orDash(a.postedAt ? formatDateTime(a.postedAt) : null) },
    {
      key: 'action',
      header: t('finance:adjustments.action'),
      cell: (a) =>
        mayDecide && a.status === 'pending' ? (
          <div className="flex gap-2">
            <Button
              size="sm"
              loading={approve.isPending && approve.variables === a.id}
              onClick={() =>
                approve.mutate(a.id, {
                  onSuccess: () => toast.success(t('finance:adjustments.approved', { id: a.id })),
                  onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
                })
              }
            >
              {t('finance:adjustments.approve')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeclining(a.id)}>
              {t('finance:adjustments.decline')}
            </Button>
          </div>
        ) : onReverse && a.status === 'approved' && a.reversedBy === null ? (
          <Button size="sm" variant="secondary" onClick={() => onReverse(a)}>
            {t('finance:adjustments.reverse', { id: a.id })}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('finance:adjustments.none')}</p>
      ) : (
        <DataTable label={t('finance:adjustments.title')} testId="adjustments" columns={columns} rows={items} rowKey={(a) => String(a.id)} />
      )}
      {declining !== null ? <DeclineDialog id={declining} onClose={() => setDeclining(null)} /> : null}
    </>
  );
}
