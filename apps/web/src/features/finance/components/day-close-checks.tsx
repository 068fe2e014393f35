import { useTranslation } from 'react-i18next';
import type { DayCloseCheckAnswer, DayCloseCheckView } from '@aurum/domain/finance/day-close-schemas';
import { SCALE } from '@aurum/domain/money/decimal';
import { formatDate, formatPeriod } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { Badge } from '#shared/ui/badge.tsx';

/** One check's line: what it verified, passed or failed, and what failed. */
function CheckLine({ check }: { check: DayCloseCheckView }) {
  const { t } = useTranslation(['finance']);
  const detail = (() => {
    if (check.ok) return null;
    switch (check.check) {
      case 'balanced':
        return t('finance:dayClose.checks.unbalanced', { units: check.unbalanced.join(', ') });
      case 'customerBooks':
        return (
          <ul className="list-disc pl-5">
            {check.negative.map((n) => (
              <li key={n.account} className="tabular-nums">
                {t('finance:dayClose.checks.negativeBook', { account: n.account, balance: formatDecimal(n.balance, SCALE.MYR) })}
              </li>
            ))}
          </ul>
        );
      case 'metalBooks':
        return (
          <ul className="list-disc pl-5">
            {check.differences.map((d) => (
              <li key={d.metal} className="tabular-nums">
                {t('finance:dayClose.checks.metalDifference', { metal: d.metal, books: formatDecimal(d.books, 4), bars: formatDecimal(d.bars, 4), difference: formatDecimal(d.difference, 4) })}
              </li>
            ))}
          </ul>
        );
    }
  })();
  return (
    <li className="flex flex-col gap-1 border-b border-slate-200 py-3 last:border-b-0" data-testid={`close-check-${check.check}`} data-ok={check.ok}>
      <div className="flex items-center gap-3">
        <Badge variant={check.ok ? 'approved' : 'declined'}>{check.ok ? t('finance:dayClose.checks.passed') : t('finance:dayClose.checks.failed')}</Badge>
        <span className="text-sm text-slate-900">{t(`finance:dayClose.checks.${check.check}`)}</span>
      </div>
      {detail ? <div className="pl-2 text-sm text-red-800">{detail}</div> : null}
    </li>
  );
}

/** Why the day cannot be closed now, in words. */
export function RefusalText({ refusal, date }: { refusal: NonNullable<DayCloseCheckAnswer['refusal']>; date: string }) {
  const { t } = useTranslation(['finance']);
  // every date in the console's one format (dd/MM/yyyy)
  const values = Object.fromEntries(Object.entries(refusal).map(([k, v]) => [k, k === 'rule' ? v : formatPeriod(v)]));
  return <p className="text-sm text-amber-900" data-testid="close-refusal">{t(`finance:dayClose.refusal.${refusal.rule}`, { ...values, date: formatDate(date) })}</p>;
}

/** The checks of a close as the server found them now. */
export function DayCloseChecks({ checks }: { checks: readonly DayCloseCheckView[] }) {
  const { t } = useTranslation(['finance']);
  return (
    <ul aria-label={t('finance:dayClose.checks.title')} className="flex flex-col">
      {checks.map((c) => (
        <CheckLine key={c.check} check={c} />
      ))}
    </ul>
  );
}
