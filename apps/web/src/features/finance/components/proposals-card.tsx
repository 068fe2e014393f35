import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextYear } from '@aurum/domain/finance/periods';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import { SCALE } from '@aurum/domain/money/decimal';
import { useCan } from '#shared/access/use-can.ts';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { formatDate, formatDateTime, formatPeriod, orDash } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { FitTable, type FitColumn } from '#shared/list/fit-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { useAccountName } from '#shared/format/account-name.ts';
import { useApproveProposal } from '../api/approve-proposal.ts';
import { useDeclineProposal } from '../api/decline-proposal.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** What a proposal is about, in words: "Close the month 10/2026", "Reopen 27/11/2026". */
export function useProposalTitle(): (p: Pick<ProposalView, 'kind' | 'target'>) => string {
  const { t } = useTranslation(['finance']);
  return (p) => t(`finance:proposals.title.${p.kind}`, { target: p.kind === 'dayReopen' ? formatDate(p.target) : formatPeriod(p.target) });
}

/** What approving does, as the server computes it now: the days and months a reopening takes, a year's closing entry, or why it cannot be approved. */
function Effect({ proposal }: { proposal: ProposalView }) {
  const { t } = useTranslation(['finance']);
  const book = useAccountName();
  const effect = proposal.effect;
  if (!effect) return null;
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      {effect.reopensDays.length > 0 ? <p>{t('finance:proposals.effect.days', { days: effect.reopensDays.map(formatDate).join(', ') })}</p> : null}
      {effect.reopensMonths.length > 0 ? <p>{t('finance:proposals.effect.months', { months: effect.reopensMonths.map(formatPeriod).join(', ') })}</p> : null}
      {effect.posts.length > 0 ? (
        <div>
          <p>{t('finance:proposals.effect.posts')}</p>
          <ul className="pl-4">
            {effect.posts.map((p, i) => (
              <li key={i} className="tabular-nums">{`${book(p.from)} → ${book(p.to)} ${formatDecimal(p.amount, SCALE[p.asset])} ${p.asset}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {effect.refusal ? (
        <p className="text-amber-900" data-testid="proposal-refusal">
          {t('finance:proposals.effect.refusal', { refusal: effect.refusal })}
        </p>
      ) : null}
    </div>
  );
}

function DeclineDialog({ proposal, onClose }: { proposal: ProposalView; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const title = useProposalTitle()(proposal);
  const decline = useDeclineProposal();
  return (
    <ReasonDialog
      title={t('finance:proposals.decline.title', { what: title })}
      explain={t('finance:proposals.decline.explain')}
      reasonLabel={t('finance:proposals.decline.reason')}
      submitLabel={t('finance:proposals.decline.submit')}
      pending={decline.isPending}
      testId="decline-proposal"
      onClose={onClose}
      onSubmit={(reason) =>
        decline.mutate(
          { id: proposal.id, body: { reason } },
          {
            onSuccess: () => {
              toast.success(t('finance:proposals.decline.done', { what: title }));
              onClose();
            },
            onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
          },
        )
      }
    />
  );
}

/** One pending proposal: what it is, who proposed it, what approving does, and approve or decline for another admin who may. */
function PendingProposal({ proposal, onApprove, onDecline }: { proposal: ProposalView; onApprove: () => void; onDecline: () => void }) {
  const { t } = useTranslation(['finance']);
  const admin = useAdmin();
  const title = useProposalTitle()(proposal);
  const mayDecide = useCan(proposal.kind === 'dayReopen' ? 'reopenBusinessDay' : 'closeBusinessDay');
  const own = admin?.id === proposal.proposedById;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid={`proposal-${proposal.id}`} aria-label={title}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="pending">{t('finance:proposals.statuses.pending')}</Badge>
        <span className="font-medium text-slate-900">{title}</span>
      </div>
      <p className="text-sm text-slate-600">{t('finance:proposals.proposed', { by: proposal.proposedBy, at: formatDateTime(proposal.proposedAt) })}</p>
      {proposal.reason ? <p className="text-sm text-slate-700">{t('finance:proposals.reason', { reason: proposal.reason })}</p> : null}
      <Effect proposal={proposal} />
      {own ? (
        <p className="text-sm text-slate-600" data-testid="own-proposal">
          {t('finance:proposals.own')}
        </p>
      ) : !mayDecide ? (
        <p className="text-sm text-slate-600">{t(proposal.kind === 'dayReopen' ? 'finance:proposals.needsSuperAdmin' : 'finance:proposals.needsCloser')}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={own || !mayDecide || proposal.effect?.refusal != null} onClick={onApprove}>
          {t('finance:proposals.approve')}
        </Button>
        <Button size="sm" variant="secondary" disabled={own || !mayDecide} onClick={onDecline}>
          {t('finance:proposals.decline.button')}
        </Button>
      </div>
    </li>
  );
}

/** What approving does, said in the confirmation. */
function useApproveMessage(): (p: ProposalView) => string {
  const { t } = useTranslation(['finance']);
  return (p) => {
    if (p.kind === 'monthClose') return t('finance:proposals.confirm.monthClose', { month: formatPeriod(p.target) });
    if (p.kind === 'yearClose') return t('finance:proposals.confirm.yearClose', { year: p.target, next: nextYear(p.target) });
    return t('finance:proposals.confirm.dayReopen', { days: (p.effect?.reopensDays ?? [p.target]).map(formatDate).join(', ') });
  };
}

/**
 * The proposals of the day close: pending ones (oldest first) a second admin approves after a
 * confirmation saying what happens, or declines with a reason; then the latest decided.
 */
export function ProposalsCard({ items }: { items: readonly ProposalView[] }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const titleOf = useProposalTitle();
  const approveMessage = useApproveMessage();
  const approve = useApproveProposal();
  const [approving, setApproving] = useState<ProposalView | null>(null);
  const [declining, setDeclining] = useState<ProposalView | null>(null);
  const pending = items.filter((p) => p.status === 'pending');
  const decided = items.filter((p) => p.status !== 'pending');
  const columns: FitColumn<ProposalView>[] = [
    { key: 'what', header: t('finance:proposals.table.what'), cell: (p) => titleOf(p) },
    { key: 'status', header: t('finance:proposals.table.status'), cell: (p) => <Badge variant={p.status === 'approved' ? 'approved' : 'declined'}>{t(`finance:proposals.statuses.${p.status}`)}</Badge> },
    { key: 'proposed', header: t('finance:proposals.table.proposed'), cell: (p) => `${p.proposedBy}, ${formatDateTime(p.proposedAt)}` },
    { key: 'decided', header: t('finance:proposals.table.decided'), cell: (p) => (p.decidedBy ? `${p.decidedBy}, ${formatDateTime(p.decidedAt)}` : '-') },
    { key: 'reason', header: t('finance:proposals.table.reason'), optional: true, cell: (p) => orDash(p.declineReason ?? p.reason) },
  ];
  const onApprove = (p: ProposalView) =>
    approve.mutate(p.id, {
      onSuccess: () => {
        setApproving(null);
        toast.success(t('finance:proposals.approved', { what: titleOf(p) }));
      },
      onError: (e) => {
        setApproving(null);
        toast.error(t('common:failed'), errorMessage(e));
      },
    });
  return (
    <div className="flex flex-col gap-4">
      {pending.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="no-pending-proposals">
          {t('finance:proposals.nonePending')}
        </p>
      ) : (
        <ul aria-label={t('finance:proposals.pending')} className="flex flex-col gap-3">
          {pending.map((p) => (
            <PendingProposal key={p.id} proposal={p} onApprove={() => setApproving(p)} onDecline={() => setDeclining(p)} />
          ))}
        </ul>
      )}
      {decided.length > 0 ? <FitTable label={t('finance:proposals.decided')} chooserId="proposals" testId="decided-proposals" columns={columns} rows={decided} rowKey={(p) => p.id} /> : null}
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => (open ? undefined : setApproving(null))}
        title={approving ? t('finance:proposals.confirm.title', { what: titleOf(approving) }) : ''}
        message={approving ? approveMessage(approving) : undefined}
        confirmLabel={t('finance:proposals.approve')}
        danger={approving?.kind === 'dayReopen'}
        loading={approve.isPending}
        onConfirm={() => (approving ? onApprove(approving) : undefined)}
      />
      {declining ? <DeclineDialog proposal={declining} onClose={() => setDeclining(null)} /> : null}
    </div>
  );
}
