import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCALE, decimalField } from '@aurum/domain/money/decimal';
import type { Metal } from '@aurum/domain/system/metals';
import { CurrencyAdjustBody, SpreadAdjustBody, UserFeeAdjustBody, type MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { errorMessage } from '#shared/http/api-error.ts';
import { fractionToPercent, percentToFraction, stripSeparators } from '#shared/format/number.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useUpdateCurrencyAdjust } from '../api/update-currency-adjust.ts';
import { useUpdateFeeAdjust } from '../api/update-fee-adjust.ts';
import { useUpdateSpreadAdjust } from '../api/update-spread-adjust.ts';
import { settingsOf, type Variant } from '../api/trade-constants.ts';

export type AdjustPart = 'currency' | 'spread' | 'fee';

interface FormProps {
  metal: Metal;
  variant: Variant;
  answer: MetalAdjustAnswer;
  onDone: () => void;
}

/** The message values of the rules of a field (decimal places and upper bound). */
const limits = (count: number, compared: string) => ({ count, compared });
const numeric = { setValueAs: stripSeparators };

function FormFooter({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="mt-2 flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {t('confirm.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {t('save')}
      </Button>
    </div>
  );
}

function CurrencyForm({ metal, variant, answer, onDone }: FormProps) {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const update = useUpdateCurrencyAdjust();
  const current = settingsOf(answer, variant).currency;
  const { register, handleSubmit, formState } = useForm<CurrencyAdjustBody>({
    resolver: zodResolver(CurrencyAdjustBody),
    mode: 'onBlur',
    defaultValues: { currencyKind: 'MYR', bid: current.bid, ask: current.ask },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((body) =>
        update.mutate(
          { metal, variant, body },
          {
            onSuccess: () => {
              toast.success(t('system:constant.toast.currency'));
              onDone();
            },
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          },
        ),
      )}
    >
      <p className="text-sm text-slate-600">{t('system:constant.form.currencyHint')}</p>
      <TextField label={t('system:constant.bidChange')} inputMode="decimal" required error={errors.bid?.message} errorValues={limits(SCALE.exchangeRate, '10')} {...register('bid', numeric)} />
      <TextField label={t('system:constant.askChange')} inputMode="decimal" required error={errors.ask?.message} errorValues={limits(SCALE.exchangeRate, '10')} {...register('ask', numeric)} />
      <FormFooter pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

function SpreadForm({ metal, variant, answer, onDone }: FormProps) {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const update = useUpdateSpreadAdjust();
  const current = settingsOf(answer, variant).spread;
  const { register, handleSubmit, formState } = useForm<SpreadAdjustBody>({ resolver: zodResolver(SpreadAdjustBody), mode: 'onBlur', defaultValues: current });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((body) =>
        update.mutate(
          { metal, variant, body },
          {
            onSuccess: () => {
              toast.success(t('system:constant.toast.spread'));
              onDone();
            },
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          },
        ),
      )}
    >
      <p className="text-sm text-slate-600">{t('system:constant.form.spreadHint')}</p>
      <TextField label={t('system:constant.buySpread')} inputMode="decimal" required error={errors.buySpread?.message} errorValues={limits(SCALE.USD, '10000')} {...register('buySpread', numeric)} />
      <TextField label={t('system:constant.sellSpread')} inputMode="decimal" required error={errors.sellSpread?.message} errorValues={limits(SCALE.USD, '10000')} {...register('sellSpread', numeric)} />
      <FormFooter pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

/** The fee form takes the interest rate as a percent (stored fraction x 100, 4 decimals, at most 100). */
const PERCENT_SCALE = SCALE.interestRate - 2;
const FeeForm = z.object({
  refineryFees: UserFeeAdjustBody.shape.refineryFees,
  premium: UserFeeAdjustBody.shape.premium,
  interestRatePercent: decimalField(PERCENT_SCALE, { allowZero: true, max: '100' }),
});
type FeeForm = z.infer<typeof FeeForm>;

function FeesForm({ metal, variant, answer, onDone }: FormProps) {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const update = useUpdateFeeAdjust();
  const current = settingsOf(answer, variant).fee;
  const { register, handleSubmit, formState } = useForm<FeeForm>({
    resolver: zodResolver(FeeForm),
    mode: 'onBlur',
    defaultValues: { refineryFees: current.refineryFees, premium: current.premium, interestRatePercent: fractionToPercent(current.interestRate) },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((values) =>
        update.mutate(
          { metal, variant, body: { refineryFees: values.refineryFees, premium: values.premium, interestRate: percentToFraction(values.interestRatePercent) } },
          {
            onSuccess: () => {
              toast.success(t('system:constant.toast.fee'));
              onDone();
            },
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          },
        ),
      )}
    >
      <TextField
        label={t('system:constant.interestRatePercent')}
        inputMode="decimal"
        required
        hint={t('system:constant.form.interestHint')}
        error={errors.interestRatePercent?.message}
        errorValues={limits(PERCENT_SCALE, '100')}
        {...register('interestRatePercent', numeric)}
      />
      <TextField label={t('system:constant.premium')} inputMode="decimal" required error={errors.premium?.message} errorValues={limits(SCALE.pricePerGram, '100000')} {...register('premium', numeric)} />
      <TextField label={t('system:constant.refineryFees')} inputMode="decimal" required error={errors.refineryFees?.message} errorValues={limits(SCALE.pricePerGram, '100000')} {...register('refineryFees', numeric)} />
      <FormFooter pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

/** Edit currency, fees or spread of one metal and variant, in a modal. */
export function AdjustDialog({ part, onClose, ...props }: Omit<FormProps, 'onDone'> & { part: AdjustPart | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const title = part ? t(`constant.edit.${part}`) : '';
  const description = t('constant.form.target', { metal: t(`constant.metals.${props.metal}`), variant: t(`constant.variant.${props.variant}`) });
  return (
    <Modal open={part !== null} onOpenChange={(open) => !open && onClose()} title={title} description={description} testId="adjust-dialog">
      {part === 'currency' ? <CurrencyForm {...props} onDone={onClose} /> : null}
      {part === 'spread' ? <SpreadForm {...props} onDone={onClose} /> : null}
      {part === 'fee' ? <FeesForm {...props} onDone={onClose} /> : null}
    </Modal>
  );
}
