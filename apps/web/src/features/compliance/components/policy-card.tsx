import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HOLD_NOTE_MAX } from '@aurum/domain/compliance/hold-schemas';
import { ProposePolicyForm, type PolicyView } from '@aurum/domain/compliance/policy-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { lengthValues } from '#shared/form/server-errors.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useAgreePolicy } from '../api/agree-policy.ts';
import { useDeclinePolicy } from '../api/decline-policy.ts';
import { policyQueries } from '../api/policy-queries.ts';
import { useProposePolicy } from '../api/propose-policy.ts';

/**
 * The due diligence enforcement switch (decision 1106): what it does now, and a change proposed
 * by one officer and agreed by a second.
 */
export function PolicyCard() {
  const { t } = useTranslation(['compliance']);
  const policy = useQuery(policyQueries.current());
  return (
    <TitledCard title={t('compliance:policy.title')}>
      <QueryContent query={policy} pending={<SectionSpinner />}>
        {(data) => <PolicyBody policy={data} />}
      </QueryContent>
    </TitledCard>
  );
}

function PolicyBody({ policy }: { policy: PolicyView }) {
  const { t } = useTranslation(['compliance', 'common']);
  const toast = useToast();
  const me = useAdmin();
  const propose = useProposePolicy();
  const agree = useAgreePolicy();
  const decline = useDeclinePolicy();
  const { register, handleSubmit, reset, formState } = useForm<ProposePolicyForm>({ resolver: zodResolver(ProposePolicyForm), defaultValues: { note: '' } });
  const noteError = formState.errors.note?.message;
  const failed = (e: unknown) => toast.error(t('common:failed'), errorMessage(e));
  const state = policy.enforce ? 'on' : 'off';
  return (
    <div className="flex flex-col gap-4" data-testid="policy">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="policy-state">
          <Badge variant={policy.enforce ? 'approved' : 'gray'}>{t(`compliance:policy.state.${state}`)}</Badge>
        </span>
        <span>{t(`compliance:policy.means.${state}`)}</span>
      </p>
      {policy.updatedBy ? <p className="text-sm text-slate-600">{t('compliance:policy.changed', { by: policy.updatedBy, at: formatDateTime(policy.updatedAt) })}</p> : null}
      {policy.proposal ? (
        <>
          <p className="text-sm" data-testid="policy-proposal">
            {t(`compliance:policy.proposed.${policy.proposal.enforce ? 'on' : 'off'}`, { by: policy.proposal.by, note: policy.proposal.note })}
          </p>
          <ActionGroup align="start">
            <ActionButton
              permission="decideComplianceHold"
              blocked={policy.proposal.by === me?.username ? t('compliance:blocked.ownProposal') : null}
              loading={agree.isPending}
              data-testid="policy-agree"
              onClick={() => agree.mutate(undefined, { onSuccess: (after) => toast.success(t(`compliance:policy.toast.${after.enforce ? 'on' : 'off'}`)), onError: failed })}
            >
              {t('compliance:agree')}
            </ActionButton>
            <ActionButton variant="secondary" permission="placeComplianceHold" loading={decline.isPending} data-testid="policy-decline" onClick={() => decline.mutate(undefined, { onError: failed })}>
              {t('compliance:policy.withdraw')}
            </ActionButton>
          </ActionGroup>
        </>
      ) : (
        <form
          noValidate
          aria-label={t(`compliance:policy.propose.${policy.enforce ? 'off' : 'on'}`)}
          className="flex flex-col gap-4"
          onSubmit={handleSubmit((form) =>
            propose.mutate(
              { enforce: !policy.enforce, note: form.note },
              {
                onSuccess: () => {
                  toast.success(t('compliance:toast.proposed'));
                  reset();
                },
                onError: failed,
              },
            ),
          )}
        >
          <TextField label={t('compliance:policy.note')} required error={noteError} errorValues={lengthValues(noteError, { max: HOLD_NOTE_MAX, min: 1 })} {...register('note')} />
          <ActionButton type="submit" align="start" variant="secondary" permission="placeComplianceHold" loading={propose.isPending} data-testid="policy-propose">
            {t(`compliance:policy.propose.${policy.enforce ? 'off' : 'on'}`)}
          </ActionButton>
        </form>
      )}
    </div>
  );
}
