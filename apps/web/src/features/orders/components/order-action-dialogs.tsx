import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '#shared/format/number.ts';
import { stripSeparators } from '#shared/format/number.ts';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useCallOutcome } from '#shared/form/use-call-outcome.ts';
import { ActionModal } from '#shared/form/action-modal.tsx';
import { useCancelOrder, useRevertOrder, useSettleOrder } from '../api/order-actions.ts';
import { useCreatePayment } from '../api/create-payment.ts';
import { orderQueries } from '../api/order-queries.ts';
import { userQueries } from '#shared/queries/user-queries.ts';
import { isApiError } from '#shared/http/api-error.ts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { businessToday, paymentProblem, paymentUnit } from '../model/payment-rules.ts';

export interface ActionTarget {
  id: number;
  userId: number;
  username: string;
  action: 'BUY' | 'SELL';
}

/**
 * Settle Order (order/settle/{id}/{userId}) or Cancel Order (order/cancel/{id}): a confirmation,
 * then the call; a toast either way, and the dialog closes.
 */
export function ConfirmOrderDialog({ kind, order, onClose }: { kind: 'settle' | 'cancel'; order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation('order');
  const outcome = useCallOutcome(onClose, true);
  const settle = useSettleOrder();
  const cancel = useCancelOrder();
  const call = kind === 'settle' ? settle : cancel;
  return (
    <ConfirmDialog
      open
      danger={kind === 'cancel'}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`${kind}.title`)}
      message={t(`${kind}.message`, { id: order.id, username: order.username })}
      confirmLabel={t(`${kind}.confirm`)}
      cancelLabel={kind === 'cancel' ? t('cancel.keep') : undefined}
      loading={call.isPending}
      onConfirm={() => call.mutate({ orderId: order.id, userId: order.userId }, outcome(t(`${kind}.success`, { id: order.id })))}
    />
  );
}

/** Revert Order: a required reason, then order/revert {userId, orderId, reason}. */
export function RevertDialog({ order, onClose }: { order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation(['order', 'validation', 'common']);
  const outcome = useCallOutcome(onClose);
  const revert = useRevertOrder();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = (value: string) => (value.trim() === '' ? 'required' : value.length > 1000 ? 'maxLength' : null);
  const submit = () => {
    const problem = check(reason);
    setError(problem);
    if (problem) return;
    revert.mutate(
      { orderId: order.id, userId: order.userId, reason: reason.trim() },
      outcome(t('order:revert.success', { id: order.id })),
    );
  };
  return (
    <ActionModal
      pending={revert.isPending}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('order:revert.confirm')}
      variant="danger"
      title={t('order:revert.title')}
      description={t('order:revert.message', { id: order.id, username: order.username })}
      testId="revert-dialog"
    >
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium text-slate-800">
          {t('order:revert.reason')} <span className="text-red-600">*</span>
        </span>
        <textarea
          aria-label={t('order:revert.reason')}
          aria-invalid={error !== null}
          rows={4}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setError(check(reason))}
          className={`rounded-md border px-3 py-2 text-sm focus:ring-2 focus:ring-amber-200 focus:outline-none ${error ? 'border-red-500' : 'border-slate-300 focus:border-amber-500'}`}
        />
        {error ? <span className="text-xs text-red-700">{t(`validation:${error}`, { defaultValue: error, length: 1000 })}</span> : null}
      </label>
    </ActionModal>
  );
}

/**
 * Order Payment: received amount (MYR for a buy, XAU grams delivered for a sell), payment date
 * (today at most; changing it recalculates the amount owed, interest included, through
 * order/total_owed) and a note. SPEC.md §4: a sell's payment date can only be adjusted when
 * depositing XAU, which is what a sell's payment is here (decision 0454).
 */
export function PaymentDialog({ order, onClose }: { order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation(['order', 'validation', 'common']);
  const outcome = useCallOutcome(onClose);
  const pay = useCreatePayment();
  const today = useMemo(() => businessToday(), []);
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const unit = paymentUnit(order.action);
  const unitLabel = unit.kind === 'myr' ? 'MYR' : t('order:payment.grams');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today;
  const owed = useQuery(orderQueries.owed(order.id, validDate ? date : null));
  const owedValue = owed.data && !owed.isPlaceholderData ? owed.data.value : null;
  // what the user has to pay with: the fund for a buy, the gold for a sell (holds taken out)
  const wallet = useQuery({ ...userQueries.wallet(order.userId, 1, 10), placeholderData: undefined, select: (answer) => answer.balances });
  const available = wallet.data ? (unit.kind === 'myr' ? wallet.data.fund : wallet.data.gold) : null;
  const [serverRefusal, setServerRefusal] = useState<{ amount: string; message: string } | null>(null);
  const problem =
    paymentProblem(amount, unit.scale, owedValue, available) ??
    (serverRefusal && serverRefusal.amount === amount ? { message: serverRefusal.message } : null);
  const dateProblem = date === '' ? 'required' : validDate ? null : 'invalidDate';

  const submit = () => {
    setTouched(true);
    if (problem || dateProblem) return;
    const value = stripSeparators(amount);
    const callbacks = outcome(t('order:payment.success', { amount: `${formatDecimal(value, unit.scale)} ${unitLabel}` }));
    pay.mutate(
      { orderId: order.id, userId: order.userId, amount: value, paymentDate: date, note: note.trim() || null, idempotencyKey },
      {
        ...callbacks,
        onError: (error: unknown) => {
          callbacks.onError(error);
          // 2080 belongs to the amount: its catalogue message under the field (the toast says it too)
          if (isApiError(error) && error.code === ErrorCode.GreaterThanAvailableAssets) setServerRefusal({ amount, message: error.message });
        },
      },
    );
  };
  return (
    <ActionModal
      pending={pay.isPending}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('order:payment.submit')}
      title={t('order:payment.title')}
      description={t('order:payment.message', { id: order.id, username: order.username })}
      testId="payment-dialog"
    >
      <div className="flex flex-col gap-4">
        <DateField
          label={t('order:payment.date')}
          required
          value={date}
          max={today}
          onChange={setDate}
          hint={order.action === 'SELL' ? t('order:payment.sellDateHint') : t('order:payment.dateHint')}
          error={dateProblem ?? undefined}
        />
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="total-owed">
          {t('order:payment.owed')}{' '}
          <strong>{owed.data ? `${formatDecimal(owed.data.value, unit.scale)} ${owed.data.kind === 'xau' ? t('order:payment.grams') : owed.data.kind.toUpperCase()}` : '-'}</strong>
          {owed.isFetching ? <span className="ml-2 text-xs text-slate-500">{t('common:loading')}</span> : null}
        </p>
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="payment-available">
          {t('order:payment.available')}{' '}
          <strong>{available !== null ? `${formatDecimal(available, unit.scale)} ${unit.kind === 'xau' ? t('order:payment.grams') : 'MYR'}` : '-'}</strong>{' '}
          <span className="text-xs text-slate-500">({unit.kind === 'myr' ? t('order:payment.availableFund') : t('order:payment.availableGold')})</span>
        </p>
        <TextField
          label={`${t('order:payment.amount')} (${unitLabel})`}
          required
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem ? problem.message : undefined}
          errorValues={problem?.values}
        />
        <TextField label={t('order:payment.note')} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} />
      </div>
    </ActionModal>
  );
}
