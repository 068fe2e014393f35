import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { z } from 'zod';
import { SCALE, decimalField } from '@aurum/domain/money/decimal';
import type { Metal } from '@aurum/domain/system/metals';
import { CurrencyAdjustBody, SpreadAdjustBody, UserFeeAdjustBody, type MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { errorMessage } from '#shared/http/api-error.ts';
import { fractionToPercent, percentToFraction, separatorsStripped } from '#shared/format/number.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useUpdateAdjust, type AdjustBodies, type AdjustUpdatePart } from '../api/update-adjust.ts';
import { settingsOf, type Variant } from '../model/trade-constants.ts';
import { FormActions } from '#shared/form/form-actions.tsx';

export type AdjustPart = 'currency' | 'spread' | 'fee';

interface FormProps {
  metal: Metal;
  variant: Variant;
  answer: MetalAdjustAnswer;
  onDone: () => void;
}


function FormFooter({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation('common');
  return <FormActions className="mt-2 flex justify-end gap-2" onCancel={onCancel} pending={pending} submitLabel={t('save')} />;
}

/** One field of an adjust form: its label key (system namespace), decimal places and upper bound. */
interface FieldSpec<V extends FieldValues> {
  name: Path<V>;
  label: ParseKeys<'system'>;
  scale: number;
  max: string;
  hint?: ParseKeys<'system'>;
}

type SaveCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/** What differs between the currency, spread and fee forms: fields, schema, defaults and the call. */
interface PartForm<V extends FieldValues> {
  schema: z.ZodType<V, V>;
  defaults: (answer: MetalAdjustAnswer, variant: Variant) => V;
  fields: ReadonlyArray<FieldSpec<V>>;
  hint?: ParseKeys<'system'>;
  toast: ParseKeys<'system'>;
  /** The mutation of the part: `save` sends the form values for a metal and variant. */
  useSave: () => { pending: boolean; save: (target: { metal: Metal; variant: Variant }, values: V, callbacks: SaveCallbacks) => void };
}

/** A part's save: its update call with the body the form values make. */
function usePartSave<P extends AdjustUpdatePart, V extends FieldValues>(part: P, toBody: (values: V) => AdjustBodies[P]): ReturnType<PartForm<V>['useSave']> {
  const update = useUpdateAdjust(part);
  return { pending: update.isPending, save: (target, values, callbacks) => update.mutate({ ...target, body: toBody(values) }, callbacks) };
}

const CURRENCY: PartForm<CurrencyAdjustBody> = {
  schema: CurrencyAdjustBody,
  defaults: (answer, variant) => ({ currencyKind: 'MYR', bid: settingsOf(answer, variant).currency.bid, ask: settingsOf(answer, variant).currency.ask }),
  fields: [
    { name: 'bid', label: 'constant.bidChange', scale: SCALE.exchangeRate, max: '10' },
    { name: 'ask', label: 'constant.askChange', scale: SCALE.exchangeRate, max: '10' },
  ],
  hint: 'constant.form.currencyHint',
  toast: 'constant.toast.currency',
  useSave: () => usePartSave('currency', (body: CurrencyAdjustBody) => body),
};

const SPREAD: PartForm<SpreadAdjustBody> = {
  schema: SpreadAdjustBody,
  defaults: (answer, variant) => settingsOf(answer, variant).spread,
  fields: [
    { name: 'buySpread', label: 'constant.buySpread', scale: SCALE.USD, max: '10000' },
    { name: 'sellSpread', label: 'constant.sellSpread', scale: SCALE.USD, max: '10000' },
  ],
  hint: 'constant.form.spreadHint',
  toast: 'constant.toast.spread',
  useSave: () => usePartSave('spread', (body: SpreadAdjustBody) => body),
};

/** The fee form takes the interest rate as a percent (stored fraction x 100, 4 decimals, at most 100). */
const PERCENT_SCALE = SCALE.interestRate - 2;
const FeeValues = z.object({
  refineryFees: UserFeeAdjustBody.shape.refineryFees,
  premium: UserFeeAdjustBody.shape.premium,
  interestRatePercent: decimalField(PERCENT_SCALE, { allowZero: true, max: '100' }),
});
type FeeValues = z.infer<typeof FeeValues>;

const FEE: PartForm<FeeValues> = {
  schema: FeeValues,
  defaults: (answer, variant) => {
    const fee = settingsOf(answer, variant).fee;
    return { refineryFees: fee.refineryFees, premium: fee.premium, interestRatePercent: fractionToPercent(fee.interestRate) };
  },
  fields: [
    { name: 'interestRatePercent', label: 'constant.interestRatePercent', scale: PERCENT_SCALE, max: '100', hint: 'constant.form.interestHint' },
    { name: 'premium', label: 'constant.premium', scale: SCALE.pricePerGram, max: '100000' },
    { name: 'refineryFees', label: 'constant.refineryFees', scale: SCALE.pricePerGram, max: '100000' },
  ],
  toast: 'constant.toast.fee',
  useSave: () => usePartSave('userFee', (values: FeeValues) => ({ refineryFees: values.refineryFees, premium: values.premium, interestRate: percentToFraction(values.interestRatePercent) })),
};

/** The form of one part: its fields with their rules, save and cancel. */
function AdjustForm<V extends FieldValues>({ form, metal, variant, answer, onDone }: FormProps & { form: PartForm<V> }) {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const { pending, save } = form.useSave();
  const { register, handleSubmit, formState } = useForm<V>({
    resolver: zodResolver(form.schema),
    mode: 'onTouched',
    defaultValues: form.defaults(answer, variant) as DefaultValues<V>,
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((values) =>
        save({ metal, variant }, values, {
          onSuccess: () => {
            toast.success(t(`system:${form.toast}`));
            onDone();
          },
          onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
        }),
      )}
    >
      {form.hint ? <p className="text-sm text-slate-600">{t(`system:${form.hint}`)}</p> : null}
      {form.fields.map((field) => (
        <TextField
          key={field.name}
          label={t(`system:${field.label}`)}
          inputMode="decimal"
          required
          hint={field.hint ? t(`system:${field.hint}`) : undefined}
          error={(errors as Partial<Record<string, { message?: string }>>)[field.name]?.message}
          errorValues={{ count: field.scale, compared: field.max }}
          {...register(field.name, separatorsStripped)}
        />
      ))}
      <FormFooter pending={pending} onCancel={onDone} />
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
      {part === 'currency' ? <AdjustForm form={CURRENCY} {...props} onDone={onClose} /> : null}
      {part === 'spread' ? <AdjustForm form={SPREAD} {...props} onDone={onClose} /> : null}
      {part === 'fee' ? <AdjustForm form={FEE} {...props} onDone={onClose} /> : null}
    </Modal>
  );
}
