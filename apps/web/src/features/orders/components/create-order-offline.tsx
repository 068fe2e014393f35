import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SCALE } from '@aurum/domain/money/decimal';
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

  const submit = handleSubmit((values) => {
    const body = customizeOrderBody(values);
    return place.submit(body, { username: user.data?.profile.username, action: values.action === 'buy' ? 'BUY' : 'SELL', orderType: 'OFF_LINE', price: body.finalPrice });
  });

  return (
    <CreateOrderFrame
      testId="create-order-offline"
      control={control}
      onSubmit={submit}
      pending={customize.isPending}
      onCancel={onCancel}
      user={user.data}
      preview={
        <Card>
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t('order:createForm.preview.title')}</h2>
          <DetailList
            items={[
              { label: t('order:createForm.preview.amountIn', { currency }), value: formatDecimal(figures.amount, 2), testId: 'offline-amount' },
              ...(currency === 'USD' ? [{ label: t('order:createForm.preview.amount'), value: formatDecimal(figures.myrAmount, 2), testId: 'offline-myr-amount' }] : []),
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
