import { useId, type RefObject } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SYMBOLS, type Symbol } from '@aurum/domain/system/metals';
import type { TradeSide } from '@aurum/domain/users/user-enums';
import type { UserDetail } from '@aurum/domain/users/user-views';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { UserPicker as UserSearchPicker, type UserLabel } from '#shared/form/user-picker.tsx';
import { formatDecimal } from '#shared/format/number.ts';
import { isApiError } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { FieldShell } from '#shared/ui/field.tsx';
import { rememberNewOrder, type NewOrder } from '../api/new-order-cache.ts';
import { minimumFromServer } from '../api/order-preview-form.ts';

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
                pressed ? 'z-10 border-amber-600 bg-amber-600 text-white' : `bg-white text-slate-800 hover:bg-slate-50 ${error ? 'border-red-400' : 'border-slate-300'}`
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
 * The two ends of a create (online and offline alike): `placed` caches the new order (Pending
 * until the list has it), names it in a toast and opens the trade requests; `failed` puts a
 * quantity under the server's minimum under the quantity field (keeping the server's number in
 * `minimumRef`) and shows anything else as a toast.
 */
export function useCreateOutcome(minimumRef: RefObject<string>, quantityTooSmall: () => void) {
  const { t } = useTranslation(['order']);
  const toast = useToast();
  const fail = useFailureToast();
  const navigate = useNavigate();
  return {
    placed(order: NewOrder) {
      rememberNewOrder(order);
      toast.success(t('order:createForm.placed'), t('order:createForm.placedDetail', { id: order.id, username: order.username ?? `#${order.userId}` }));
      void navigate(AFTER_CREATE);
    },
    failed(error: unknown) {
      const minimum = isApiError(error) && error.code === ErrorCode.InvalidFormat ? minimumFromServer(error) : null;
      if (minimum !== null) {
        minimumRef.current = minimum;
        quantityTooSmall();
        return;
      }
      fail(error);
    },
  };
}
