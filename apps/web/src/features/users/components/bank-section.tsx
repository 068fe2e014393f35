import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { mayDecide } from '@aurum/domain/access/maker-checker';
import { BankAccountBody } from '@aurum/domain/users/user-schemas';
import type { BankAccountView } from '@aurum/domain/users/user-views';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { lengthValues } from '#shared/form/server-errors.ts';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Card } from '#shared/ui/card.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useAddBankAccount } from '../api/add-bank-account.ts';
import { useApproveBankAccount } from '../api/approve-bank-account.ts';
import { useDeclineBankAccount } from '../api/decline-bank-account.ts';
import { useRemoveBankAccount } from '../api/remove-bank-account.ts';
import { useUpdateBankAccount } from '../api/update-bank-account.ts';
import { bankBadge } from './user-labels.ts';
import { FormActions } from '#shared/form/form-actions.tsx';
import { useCallOutcome } from '#shared/form/use-call-outcome.ts';

type Dialog = 'add' | 'update' | 'approve' | 'decline' | 'remove' | null;

/**
 * Bank Information: one account per user; add, update while pending or declined, approve or
 * decline while pending (never by its submitter: the server refuses, 1150), remove.
 */
export function BankSection({ userId, bank }: { userId: number; bank: BankAccountView | null }) {
  const { t } = useTranslation(['user', 'common']);
  const admin = useAdmin();
  const [dialog, setDialog] = useState<Dialog>(null);
  const approve = useApproveBankAccount();
  const decline = useDeclineBankAccount();
  const remove = useRemoveBankAccount();
  // a decision's dialog closes once it is answered, whatever the answer
  const outcome = useCallOutcome(() => setDialog(null), true);
  const decisions = [
    { name: 'approve', call: approve, toast: 'user:toast.bankApproved', danger: false },
    { name: 'decline', call: decline, toast: 'user:toast.bankDeclined', danger: true },
    { name: 'remove', call: remove, toast: 'user:toast.bankRemoved', danger: true },
  ] as const;
  const pending = bank?.status === 'pending';
  const ownSubmission = pending && admin !== null && !mayDecide({ submittedBy: bank.submittedById }, admin.id);
  // a decision its maker may not take is off, with why under the buttons (as deposit, withdrawal and transfer requests do)
  const own = ownSubmission ? t('user:bank.ownSubmission') : null;

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{t('user:sections.bank')}</h2>
        <ActionGroup>
          {bank === null ? (
            <ActionButton variant="secondary" permission="addBankInfo" onClick={() => setDialog('add')}>
              {t('user:bank.add')}
            </ActionButton>
          ) : (
            <>
              {bank.status !== 'approved' ? (
                <ActionButton variant="secondary" permission="updateBankInfo" onClick={() => setDialog('update')}>
                  {t('user:bank.update')}
                </ActionButton>
              ) : null}
              {pending ? (
                <>
                  <ActionButton permission="approveBankInfo" blocked={own} onClick={() => setDialog('approve')}>
                    {t('user:bank.approve')}
                  </ActionButton>
                  <ActionButton variant="secondary" permission="declineBankInfo" blocked={own} onClick={() => setDialog('decline')}>
                    {t('user:bank.decline')}
                  </ActionButton>
                </>
              ) : null}
              <ActionButton variant="danger" permission="deleteBankInfo" onClick={() => setDialog('remove')}>
                {t('user:bank.remove')}
              </ActionButton>
            </>
          )}
        </ActionGroup>
      </div>
      {bank ? (
        <DetailList
          columns={3}
          items={[
            { label: t('user:bank.bankName'), value: bank.bankName, testId: 'bank-name' },
            { label: t('user:bank.accountOwner'), value: bank.accountOwner },
            { label: t('user:bank.accountNumber'), value: bank.accountNumber },
            { label: t('user:bank.status'), value: <Badge variant={bankBadge(bank.status)}>{t(`user:bankStatus.${bank.status}`)}</Badge>, testId: 'bank-status' },
            { label: t('user:bank.submittedBy'), value: `${orDash(bank.submittedBy)} · ${formatDateTime(bank.submittedAt)}` },
            { label: t('user:bank.decidedBy'), value: bank.decidedBy ? `${bank.decidedBy} · ${formatDateTime(bank.decidedAt)}` : orDash(null) },
            { label: t('user:bank.approvedAt'), value: formatDateTime(bank.approvedAt) },
          ]}
        />
      ) : (
        <p className="text-sm text-slate-500">{t('user:bank.none')}</p>
      )}

      {dialog === 'add' || dialog === 'update' ? <BankDialog userId={userId} bank={dialog === 'update' ? bank : null} onClose={() => setDialog(null)} /> : null}
      {decisions.map(({ name, call, toast: done, danger }) => (
        <ConfirmDialog
          key={name}
          open={dialog === name}
          onOpenChange={(open) => setDialog(open ? name : null)}
          title={t(`user:bank.${name}Title`)}
          message={t(`user:bank.${name}Text`, { bank: bank?.bankName ?? '' })}
          confirmLabel={t(`user:bank.${name}`)}
          danger={danger}
          loading={call.isPending}
          onConfirm={() => call.mutate(userId, outcome(t(done)))}
        />
      ))}
    </Card>
  );
}

const LIMITS = { bankName: { max: 100 }, accountOwner: { max: 150 }, accountNumber: { min: 5, max: 34 } } as const;

function BankDialog({ userId, bank, onClose }: { userId: number; bank: BankAccountView | null; onClose: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const outcome = useCallOutcome(onClose);
  const add = useAddBankAccount();
  const update = useUpdateBankAccount();
  const saving = add.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BankAccountBody>({
    resolver: zodResolver(BankAccountBody),
    mode: 'onTouched',
    defaultValues: { bankName: bank?.bankName ?? '', accountOwner: bank?.accountOwner ?? '', accountNumber: bank?.accountNumber ?? '' },
  });
  const field = (name: keyof typeof LIMITS) => ({ error: errors[name]?.message, errorValues: lengthValues(errors[name]?.message, LIMITS[name]) });
  return (
    <Modal
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={bank ? t('user:bank.update') : t('user:bank.add')}
      description={t('user:bank.formText')}
      footer={<FormActions onCancel={onClose} pending={saving} submitLabel={bank ? t('common:save') : t('user:bank.add')} form="bank-form" />}
    >
      <form
        id="bank-form"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((body) => {
          const callbacks = outcome(bank ? t('user:toast.bankUpdated') : t('user:toast.bankAdded'));
          if (bank) update.mutate({ userId, body }, callbacks);
          else add.mutate({ userId, body }, callbacks);
        })}
      >
        <TextField label={t('user:bank.bankName')} required {...field('bankName')} {...register('bankName')} />
        <TextField label={t('user:bank.accountOwner')} required {...field('accountOwner')} {...register('accountOwner')} />
        <TextField label={t('user:bank.accountNumber')} required {...field('accountNumber')} {...register('accountNumber')} />
      </form>
    </Modal>
  );
}
