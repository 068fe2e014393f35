import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HoldDecision } from '@aurum/domain/compliance/hold-rules';
import { HOLD_NOTE_MAX, ProposeHoldBody, type HoldView } from '@aurum/domain/compliance/hold-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { lengthValues } from '#shared/form/server-errors.ts';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useAgreeHold } from '../api/agree-hold.ts';
import { useProposeHold } from '../api/propose-hold.ts';
import { FreezeReportDialog } from './freeze-report-dialog.tsx';

/** The holds in force: who, since when, why (the desk's note), the pending proposal; propose and agree. */
export function HoldsTable({ holds }: { holds: readonly HoldView[] }) {
  const { t } = useTranslation(['compliance', 'common']);
  const toast = useToast();
  const me = useAdmin();
  const agree = useAgreeHold();
  const [proposing, setProposing] = useState<{ hold: HoldView; decision: HoldDecision } | null>(null);
  const [reportOf, setReportOf] = useState<number | null>(null);
  const columns: Column<HoldView>[] = [
    {
      key: 'customer',
      header: t('compliance:fields.customer'),
      cell: (h) => (
        <Link to={`/account/user/${h.userId}`} className="font-medium text-amber-700 hover:underline">
          {h.username}
        </Link>
      ),
    },
    { key: 'status', header: t('compliance:fields.status'), cell: (h) => <Badge variant={h.status === 'frozen' ? 'declined' : 'pending'}>{t(`compliance:statuses.${h.status}`)}</Badge> },
    { key: 'placed', header: t('compliance:fields.placed'), cell: (h) => `${orDash(h.placedBy ?? t('compliance:screening'))} · ${formatDateTime(h.placedAt)}` },
    { key: 'note', header: t('compliance:fields.note'), wrap: true, cell: (h) => h.note },
    {
      key: 'proposal',
      header: t('compliance:fields.proposal'),
      wrap: true,
      cell: (h) => (h.proposal ? t('compliance:proposalOf', { decision: t(`compliance:decisions.${h.proposal.decision}`), by: h.proposal.by, note: h.proposal.note }) : '—'),
    },
    {
      key: 'actions',
      header: t('compliance:fields.actions'),
      // the reasons written under the buttons wrap rather than widen the table
      wrap: true,
      className: 'min-w-72',
      cell: (h) => {
        const mine = me !== null && h.placedBy === me.username;
        const pending = h.proposal !== null;
        return (
          <ActionGroup align="start">
            {h.status === 'frozen' ? (
              <Button size="sm" variant="secondary" data-testid={`freeze-report-${h.id}`} onClick={() => setReportOf(h.id)}>
                {t('compliance:report.open')}
              </Button>
            ) : null}
            {h.status === 'held' ? (
              <ActionButton size="sm" variant="secondary" permission="placeComplianceHold" blocked={pending ? t('compliance:blocked.pending') : null} data-testid={`propose-freeze-${h.id}`} onClick={() => setProposing({ hold: h, decision: 'freeze' })}>
                {t('compliance:propose.freeze')}
              </ActionButton>
            ) : null}
            <ActionButton
              size="sm"
              variant="secondary"
              permission="placeComplianceHold"
              blocked={pending ? t('compliance:blocked.pending') : mine ? t('compliance:blocked.ownHold') : null}
              data-testid={`propose-release-${h.id}`}
              onClick={() => setProposing({ hold: h, decision: 'release' })}
            >
              {t('compliance:propose.release')}
            </ActionButton>
            <ActionButton
              size="sm"
              permission="decideComplianceHold"
              blocked={!pending ? t('compliance:blocked.nothingPending') : h.proposal?.by === me?.username ? t('compliance:blocked.ownProposal') : null}
              loading={agree.isPending && agree.variables === h.id}
              data-testid={`agree-${h.id}`}
              onClick={() =>
                agree.mutate(h.id, {
                  onSuccess: (after) => toast.success(t(`compliance:toast.${after.status === 'frozen' ? 'frozen' : 'released'}`, { username: after.username })),
                  onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
                })
              }
            >
              {t('compliance:agree')}
            </ActionButton>
          </ActionGroup>
        );
      },
    },
  ];
  return (
    <>
      <DataTable label={t('compliance:listLabel')} testId="holds-table" columns={columns} rows={holds} rowKey={(h) => h.id} />
      <FreezeReportDialog holdId={reportOf} onClose={() => setReportOf(null)} />
      <Modal open={proposing !== null} onOpenChange={(open) => !open && setProposing(null)} title={proposing ? t(`compliance:propose.${proposing.decision}Title`, { username: proposing.hold.username }) : ''} testId="propose-dialog">
        {proposing ? <ProposeForm hold={proposing.hold} decision={proposing.decision} onDone={() => setProposing(null)} /> : null}
      </Modal>
    </>
  );
}

function ProposeForm({ hold, decision, onDone }: { hold: HoldView; decision: HoldDecision; onDone: () => void }) {
  const { t } = useTranslation(['compliance', 'common']);
  const toast = useToast();
  const propose = useProposeHold();
  const { register, handleSubmit, formState } = useForm<ProposeHoldBody>({ resolver: zodResolver(ProposeHoldBody), defaultValues: { decision, note: '' } });
  const error = formState.errors.note?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((body) =>
        propose.mutate(
          { id: hold.id, body },
          {
            onSuccess: () => {
              toast.success(t('compliance:toast.proposed'));
              onDone();
            },
            onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
          },
        ),
      )}
    >
      <p className="text-sm text-slate-700">{t('compliance:propose.secondOfficer')}</p>
      <TextField label={t('compliance:place.note')} required autoFocus error={error} errorValues={lengthValues(error, { max: HOLD_NOTE_MAX, min: 1 })} {...register('note')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={propose.isPending}>
          {t('common:confirm.cancel')}
        </Button>
        <Button type="submit" loading={propose.isPending} data-testid="propose-submit">
          {t(`compliance:propose.${decision}`)}
        </Button>
      </div>
    </form>
  );
}
