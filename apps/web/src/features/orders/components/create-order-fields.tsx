import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SCALE } from '@aurum/domain/money/decimal';
import type { CreateOrderBody, CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import { SYMBOLS, type Symbol } from '@aurum/domain/system/metals';
import type { TradeSide } from '@aurum/domain/users/user-enums';
import type { UserDetail } from '@aurum/domain/users/user-views';
import { BlockedReason, useWhyNot } from '#shared/access/who-may.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { UserPicker as UserSearchPicker, type UserLabel } from '#shared/form/user-picker.tsx';
import { formatDecimal } from '#shared/format/number.ts';
import { isApiError } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { FieldShell } from '#shared/ui/field.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { rememberNewOrder, type NewOrder } from '../model/new-order-cache.ts';
import { MIN_ORDER_GRAMS, minimumFromServer, submissionKeys } from '../model/order-preview-form.ts';

export interface ToggleOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
  /** Why it is disabled (shown as its title). */
  title?: string;
}

/**
 * Toggle buttons for one choice (SPEC.md §2: the order action selector is buy/sell toggle
 * buttons with a required marker; the order type selector offers market and limit).
 */
export function ToggleField<T extends string>({
  label,
  value,
  options,
  onChange,
  onBlur,
  required,
  error,
  hint,
  testId,
}: {
  label: string;
  value: T | '' | undefined;
  options: readonly ToggleOption<T>[];
  onChange: (value: T) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <FieldShell label={label} labelId={`${id}-label`} required={required} error={error} errorId={`${id}-error`} hint={hint}>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="inline-flex w-full rounded-md shadow-xs" data-testid={testId}>
        {options.map((option, index) => {
          const pressed = option.value === value;
          const edge = index === 0 ? 'rounded-l-md' : index === options.length - 1 ? 'rounded-r-md -ml-px' : '-ml-px';
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={pressed}
              disabled={option.disabled}
              title={option.disabled ? option.title : undefined}
              onClick={() => {
                onChange(option.value);
                onBlur?.();
              }}
              className={`flex-1 border px-3 py-2 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:opacity-50 ${edge} ${
                pressed ? 'z-10 border-amber-700 bg-amber-700 text-white' : `bg-white text-slate-800 hover:bg-slate-50 ${error ? 'border-red-400' : 'border-slate-300'}`
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </FieldShell>
  );
}

/** ToggleField bound to a react-hook-form field. */
export function ControlledToggle<T extends FieldValues, V extends string>({
  control,
  name,
  ...rest
}: { control: Control<T>; name: FieldPath<T> } & Omit<Parameters<typeof ToggleField<V>>[0], 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ToggleField<V> {...rest} value={field.value as V | ''} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
      )}
    />
  );
}

/** How the order picker shows a user: 'aminah · aminah@example.com'. */
const orderUserLabel: UserLabel = (u) => `${u.username} · ${u.email}`;

/** The user picker (searching the server as typed; the value is the user id as text). */
export function UserPicker<T extends FieldValues>({ control, name, disabled }: { control: Control<T>; name: FieldPath<T>; disabled?: boolean }) {
  const { t } = useTranslation(['order']);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <UserSearchPicker
          label={t('createForm.user')}
          optionLabel={orderUserLabel}
          value={(field.value as string | undefined) || null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          required
          disabled={disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Buy or sell and the pair, online and offline alike: what the picked user may not trade is disabled. */
export function SideAndPairFields<T extends FieldValues>({
  control,
  sideAllowed,
  pairAllowed,
}: {
  control: Control<T>;
  sideAllowed: (side: TradeSide) => boolean;
  pairAllowed: (pair: Symbol) => boolean;
}) {
  const { t } = useTranslation('order');
  return (
    <>
      <ControlledToggle<T, TradeSide>
        control={control}
        name={'action' as FieldPath<T>}
        label={t('createForm.action')}
        required
        testId="order-action"
        options={[
          { value: 'buy', label: t('createForm.actions.buy'), disabled: !sideAllowed('buy'), title: t('createForm.notAllowed') },
          { value: 'sell', label: t('createForm.actions.sell'), disabled: !sideAllowed('sell'), title: t('createForm.notAllowed') },
        ]}
      />
      <ControlledSelect control={control} name={'symbol' as FieldPath<T>} label={t('createForm.symbol')} required options={SYMBOLS.map((s) => ({ value: s, label: s, disabled: !pairAllowed(s) }))} />
    </>
  );
}

/** Who the order is for: allowed action and pair, trade limit and wallet (what the server checks). */
export function OrderUserCard({ user }: { user: UserDetail | undefined }) {
  const { t } = useTranslation(['order', 'user']);
  if (!user) return null;
  const c = user.tradeConfig;
  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold text-slate-900">
        {t('order:createForm.userInfo.title')} {user.profile.username}
      </h2>
      <DetailList
        columns={3}
        items={[
          { label: t('order:createForm.userInfo.allowedAction'), value: t(`user:allowedActions.${c.allowedAction}`), testId: 'order-user-action' },
          { label: t('order:createForm.userInfo.allowedPair'), value: t(`user:allowedPairs.${c.allowedPair}`) },
          { label: t('order:createForm.userInfo.tradeLimit'), value: c.tradeLimit ? `${formatDecimal(c.tradeLimit, 4)} g` : t('order:createForm.userInfo.noLimit') },
          { label: t('order:createForm.userInfo.fund'), value: formatDecimal(user.wallet.fund, 2) },
          { label: t('order:createForm.userInfo.gold'), value: formatDecimal(user.wallet.gold, 4) },
          { label: t('order:createForm.userInfo.credit'), value: formatDecimal(user.wallet.credit, 2) },
        ]}
      />
    </Card>
  );
}

/** Where the console goes after an order is placed: the trade requests, where the new order shows as Pending. */
export const AFTER_CREATE = '/order/?orderMode=tr';

/**
 * Places an order from a submitted form (online and offline alike): one idempotency key per
 * distinct body; once placed, the new order is cached (Pending until the list has it), named in a
 * toast and the trade requests open; a quantity under the server's minimum goes under the
 * quantity field (the server's number kept in `minimum`), anything else `refused` does not claim
 * shows as a toast.
 */
export function usePlaceOrderSubmit<B extends CreateOrderBody | CustomizeOrderBody>(
  place: { mutateAsync: (variables: { body: B; idempotencyKey: string }) => Promise<{ id: number }> },
  quantityTooSmall: () => void,
) {
  const { t } = useTranslation(['order']);
  const toast = useToast();
  const fail = useFailureToast();
  const navigate = useNavigate();
  const keys = useRef(submissionKeys()).current;
  // the minimum the server named when it refused the quantity (its ORDER_MIN_GRAMS may differ from the default)
  const minimum = useRef(MIN_ORDER_GRAMS);
  const submit = async (body: B, order: Pick<NewOrder, 'username' | 'action' | 'orderType' | 'price'>, refused?: (error: unknown) => boolean) => {
    try {
      const { id } = await place.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.succeeded();
      const placed: NewOrder = {
        id,
        userId: body.userId,
        username: order.username,
        action: order.action,
        orderType: order.orderType,
        symbol: body.symbol,
        currency: body.currency,
        quantityGram: body.quantity,
        price: order.price,
        createdAt: new Date().toISOString(),
      };
      rememberNewOrder(placed);
      toast.success(t('order:createForm.placed'), t('order:createForm.placedDetail', { id, username: placed.username ?? `#${placed.userId}` }));
      void navigate(AFTER_CREATE);
    } catch (error) {
      if (refused?.(error)) return;
      const server = isApiError(error) && error.code === ErrorCode.InvalidFormat ? minimumFromServer(error) : null;
      if (server !== null) {
        minimum.current = server;
        quantityTooSmall();
        return;
      }
      fail(error);
    }
  };
  return { submit, minimum };
}

/** The quantity in grams (online and offline alike); a refusal names the server's minimum when it gave one. */
export function QuantityField({ error, minimum, registration }: { error: FieldError | undefined; minimum: string; registration: UseFormRegisterReturn }) {
  const { t } = useTranslation(['order']);
  return (
    <TextField
      label={t('order:createForm.quantity')}
      inputMode="decimal"
      required
      hint={t('order:createForm.quantityHint', { value: MIN_ORDER_GRAMS })}
      error={error?.message}
      errorValues={{ count: SCALE.XAU, value: error?.type === 'server' ? minimum : MIN_ORDER_GRAMS }}
      {...registration}
    />
  );
}

/**
 * The create form's frame (online and offline alike): the user picker and `children` in the
 * fields card, cancel and submit below it; `preview` and the picked user's card on the right.
 * Submitting opens the review (nothing is sent before it is confirmed); an order that cannot be
 * placed now (no permission, the pair closed) has its submit disabled with the reason beside it.
 */
export function CreateOrderFrame<T extends FieldValues>({
  testId,
  control,
  onSubmit,
  pending,
  onCancel,
  preview,
  user,
  blocked = null,
  review,
  children,
}: {
  testId: string;
  control: Control<T>;
  /** The form's handleSubmit. */
  onSubmit: (event: FormEvent) => Promise<void>;
  pending: boolean;
  onCancel: () => void;
  preview: ReactNode;
  user: UserDetail | undefined;
  /** Why the order cannot be placed now (the pair closed, no live price), shown beside the disabled submit. */
  blocked?: string | null;
  /** The review dialog the submit opens. */
  review: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['order', 'common']);
  const whyNot = useWhyNot('createOrder');
  const reason = whyNot ?? blocked;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid grid-cols-1 gap-6 xl:grid-cols-5" data-testid={testId}>
      <div className="flex flex-col gap-6 xl:col-span-3">
        <Card>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <div className="md:col-span-2">
              <UserPicker control={control} name={'userId' as FieldPath<T>} />
            </div>
            {children}
          </div>
        </Card>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <BlockedReason reason={reason} testId="create-order-blocked" />
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={reason !== null}>
            {t('order:createForm.submit')}
          </Button>
        </div>
        {review}
      </div>
      <div className="flex flex-col gap-6 xl:col-span-2">
        {preview}
        <OrderUserCard user={user} />
      </div>
    </form>
  );
}
