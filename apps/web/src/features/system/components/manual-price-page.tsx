import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCALE, cmp } from '@aurum/domain/money/decimal';
import { METALS, isMetal, type Metal } from '@aurum/domain/system/metals';
import { ManualPriceBody } from '@aurum/domain/system/system-schemas';
import { useCan } from '#shared/access/use-can.ts';
import { BlockedReason, useWhyNot } from '#shared/access/who-may.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { formatDecimal, separatorsStripped } from '#shared/format/number.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from '#shared/ui/field.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { TableHead } from '#shared/ui/table-head.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { RowActionCell } from '#shared/ui/row-action-cell.tsx';
import { useClearManualPrice } from '../api/clear-manual-price.ts';
import { useManualPrices } from '../api/get-manual-prices.ts';
import { useSetManualPrice } from '../api/set-manual-price.ts';

/** The form: the domain's body, with the expiry typed as a local date and time ('' = until withdrawn). */
const ManualPriceForm = z.object({
  metal: z.string(),
  bid: ManualPriceBody.shape.bid,
  ask: ManualPriceBody.shape.ask,
  expiresAtLocal: z.string(),
});
type ManualPriceForm = z.infer<typeof ManualPriceForm>;

/** A datetime-local value as an ISO instant (with offset), null when empty or unreadable. */
export function localToIso(value: string): string | null {
  if (value.trim() === '') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * Manual Metal Price Setting (/system/price/): the manual prices in force (USD/oz, until they
 * expire or are withdrawn) and a form to set one; for admins with setManualPrice.
 */
export function ManualPricePage() {
  const { t } = useTranslation(['system', 'common']);
  const toast = useToast();
  const whyNot = useWhyNot('setManualPrice');
  const allowed = useCan('setManualPrice');
  const prices = useManualPrices();
  const set = useSetManualPrice();
  const clear = useClearManualPrice();
  const [withdrawing, setWithdrawing] = useState<Metal | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ManualPriceForm>({
    resolver: zodResolver(ManualPriceForm),
    mode: 'onTouched',
    defaultValues: { metal: 'xau', bid: '', ask: '', expiresAtLocal: '' },
  });
  const { errors } = formState;
  const limits = { count: SCALE.USD };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('system:manual.title')} subtitle={t('system:manual.subtitle')} back="/system/constant/" />
      <Card className="p-0">
        {prices.isPending ? (
          <SectionSpinner />
        ) : (
          <div tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-amber-600">
            <table className="w-full text-left text-sm" data-testid="manual-price-table">
              <TableHead
                className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500 uppercase"
                cellClassName="px-4 py-3 font-medium whitespace-nowrap"
                labels={(['metal', 'bid', 'ask', 'expiresAt', 'setBy'] as const).map((key) => t(`system:manual.${key}`))}
                numeric={[1, 2]}
                extra={allowed ? <th className="px-4 py-3" /> : null}
              />
              <tbody className="divide-y divide-slate-100">
                {(prices.data ?? []).length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-8 text-center text-slate-500">
                      {t('system:manual.none')}
                    </td>
                  </tr>
                ) : (
                  (prices.data ?? []).map((p) => (
                    <tr key={p.metal} data-testid="manual-price-row">
                      <td className="px-4 py-3 font-medium">{isMetal(p.metal) ? t(`system:constant.metals.${p.metal}`) : p.metal}</td>
                      <td className="px-4 py-3 text-right font-mono tabular-nums">{formatDecimal(p.bid, 2)}</td>
                      <td className="px-4 py-3 text-right font-mono tabular-nums">{formatDecimal(p.ask, 2)}</td>
                      <td className="px-4 py-3">{p.expiresAt ? formatDateTime(p.expiresAt) : t('system:manual.untilWithdrawn')}</td>
                      <td className="px-4 py-3 text-slate-600">
                        {p.setBy ?? '-'} · {formatDateTime(p.setAt)}
                      </td>
                      {allowed ? (
                        <RowActionCell onClick={() => isMetal(p.metal) && setWithdrawing(p.metal)}>{t('system:manual.withdraw')}</RowActionCell>
                      ) : null}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {allowed ? (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">{t('system:manual.set')}</h2>
          <form
            noValidate
            className="mt-4 grid gap-4 md:grid-cols-2"
            onSubmit={handleSubmit((values) => {
              const expiresAt = localToIso(values.expiresAtLocal);
              if (values.expiresAtLocal.trim() !== '' && (expiresAt === null || Date.parse(expiresAt) <= Date.now())) {
                setError('expiresAtLocal', { message: 'invalidDate' });
                return;
              }
              if (cmp(values.ask, values.bid) < 0) {
                setError('ask', { message: 'greaterThanOrEqual' });
                return;
              }
              set.mutate(
                { metal: values.metal, bid: values.bid, ask: values.ask, expiresAt },
                {
                  onSuccess: () => {
                    toast.success(t('system:manual.toast.set'));
                    reset();
                  },
                  onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
                },
              );
            })}
          >
            <ControlledSelect control={control} name="metal" label={t('system:manual.metal')} required options={METALS.map((m) => ({ value: m, label: t(`system:constant.metals.${m}`) }))} />
            <FieldShell label={t('system:manual.expiresAt')} htmlFor="manual-expires" hint={t('system:manual.expiresHint')} error={errors.expiresAtLocal?.message}>
              <input id="manual-expires" type="datetime-local" className={`${INPUT_CLASSES} ${inputBorder(Boolean(errors.expiresAtLocal))}`} {...register('expiresAtLocal')} />
            </FieldShell>
            <TextField label={t('system:manual.bid')} inputMode="decimal" required error={errors.bid?.message} errorValues={limits} {...register('bid', separatorsStripped)} />
            <TextField
              label={t('system:manual.ask')}
              inputMode="decimal"
              required
              error={errors.ask?.message}
              errorValues={{ ...limits, compared: t('system:manual.bid') }}
              {...register('ask', separatorsStripped)}
            />
            <div className="md:col-span-2 flex justify-end">
              <Button type="submit" loading={set.isPending}>
                {t('system:manual.submit')}
              </Button>
            </div>
          </form>
        </Card>
      ) : (
        <BlockedReason reason={whyNot} />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={withdrawing ? t('system:manual.confirmWithdraw', { metal: t(`system:constant.metals.${withdrawing}`) }) : ''}
        loading={clear.isPending}
        onConfirm={() =>
          withdrawing &&
          clear.mutate(withdrawing, {
            onSuccess: () => {
              toast.success(t('system:manual.toast.withdrawn'));
              setWithdrawing(null);
            },
            onError: (error) => {
              toast.error(t('common:failed'), errorMessage(error));
              setWithdrawing(null);
            },
          })
        }
      />
    </div>
  );
}
