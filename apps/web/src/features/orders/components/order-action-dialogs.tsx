import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '#shared/format/number.ts';
import { errorToast } from '#shared/form/server-errors.ts';
import { stripSeparators } from '#shared/format/number.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useCancelOrder, useRevertOrder, useSettleOrder } from '../api/order-actions.ts';
import { useCreatePayment } from '../api/create-payment.ts';
import { orderQueries } from '../api/order-queries.ts';
import { businessToday, paymentProblem, paymentUnit } from '../api/payment-rules.ts';

export interface ActionTarget {
  id: number;
  userId: number;
  username: string;
  action: 'BUY' | 'SELL';
}

const useFailureToast = () => {
  const toast = useToast();
  const { t } = useTranslation(['common']);
  return (error: unknown) => {
    const { title, description } = errorToast(error, t('common:failed'));
    toast.error(title, description);
  };
};

/** Settle Order: a confirmation, then order/settle/{id}/{userId}; a success toast. */
export function SettleDialog({ order, onClose }: { order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation('order');
  const toast = useToast();
  const failed = useFailureToast();
  const settle = useSettleOrder();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('settle.title')}
      message={t('settle.message', { id: order.id, username: order.username })}
      confirmLabel={t('settle.confirm')}
      loading={settle.isPending}
      onConfirm={() =>
        settle.mutate(
          { orderId: order.id, userId: order.userId },
          {
            onSuccess: () => {
              toast.success(t('settle.success', { id: order.id }));
              onClose();
            },
            onError: (error) => {
              failed(error);
              onClose();
            },
          },
        )
      }
    />
  );
}

/** Cancel Order: a confirmation, then order/cancel/{id}. */
export function CancelDialog({ order, onClose }: { order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation('order');
  const toast = useToast();
  const failed = useFailureToast();
  const cancel = useCancelOrder();
  return (
    <ConfirmDialog
      open
      danger
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('cancel.title')}
      message={t('cancel.message', { id: order.id, username: order.username })}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      loading={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(
          { orderId: order.id },
          {
            onSuccess: () => {
              toast.success(t('cancel.success', { id: order.id }));
              onClose();
            },
            onError: (error) => {
              failed(error);
              onClose();
            },
          },
        )
      }
    />
  );
}

/** Revert Order: a required reason, then order/revert {userId, orderId, reason}. */
export function RevertDialog({ order, onClose }: { order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation(['order', 'validation', 'common']);
  const toast = useToast();
  const failed = useFailureToast();
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
      {
        onSuccess: () => {
          toast.success(t('order:revert.success', { id: order.id }));
          onClose();
        },
        onError: failed,
      },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open || revert.isPending ? undefined : onClose())}
      title={t('order:revert.title')}
      description={t('order:revert.message', { id: order.id, username: order.username })}
      testId="revert-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={revert.isPending} onClick={onClose}>
            {t('common:confirm.cancel')}
          </Button>
          <Button variant="danger" loading={revert.isPending} onClick={submit}>
            {t('order:revert.confirm')}
          </Button>
        </>
      }
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
    </Modal>
  );
}

/**
 * Order Payment: received amount (MYR for a buy, XAU grams delivered for a sell), payment date
 * (today at most; changing it recalculates the amount owed, interest included, through
 * order/total_owed) and a note. SPEC.md §4: a sell's payment date can only be adjusted when
 * depositing XAU, which is what a sell's payment is here (docs/decisions.md "Orders console").
 */
export function PaymentDialog({ order, onClose }: { order: ActionTarget; onClose: () => void }) {
  const { t } = useTranslation(['order', 'validation', 'common']);
  const toast = useToast();
  const failed = useFailureToast();
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
  const problem = paymentProblem(amount, unit.scale, owedValue);
  const dateProblem = date === '' ? 'required' : validDate ? null : 'invalidDate';

  const submit = () => {
    setTouched(true);
    if (problem || dateProblem) return;
    const value = stripSeparators(amount);
    pay.mutate(
      { orderId: order.id, userId: order.userId, amount: value, paymentDate: date, note: note.trim() || null, idempotencyKey },
      {
        onSuccess: () => {
          toast.success(t('order:payment.success', { amount: `${formatDecimal(value, unit.scale)} ${unitLabel}` }));
          onClose();
        },
        onError: failed,
      },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open || pay.isPending ? undefined : onClose())}
      title={t('order:payment.title')}
      description={t('order:payment.message', { id: order.id, username: order.username })}
      testId="payment-dialog"
      footer={
        <>
          <Button variant="secondary" disabled={pay.isPending} onClick={onClose}>
            {t('common:confirm.cancel')}
          </Button>
          <Button loading={pay.isPending} onClick={submit}>
            {t('order:payment.submit')}
          </Button>
        </>
      }
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
    </Modal>
  );
}
