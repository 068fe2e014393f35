import { useTranslation } from 'react-i18next';
import type { BarRecordView, BreakView } from '@aurum/domain/reconciliation/reconciliation-schemas';
import { troyOunces } from '@aurum/domain/treasury/treasury-books';
import { formatDecimal } from '#shared/format/number.ts';

/** A fineness as stored (999.900) without its trailing zeros (999.9). */
const perThousand = (fineness: string) => (fineness.includes('.') ? fineness.replace(/\.?0+$/, '') : fineness);

/** A bar as one side records it: its weights and fineness, or 'not recorded'. */
export function BarCell({ bar }: { bar: BarRecordView | null }) {
  const { t } = useTranslation(['treasury-reconciliation']);
  if (!bar) return <span className="text-slate-500">{t('treasury-reconciliation:breaks.missing')}</span>;
  return (
    <span className="block min-w-44 text-xs tabular-nums">
      {t('treasury-reconciliation:breaks.weights', { gross: formatDecimal(bar.grossWeight, 4), fine: formatDecimal(bar.fineWeight, 4), fineness: perThousand(bar.fineness) })}
    </span>
  );
}

/** A break's difference: grams with ounces beside them, fineness per thousand. */
export function DifferenceCell({ row }: { row: BreakView }) {
  const { t } = useTranslation(['treasury-reconciliation']);
  if (row.difference === null) return <>-</>;
  if (row.kind === 'finenessDiffers') return <span className="whitespace-nowrap tabular-nums">{perThousand(formatDecimal(row.difference, 4))}‰</span>;
  return <span className="whitespace-nowrap tabular-nums">{t('treasury-reconciliation:breaks.grams', { grams: formatDecimal(row.difference, 4), ounces: troyOunces(row.difference, 3) })}</span>;
}
