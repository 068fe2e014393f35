import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { PriceData } from '@aurum/domain/system/live-messages';
import { SCALE } from '@aurum/domain/money/decimal';
import { settingsOfVariant, userLivePrice, type PersonalFees } from '@aurum/domain/orders/order-pricing';
import { businessClock } from '@aurum/domain/system/market-status';
import type { Symbol } from '@aurum/domain/system/metals';
import type { TradeSide } from '@aurum/domain/users/user-enums';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { formatDecimal, separatorsStripped, stripSeparators } from '#shared/format/number.ts';
import { isApiError } from '#shared/http/api-error.ts';
import { useLive } from '#shared/live/live.ts';
import { DateField } from '#shared/ui/date-field.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useGoldAdjust } from '#shared/queries/use-gold-adjust.ts';
import { useCreateOrder } from '../api/place-order.ts';
import {
  NOTE_MAX_LENGTH,
  createOrderBody,
  onlineOrderSchema,
  type OnlineOrderInput,
  type OnlineOrderValues,
} from '../model/order-preview-form.ts';
import { disabledLimit, orderPreview } from '../model/order-preview.ts';
import { marketOfSymbol, pairStatus, reasonKey } from '#shared/live/market-status.ts';
import { OnlineOrderReview } from './create-order-review.tsx';
import { useOrderUser } from '../api/order-preview-user.ts';
import { ControlledToggle, CreateOrderFrame, QuantityField, SideAndPairFields, usePlaceOrderSubmit } from './create-order-fields.tsx';
import { CreateOrderPreview } from './create-order-preview.tsx';

/** Create Order, online (market or limit), with the live preview of amount and fees. */
export function CreateOrderOnline({ initialUserId, onCancel }: { initialUserId: string; onCancel: () => void }) {
  const { t } = useTranslation(['order', 'common', 'validation']);
  const create = useCreateOrder();
  const price = useLive((s) => s.price);
  const liveSettings = useLive((s) => s.settings.xau);
  const adjust = useGoldAdjust();

  // read when the form validates: the limit must be beyond the price of that moment
  const livePriceRef = useRef<(symbol: Symbol, side: TradeSide) => string | null>(() => null);
  const schema = useMemo(() => onlineOrderSchema({ today: businessClock(new Date()).date, livePrice: (symbol, side) => livePriceRef.current(symbol, side) }), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<OnlineOrderInput, unknown, OnlineOrderValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { userId: initialUserId, orderType: 'MARKET', action: undefined, symbol: 'XAU/MYR', quantity: '', price: '', expiration: 'GTC', goodTillDate: '', comment: '' },
  });
  const [userId, orderType, action, symbol, quantity, limitPrice, expiration] = useWatch({
    control,
    name: ['userId', 'orderType', 'action', 'symbol', 'quantity', 'price', 'expiration'],
  });

  const { user, sideAllowed, pairAllowed } = useOrderUser(userId);
  const personal: PersonalFees | null = user.data ? { premium: user.data.tradeConfig.premium, refineryFees: user.data.tradeConfig.refineryFees, feeAdjustMode: user.data.tradeConfig.feeAdjustMode } : null;
  livePriceRef.current = (s, side) => (price ? userLivePrice(price, s, side, personal) : null);

  const settingsAnswer = liveSettings ?? adjust.data ?? null;
  const settings = settingsAnswer && price ? settingsOfVariant(settingsAnswer, price.variant) : null;
  const side: TradeSide = action === 'sell' ? 'sell' : 'buy';
  const preview = orderPreview({
    side,
    symbol: symbol ?? 'XAU/MYR',
    orderType: orderType ?? 'MARKET',
    quantity: stripSeparators(quantity ?? ''),
    limitPrice: stripSeparators(limitPrice ?? ''),
    price,
    settings,
    personal,
  });
  const limitOff = disabledLimit(price, symbol ?? 'XAU/MYR');
  const isLimit = orderType === 'LIMIT';

  // a limit order cannot stay selected while the flag is set
  useEffect(() => {
    if (limitOff && orderType === 'LIMIT') setValue('orderType', 'MARKET');
  }, [limitOff, orderType, setValue]);

  const usd = symbol === 'XAU/USD';
  const live = action ? preview.livePrice : null;
  const priceHint = live === null ? t('order:createForm.priceHintNone') : t(usd ? 'order:createForm.priceHintUsd' : 'order:createForm.priceHintMyr', { price: formatDecimal(live, usd ? 2 : 3) });

  const place = usePlaceOrderSubmit(create, () => setError('quantity', { type: 'server', message: 'minimumQuantity' }, { shouldFocus: true }));
  // the review holds the values and the price frame it was opened at: what is reviewed is what is sent
  const [review, setReview] = useState<{ values: OnlineOrderValues; price: PriceData; moved: boolean } | null>(null);
  const submit = handleSubmit((values) => {
    if (!price) return;
    setReview({ values, price, moved: false });
    // the wallet as it is now, not as it was when the user was picked
    void user.refetch();
  });
  const confirm = () => {
    if (!review) return;
    const { values } = review;
    const body = createOrderBody(values, review.price.quoteId ?? null);
    return place.submit(body, { username: user.data?.profile.username, action: values.action === 'buy' ? 'BUY' : 'SELL', orderType: values.orderType, price: body.price ?? null }, (error) => {
      if (isApiError(error) && error.code === ErrorCode.QuoteExpired && price) {
        // the price reviewed has moved on: the review shows the new figures to confirm again
        setReview({ values, price, moved: true });
        return true;
      }
      setReview(null);
      if (!(isApiError(error) && error.code === ErrorCode.InvalidFormat && error.context === 'goodTillDate')) return false;
      setError('goodTillDate', { type: 'server', message: ValidationMessage.invalidDate });
      return true;
    });
  };
  const status = price ? pairStatus(price, marketOfSymbol(symbol ?? 'XAU/MYR')) : null;
  const blocked =
    status === null
      ? t('order:createForm.preview.connecting')
      : !status.available
        ? t('order:createForm.preview.closed', { reason: t(`common:${reasonKey(status.reason)}`) })
        : null;
  const reviewed = review
    ? orderPreview({
        side: review.values.action,
        symbol: review.values.symbol,
        orderType: review.values.orderType,
        quantity: review.values.quantity,
        limitPrice: review.values.price ?? '',
        price: review.price,
        settings: settingsAnswer ? settingsOfVariant(settingsAnswer, review.price.variant) : null,
        personal,
      })
    : null;

  return (
    <CreateOrderFrame
      testId="create-order-online"
      control={control}
      onSubmit={submit}
      pending={create.isPending}
      onCancel={onCancel}
      user={user.data}
      blocked={blocked}
      review={
        review && reviewed && user.data ? (
          <OnlineOrderReview
            open
            onOpenChange={(open) => {
              if (!open) setReview(null);
            }}
            head={{ username: user.data.profile.username, side: review.values.action, symbol: review.values.symbol, kind: t(`order:createForm.types.${review.values.orderType === 'LIMIT' ? 'limit' : 'market'}`), quantity: review.values.quantity, rules: user.data.tradeConfig }}
            limit={review.values.orderType === 'LIMIT' ? { price: review.values.price ?? '', expiration: review.values.expiration ?? 'GTC', goodTillDate: review.values.goodTillDate ?? '' } : null}
            price={review.price}
            quote={reviewed}
            wallet={user.data.wallet}
            moved={review.moved}
            loading={create.isPending}
            onConfirm={() => void confirm()}
          />
        ) : null
      }
      preview={<CreateOrderPreview preview={preview} price={price} symbol={symbol ?? 'XAU/MYR'} limit={isLimit} hasUser={personal !== null} />}
    >
      <ControlledToggle<OnlineOrderInput, 'MARKET' | 'LIMIT'>
        control={control}
        name="orderType"
        label={t('order:createForm.orderType')}
        required
        testId="order-type"
        hint={limitOff ? t('order:createForm.limitDisabled') : undefined}
        options={[
          { value: 'MARKET', label: t('order:createForm.types.market') },
          { value: 'LIMIT', label: t('order:createForm.types.limit'), disabled: limitOff, title: t('order:createForm.limitDisabled') },
        ]}
      />
      <SideAndPairFields control={control} sideAllowed={sideAllowed} pairAllowed={pairAllowed} />
      <QuantityField error={errors.quantity} minimum={place.minimum.current} registration={register('quantity', separatorsStripped)} />
      {isLimit ? (
        <>
          <TextField
            label={t('order:createForm.price')}
            inputMode="decimal"
            required
            hint={priceHint}
            error={errors.price?.message}
            errorValues={{ count: SCALE.pricePerGram, price: live === null ? '-' : formatDecimal(live, usd ? 2 : 3) }}
            {...register('price', separatorsStripped)}
          />
          <ControlledToggle<OnlineOrderInput, 'GTC' | 'GTD'>
            control={control}
            name="expiration"
            label={t('order:createForm.expiration')}
            required
            testId="order-expiration"
            hint={expiration === 'GTC' ? t('order:createForm.gtcHint') : undefined}
            options={[
              { value: 'GTC', label: t('order:createForm.gtc') },
              { value: 'GTD', label: t('order:createForm.gtd') },
            ]}
          />
          {expiration === 'GTD' ? (
            <Controller
              control={control}
              name="goodTillDate"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('order:createForm.goodTillDate')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  min={businessClock(new Date()).date}
                  required
                  error={fieldState.error?.message}
                  errorValues={{ compared: businessClock(new Date()).date }}
                />
              )}
            />
          ) : null}
        </>
      ) : null}
      <TextField
        label={t('order:createForm.comment')}
        className="md:col-span-2"
        error={errors.comment?.message}
        errorValues={{ length: NOTE_MAX_LENGTH }}
        {...register('comment')}
      />
    </CreateOrderFrame>
  );
}
