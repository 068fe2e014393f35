import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { methodOf, REQUEST_ACTIONS, REQUEST_TYPES, type RequestAction } from '@aurum/domain/assets/request-schemas';
import { ActionButton } from '#shared/access/action-button.tsx';
import { errorToast } from '#shared/form/server-errors.ts';
import { isApiError } from '#shared/http/api-error.ts';
import { formatDecimal, separatorsStripped } from '#shared/format/number.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Card } from '#shared/ui/card.tsx';
import { ImageUpload } from '#shared/ui/image-upload.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { fullName } from '@aurum/domain/users/full-name';
import { UserPicker, type UserLabel } from '#shared/form/user-picker.tsx';
import { Spinner } from '#shared/ui/spinner.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { useCreateRequest } from '../api/create-request.ts';
import { useUserBalances } from '../api/use-user-balances.ts';
import { RequestCreateReview } from './request-create-review.tsx';
import { actionOf, requestListPath, requestPath, requestPermission } from './request-labels.ts';
import { EMPTY_REQUEST_FORM, requestFields, requestFormSchema, type RequestFormValues } from './request-form.ts';

/**
 * Create Deposit / Withdrawal / Transfer (/asset/create?action=...): the kind selector, the user
 * (searchable), type, amount (MYR) or quantity (XAU g) checked against the wallet balance, the
 * receiver of a transfer, a note and the user's receipt image. ?userId= preselects the user.
 */
export function RequestCreatePage() {
  const { t } = useTranslation(['asset', 'common']);
  const [query, setQuery] = useSearchParams();
  const action: RequestAction = actionOf(query.get('action')) ?? 'deposit';
  const preset = query.get('userId') ?? '';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t(`asset:createTitle.${action}`)} back={requestListPath(action)} />
      <div role="radiogroup" aria-label={t('asset:fields.action')} className="flex gap-2">
        {REQUEST_ACTIONS.map((a) => (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={a === action}
            onClick={() => setQuery(new URLSearchParams({ action: a, ...(preset ? { userId: preset } : {}) }), { replace: true })}
            className={`rounded-md border px-4 py-2 text-sm font-medium ${a === action ? 'border-amber-600 bg-amber-50 text-amber-900' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {t(`asset:${a}`)}
          </button>
        ))}
      </div>
      {/* a new form per kind: the rules and the fields differ */}
      <RequestForm key={action} action={action} presetUserId={preset} />
    </div>
  );
}

function RequestForm({ action, presetUserId }: { action: RequestAction; presetUserId: string }) {
  const { t } = useTranslation(['asset', 'common', 'validation']);
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateRequest();
  // one key per form: a resubmit after a lost answer replays the first request instead of making a second
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptMissing, setReceiptMissing] = useState(false);
  const [userIdNow, setUserIdNow] = useState(/^\d+$/.test(presetUserId) ? presetUserId : '');
  const balances = useUserBalances(userIdNow ? Number(userIdNow) : null);
  // raw: the submit handler gets the values as typed (text), the same the schema checked
  const resolver = useMemo(
    () => zodResolver(requestFormSchema(action, balances.data ?? null) as unknown as z.ZodType<RequestFormValues, RequestFormValues>, undefined, { raw: true }) as Resolver<RequestFormValues>,
    [action, balances.data],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    trigger,
    getFieldState,
    formState: { errors },
    // checked when a field is left, then at every change: a value put right loses its message at once
  } = useForm<RequestFormValues>({ resolver, mode: 'onTouched', defaultValues: { ...EMPTY_REQUEST_FORM, userId: userIdNow } });
  const type = useWatch({ control, name: 'type' });
  // the wallet check reads the chosen user's balances: when they arrive or change, a value already judged is judged again
  useEffect(() => {
    for (const name of ['amount', 'quantity'] as const) if (getFieldState(name).isTouched || getFieldState(name).invalid) void trigger(name);
  }, [resolver, trigger, getFieldState]);

  const notSender = useMemo(() => [userIdNow], [userIdNow]);
  const method = methodOf(action, type);
  const valueField = type === 'MYR' ? 'amount' : 'quantity';
  const message = (key: string | undefined) => (key === 'sameUser' ? t('asset:form.sameUser') : key === 'notAllowed' ? t('asset:form.notAllowed') : key);
  const decimals = type === 'MYR' ? { count: 2 } : { count: 4 };
  // what is asked for: an amount of MYR or grams of gold (keyed: switching the type mounts a fresh input)
  const valueText = type === 'MYR' ? ({ label: 'asset:fields.amountMyr', hint: 'asset:form.amountHint' } as const) : ({ label: 'asset:fields.quantityGrams', hint: 'asset:form.quantityHint' } as const);

  // the review holds the values it was opened with: nothing is sent before its Confirm
  const [review, setReview] = useState<RequestFormValues | null>(null);
  const submit = handleSubmit((values) => {
    if (!receipt) {
      setReceiptMissing(true);
      return;
    }
    setReview(values);
  }, () => setReceiptMissing(!receipt));
  const confirm = (values: RequestFormValues) => {
    if (!receipt) return;
    create.mutate(
      { action, fields: requestFields(action, values), receipt, idempotencyKey },
      {
        onSuccess: (created) => {
          toast.success(t(`asset:toast.created.${action}`, { id: created.id }));
          void navigate(requestPath(created.id));
        },
        onError: (error) => {
          setReview(null);
          // 2080 belongs to the value: shown under it (the catalogue message) as well as in the toast
          if (isApiError(error) && error.code === ErrorCode.GreaterThanAvailableAssets) setError(valueField, { message: error.message });
          const { title, description } = errorToast(error, t('common:failed'));
          toast.error(title, description);
        },
      },
    );
  };

  return (
    <Card>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-5 md:grid-cols-2" data-testid="request-form">
        <Controller
          control={control}
          name="userId"
          render={({ field, fieldState }) => (
            <UserPicker
              label={action === 'transfer' ? t('asset:fields.sender') : t('asset:fields.user')}
              required
              optionLabel={userLabel}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value);
                setUserIdNow(value);
              }}
              onBlur={field.onBlur}
              error={fieldState.error ? (field.value ? message(fieldState.error.message) : 'required') : undefined}
            />
          )}
        />
        <Balances action={action} loading={balances.isFetching && !balances.data} balances={userIdNow ? (balances.data ?? null) : null} />
        <ControlledSelect
          control={control}
          name="type"
          label={t('asset:fields.type')}
          required
          options={REQUEST_TYPES.map((v) => ({ value: v, label: t(`asset:types.${v}`) }))}
          onChange={(value) => setValue(value === 'MYR' ? 'quantity' : 'amount', '')}
        />
        {method ? <TextField label={t('asset:fields.method')} value={t(`asset:methods.${method}`)} readOnly disabled /> : <div className="hidden md:block" />}
        <TextField
          key={valueField}
          label={t(valueText.label)}
          required
          inputMode="decimal"
          hint={t(valueText.hint)}
          error={errors[valueField]?.message}
          errorValues={decimals}
          {...register(valueField, separatorsStripped)}
        />
        {action === 'transfer' ? (
          <Controller
            control={control}
            name="receiverUserId"
            render={({ field, fieldState }) => (
              <UserPicker
                label={t('asset:fields.receiver')}
                required
                optionLabel={userLabel}
                exclude={notSender}
                value={field.value || null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error ? (field.value ? message(fieldState.error.message) : 'required') : undefined}
              />
            )}
          />
        ) : (
          <div className="hidden md:block" />
        )}
        <TextField label={t('asset:fields.note')} className="md:col-span-2" error={errors.note?.message} errorValues={{ length: 1000 }} {...register('note')} />
        <div className="md:col-span-2">
          <ImageUpload
            label={t('asset:fields.userReceipt')}
            required
            hint={t('asset:receipt.hint')}
            value={receipt}
            error={receiptMissing && !receipt ? 'required' : undefined}
            onChange={(file) => {
              setReceipt(file);
              setReceiptMissing(false);
            }}
          />
        </div>
        <div className="flex justify-end gap-2 md:col-span-2">
          <ActionButton type="submit" loading={create.isPending} permission={requestPermission('submit', action)}>
            {t('asset:form.submit')}
          </ActionButton>
        </div>
      </form>
      {review ? (
        <RequestCreateReview
          draft={{
            action,
            type: review.type,
            value: review.type === 'MYR' ? review.amount : review.quantity,
            userId: Number(review.userId),
            receiverUserId: action === 'transfer' && /^\d+$/.test(review.receiverUserId) ? Number(review.receiverUserId) : null,
          }}
          loading={create.isPending}
          onCancel={() => setReview(null)}
          onConfirm={() => confirm(review)}
        />
      ) : null}
    </Card>
  );
}

/** How the request pickers show a user: 'aminah · Aminah Rahman (#1)'. */
const userLabel: UserLabel = (u) => `${u.username} · ${fullName(u)} (#${u.id})`;

/** The chosen user's available balances (holds already taken out), which a withdrawal or transfer may not exceed. */
function Balances({ action, loading, balances }: { action: RequestAction; loading: boolean; balances: { fund: string; gold: string; fundHeld: string; goldHeld: string } | null }) {
  const { t } = useTranslation(['asset']);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid="wallet-balance">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('asset:balance.title')}</p>
      {loading ? (
        <Spinner className="mt-2 h-4 w-4 text-slate-400" label={t('asset:balance.loading')} />
      ) : balances ? (
        <dl className="mt-1 grid grid-cols-2 gap-x-4 text-sm">
          <dt className="text-slate-500">{t('asset:balance.fund')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="balance-fund">
            {formatDecimal(balances.fund, 2)} MYR
          </dd>
          <dt className="text-slate-500">{t('asset:balance.gold')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="balance-gold">
            {formatDecimal(balances.gold, 4)} g
          </dd>
          <dt className="text-slate-500">{t('asset:balance.held')}</dt>
          <dd className="text-slate-700 tabular-nums">
            {formatDecimal(balances.fundHeld, 2)} MYR · {formatDecimal(balances.goldHeld, 4)} g
          </dd>
        </dl>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{t('asset:balance.pickUser')}</p>
      )}
      {action !== 'deposit' ? <p className="mt-2 text-xs text-slate-500">{t('asset:balance.rule')}</p> : null}
    </div>
  );
}
