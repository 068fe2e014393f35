import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { SCALE } from '@aurum/domain/money/decimal';
import { useCan } from '#shared/access/use-can.ts';
import { formatDecimal, stripSeparators } from '#shared/format/number.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useCustomizeOrder } from '../api/customize-order.ts';
import {
  MIN_ORDER_GRAMS,
  NOTE_MAX_LENGTH,
  currencyOf,
  customizeOrderBody,
  offlineOrderSchema,
  submissionKeys,
  type OfflineOrderInput,
  type OfflineOrderValues,
} from '../api/order-preview-form.ts';
import { offlinePreview } from '../api/order-preview.ts';
import { useOrderUser } from '../api/order-preview-user.ts';
import { ControlledToggle, OrderUserCard, SideAndPairFields, useCreateOutcome, UserPicker } from './create-order-fields.tsx';

/** Create Order, offline (customised): explicit cost, quote, exchange rate and final price; regular or after-hour constants. */
export function CreateOrderOffline({ initialUserId, onCancel }: { initialUserId: string; onCancel: () => void }) {
  const { t } = useTranslation(['order', 'common', 'validation']);
  const allowed = useCan('createOrder');
  const customize = useCustomizeOrder();
  const keys = useRef(submissionKeys()).current;
  const minimumRef = useRef(MIN_ORDER_GRAMS);
  const schema = useMemo(() => offlineOrderSchema(), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OfflineOrderInput, unknown, OfflineOrderValues>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
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
  const numeric = { setValueAs: stripSeparators };
  const field = (name: keyof OfflineOrderInput, scale?: number) => ({
    error: errors[name]?.message,
    errorValues: { count: scale ?? SCALE.pricePerGram, value: errors[name]?.type === 'server' ? minimumRef.current : MIN_ORDER_GRAMS, length: NOTE_MAX_LENGTH },
  });

  const outcome = useCreateOutcome(minimumRef, () => setError('quantity', { type: 'server', message: 'minimumQuantity' }, { shouldFocus: true }));
  const submit = handleSubmit(async (values) => {
    const body = customizeOrderBody(values);
    try {
      const { id } = await customize.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.succeeded();
      outcome.placed({
        id,
        userId: body.userId,
        username: user.data?.profile.username,
        action: values.action === 'buy' ? 'BUY' : 'SELL',
        orderType: 'OFF_LINE',
        symbol: body.symbol,
        currency: body.currency,
        quantityGram: body.quantity,
        price: body.finalPrice,
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      outcome.failed(error);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-6 xl:grid-cols-5" data-testid="create-order-offline">
      <div className="flex flex-col gap-6 xl:col-span-3">
        <Card>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <div className="md:col-span-2">
              <UserPicker control={control} name="userId" />
            </div>
            <SideAndPairFields control={control} sideAllowed={sideAllowed} pairAllowed={pairAllowed} />
            <TextField
              label={t('order:createForm.quantity')}
              inputMode="decimal"
              required
              hint={t('order:createForm.quantityHint', { value: MIN_ORDER_GRAMS })}
              {...field('quantity', SCALE.XAU)}
              {...register('quantity', numeric)}
            />
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
            <TextField
              label={t('order:createForm.costPrice')}
              inputMode="decimal"
              required
              hint={t('order:createForm.perGramHint', { currency })}
              {...field('costPrice')}
              {...register('costPrice', numeric)}
            />
            <TextField
              label={t('order:createForm.quotePrice')}
              inputMode="decimal"
              required
              hint={t('order:createForm.perGramHint', { currency })}
              {...field('quotePrice')}
              {...register('quotePrice', numeric)}
            />
            <TextField
              label={t('order:createForm.exchangeRate')}
              inputMode="decimal"
              required
              hint={t('order:createForm.exchangeRateHint')}
              {...field('exchangeRate', SCALE.exchangeRate)}
              {...register('exchangeRate', numeric)}
            />
            <TextField
              label={t('order:createForm.finalPrice')}
              inputMode="decimal"
              required
              hint={t('order:createForm.finalPriceHint', { currency })}
              {...field('finalPrice')}
              {...register('finalPrice', numeric)}
            />
            <TextField label={t('order:createForm.note')} className="md:col-span-2" {...field('note')} {...register('note')} />
          </div>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={customize.isPending}>
            {t('common:confirm.cancel')}
          </Button>
          <Button type="submit" loading={customize.isPending} disabled={!allowed} title={allowed ? undefined : t('common:noPermission')}>
            {t('order:createForm.submit')}
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-6 xl:col-span-2">
        <Card>
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t('order:createForm.preview.title')}</h2>
          <DetailList
            items={[
              { label: t('order:createForm.preview.amountIn', { currency }), value: formatDecimal(figures.amount, 2), testId: 'offline-amount' },
              ...(currency === 'USD' ? [{ label: t('order:createForm.preview.amount'), value: formatDecimal(figures.myrAmount, 2), testId: 'offline-myr-amount' }] : []),
            ]}
          />
        </Card>
        <OrderUserCard user={user.data} />
      </div>
    </form>
  );
}
