import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { SCALE } from '@aurum/domain/money/decimal';
import type { CustomizeOrderBody } from '@aurum/domain/orders/order-schemas';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { useLive } from '#shared/live/live.ts';
import { reasonKey } from '#shared/live/market-status.ts';
import { formatDecimal, separatorsStripped, stripSeparators } from '#shared/format/number.ts';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useCustomizeOrder } from '../api/place-order.ts';
import {
  NOTE_MAX_LENGTH,
  currencyOf,
  customizeOrderBody,
  offlineOrderSchema,
  type OfflineOrderInput,
  type OfflineOrderValues,
} from '../model/order-preview-form.ts';
import { offlinePreview } from '../model/order-preview.ts';
import { useOrderUser } from '../api/order-preview-user.ts';
import { checkOfflinePrices } from '../api/check-offline-prices.ts';
import { OfflineOrderReview } from './create-order-review.tsx';
import { ControlledToggle, CreateOrderFrame, QuantityField, SideAndPairFields, usePlaceOrderSubmit } from './create-order-fields.tsx';

/** The four prices of an offline order, in the form's order: their hints and scales. */
const PRICE_FIELDS: readonly { name: 'costPrice' | 'quotePrice' | 'exchangeRate' | 'finalPrice'; hint: 'perGramHint' | 'exchangeRateHint' | 'finalPriceHint'; scale?: number }[] = [
  { name: 'costPrice', hint: 'perGramHint' },
  { name: 'quotePrice', hint: 'perGramHint' },
  { name: 'exchangeRate', hint: 'exchangeRateHint', scale: SCALE.exchangeRate },
  { name: 'finalPrice', hint: 'finalPriceHint' },
];

/** Create Order, offline (customised): explicit cost, quote, exchange rate and final price; regular or after-hour constants. */
export function CreateOrderOffline({ initialUserId, onCancel }: { initialUserId: string; onCancel: () => void }) {
  const { t } = useTranslation(['order', 'common', 'validation']);
  const customize = useCustomizeOrder();
  const schema = useMemo(() => offlineOrderSchema(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OfflineOrderInput, unknown, OfflineOrderValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      userId: initialUserId,
      action: undefined,
      symbol: 'XAU/MYR',
      quantity: '',
      source: '',
      costPrice: '',
      quotePrice: '',
      exchangeRate: '',
      finalPrice: '',
      note: '',
      constantType: 'regular',
    },
  });
  const [userId, symbol, quantity, finalPrice, exchangeRate] = useWatch({ control, name: ['userId', 'symbol', 'quantity', 'finalPrice', 'exchangeRate'] });
  const { user, sideAllowed, pairAllowed } = useOrderUser(userId);
  const currency = currencyOf(symbol ?? 'XAU/MYR');
  const figures = offlinePreview({
    symbol: symbol ?? 'XAU/MYR',
    quantity: stripSeparators(quantity ?? ''),
    finalPrice: stripSeparators(finalPrice ?? ''),
    exchangeRate: stripSeparators(exchangeRate ?? ''),
  });
  const place = usePlaceOrderSubmit(customize, () => setError('quantity', { type: 'server', message: 'minimumQuantity' }, { shouldFocus: true }));
  const field = (name: keyof OfflineOrderInput, scale?: number) => ({
    error: errors[name]?.message,
    errorValues: { count: scale ?? SCALE.pricePerGram, length: NOTE_MAX_LENGTH },
  });

  // the review holds the values it was opened with; the server checks their prices against the live mid
  const [review, setReview] = useState<{ values: OfflineOrderValues; body: CustomizeOrderBody } | null>(null);
  const check = useQuery({
    queryKey: ['orders', 'offlinePriceCheck', review?.body ?? null],
    queryFn: () => checkOfflinePrices(review!.body),
    enabled: review !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const submit = handleSubmit((values) => {
    setReview({ values, body: customizeOrderBody(values) });
    // the wallet as it is now, not as it was when the user was picked
    void user.refetch();
  });
  const confirm = () => {
    if (!review || !check.data) return;
    // the review's Confirm is enabled past a warning only once the maker ticked it
    const body = customizeOrderBody(review.values, check.data.breaches.length > 0);
    return place.submit(body, { username: user.data?.profile.username, action: review.values.action === 'buy' ? 'BUY' : 'SELL', orderType: 'OFF_LINE', price: body.finalPrice }, (error) => {
      if (isApiError(error) && error.code === ErrorCode.OfflinePriceOutsideBand) {
        // the market moved past a price since the check: the review checks again and asks for the tick
        void check.refetch();
        return true;
      }
      setReview(null);
      return false;
    });
  };
  const price = useLive((s) => s.price);
  const blocked = price && !price.available.offline ? t('order:createForm.preview.closed', { reason: t(`common:${reasonKey(price.reason)}`) }) : null;
  const reviewFigures = review
    ? offlinePreview({ symbol: review.values.symbol, quantity: review.values.quantity, finalPrice: review.values.finalPrice, exchangeRate: review.values.exchangeRate })
    : null;

  return (
    <CreateOrderFrame
      testId="create-order-offline"
      control={control}
      onSubmit={submit}
      pending={customize.isPending}
      onCancel={onCancel}
      user={user.data}
      blocked={blocked}
      review={
        review && reviewFigures && user.data ? (
          <OfflineOrderReview
            open
            onOpenChange={(open) => {
              if (!open) setReview(null);
            }}
            head={{ username: user.data.profile.username, side: review.values.action, symbol: review.values.symbol, kind: t('order:types.offline'), quantity: review.values.quantity, rules: user.data.tradeConfig }}
            currency={review.body.currency}
            prices={review.body}
            amount={reviewFigures.amount}
            myrAmount={reviewFigures.myrAmount}
            myrPerGram={reviewFigures.myrPerGram}
            wallet={user.data.wallet}
            check={check.isFetching ? null : (check.data ?? null)}
            checkError={check.error ? errorMessage(check.error) : null}
            loading={customize.isPending}
            onConfirm={() => void confirm()}
          />
        ) : null
      }
      preview={
        <Card>
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t('order:createForm.preview.title')}</h2>
          <DetailList
            items={[
              { label: t('order:createForm.preview.amountIn', { currency }), value: formatDecimal(figures.amount, 2), testId: 'offline-amount' },
              ...(currency === 'USD' ? [{ label: t('order:createForm.preview.amountIn', { currency: 'MYR' }), value: formatDecimal(figures.myrAmount, 2), testId: 'offline-myr-amount' }] : []),
            ]}
          />
        </Card>
      }
    >
      <SideAndPairFields control={control} sideAllowed={sideAllowed} pairAllowed={pairAllowed} />
      <QuantityField error={errors.quantity} minimum={place.minimum.current} registration={register('quantity', separatorsStripped)} />
      <ControlledToggle<OfflineOrderInput, 'regular' | 'afterHour'>
        control={control}
        name="constantType"
        label={t('order:createForm.constantType')}
        required
        testId="order-constants"
        options={[
          { value: 'regular', label: t('order:createForm.constants.regular') },
          { value: 'afterHour', label: t('order:createForm.constants.afterHour') },
        ]}
      />
      <TextField label={t('order:createForm.source')} className="md:col-span-2" {...field('source')} {...register('source')} />
      {PRICE_FIELDS.map(({ name, hint, scale }) => (
        <TextField
          key={name}
          label={t(`order:createForm.${name}`)}
          inputMode="decimal"
          required
          hint={t(`order:createForm.${hint}`, { currency })}
          {...field(name, scale)}
          {...register(name, separatorsStripped)}
        />
      ))}
      <TextField label={t('order:createForm.note')} className="md:col-span-2" {...field('note')} {...register('note')} />
    </CreateOrderFrame>
  );
}
