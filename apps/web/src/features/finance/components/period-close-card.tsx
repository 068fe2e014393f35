import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import { monthCloseRefusal, monthOf, nextMonth, nextYear, yearCloseRefusal, yearOf, type ClosedThrough, type PeriodCloseRefusal } from '@aurum/domain/finance/periods';
import { useCan } from '#shared/access/use-can.ts';
import { formatDate, formatPeriod } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { useClosePeriod } from '../api/close-period.ts';

/** The month to close next: the one after the last closed month, or the month of the earliest closed day shown. */
function monthToClose(answer: DayClosesAnswer): string | null {
  if (answer.lastClosedMonth) return nextMonth(answer.lastClosedMonth);
  const earliest = answer.items.at(-1)?.date;
  return earliest ? monthOf(earliest) : null;
}

/** The year to close next: the one after the last closed year, or the year of the month to close. */
function yearToClose(answer: DayClosesAnswer, month: string | null): string | null {
  if (answer.lastClosedYear) return nextYear(answer.lastClosedYear);
  return month ? yearOf(answer.lastClosedMonth ?? month) : null;
}

interface Candidate {
  kind: 'month' | 'year';
  period: string;
  refusal: PeriodCloseRefusal | null;
  pending: boolean;
}

/** A refusal's words; months in MM/yyyy and days in dd/MM/yyyy. */
function useRefusalText(): (r: PeriodCloseRefusal, period: string) => string {
  const { t } = useTranslation(['finance']);
  return (r, period) => {
    const values = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'rule' ? v : v.length === 10 ? formatDate(v) : formatPeriod(v)]));
    return t(`finance:periods.refusal.${r.rule}`, { ...values, period: formatPeriod(period) });
  };
}

/**
 * Months and years (decision 1041): the next month (once all its days are closed) and the next
 * year (once its December is) a closer proposes to close; a second admin approves it below.
 */
export function PeriodCloseCard({ answer, proposals }: { answer: DayClosesAnswer; proposals: readonly ProposalView[] }) {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const mayClose = useCan('closeBusinessDay');
  const refusalText = useRefusalText();
  const close = useClosePeriod();
  const [confirming, setConfirming] = useState<Candidate | null>(null);
  const closed: ClosedThrough = { day: answer.lastClosed, month: answer.lastClosedMonth, year: answer.lastClosedYear, firstDay: null };
  const pendingFor = (period: string) => proposals.some((p) => p.status === 'pending' && p.target === period && p.kind !== 'dayReopen');
  const month = monthToClose(answer);
  const year = yearToClose(answer, month);
  const candidates: Candidate[] = [
    ...(month ? [{ kind: 'month' as const, period: month, refusal: monthCloseRefusal(month, closed), pending: pendingFor(month) }] : []),
    ...(year ? [{ kind: 'year' as const, period: year, refusal: yearCloseRefusal(year, closed), pending: pendingFor(year) }] : []),
  ];
  const onPropose = (c: Candidate) =>
    close.mutate(
      { period: c.period },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(t(`finance:periods.proposed.${c.kind}`, { period: formatPeriod(c.period) }));
        },
        onError: (e) => {
          setConfirming(null);
          toast.error(t('common:failed'), errorMessage(e));
        },
      },
    );
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t('finance:periods.lastMonth')}</dt>
        <dd data-testid="last-closed-month">{answer.lastClosedMonth ? formatPeriod(answer.lastClosedMonth) : t('finance:dayClose.noneClosed')}</dd>
        <dt className="text-slate-500">{t('finance:periods.lastYear')}</dt>
        <dd data-testid="last-closed-year">{answer.lastClosedYear ?? t('finance:dayClose.noneClosed')}</dd>
      </dl>
      {candidates.length === 0 ? <p className="text-sm text-slate-600">{t('finance:periods.nothingYet')}</p> : null}
      {candidates.map((c) => (
        <div key={c.kind} className="flex flex-col gap-1" data-testid={`period-close-${c.kind}`}>
          {c.pending ? (
            <p className="text-sm text-slate-700">{t('finance:periods.pending', { period: formatPeriod(c.period) })}</p>
          ) : c.refusal ? (
            <p className="text-sm text-amber-900">{refusalText(c.refusal, c.period)}</p>
          ) : null}
          {mayClose ? (
            <div>
              <Button variant="secondary" disabled={c.refusal !== null || c.pending} onClick={() => setConfirming(c)}>
                {t(`finance:periods.propose.${c.kind}`, { period: formatPeriod(c.period) })}
              </Button>
            </div>
          ) : null}
        </div>
      ))}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming ? t(`finance:periods.confirm.${confirming.kind}Title`, { period: formatPeriod(confirming.period) }) : ''}
        message={confirming ? t(`finance:periods.confirm.${confirming.kind}`, { period: formatPeriod(confirming.period), next: confirming.kind === 'year' ? `01/01/${nextYear(confirming.period)}` : '' }) : undefined}
        confirmLabel={t('finance:periods.confirm.submit')}
        loading={close.isPending}
        onConfirm={() => (confirming ? onPropose(confirming) : undefined)}
      />
    </div>
  );
}
