import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayAfter } from '@aurum/domain/finance/day-close';
import type { DayCloseCheckAnswer, DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import type { ProposalView } from '@aurum/domain/finance/period-schemas';
import { isBusinessDateText, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { useCan } from '#shared/access/use-can.ts';
import { formatDate, formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useCloseDay } from '../api/close-day.ts';
import { useDayCloseCheck } from '../api/day-close-check.ts';
import { useDayCloses } from '../api/day-closes.ts';
import { useProposals } from '../api/proposals.ts';
import { ClosedDaysTable } from './closed-days-table.tsx';
import { DayCloseChecks, RefusalText } from './day-close-checks.tsx';
import { JournalExportCard } from './journal-export-card.tsx';
import { PeriodCloseCard } from './period-close-card.tsx';
import { ProposalsCard } from './proposals-card.tsx';

/** The day to offer first: the day after the last closed one, or yesterday when none is closed or that day has not ended. */
function nextToClose(answer: DayClosesAnswer): string {
  const yesterday = dayAfter(answer.today, -1);
  if (answer.lastClosed === null) return yesterday;
  const next = dayAfter(answer.lastClosed);
  return next < answer.today ? next : yesterday;
}

/**
 * The stretch of journal a day's close covers: a closed day's own close; an open day from the
 * previous close's end (the journal's beginning before the first) to the next day's first moment.
 * The check's `from` is the latest close's end, which for a day closed already is its own end.
 */
function windowOf(found: DayCloseCheckAnswer, items: DayClosesAnswer['items']): { from: string | null; to: string } {
  if (found.refusal?.rule !== 'alreadyClosed') return { from: found.from, to: found.to };
  const own = items.find((c) => c.date === found.date);
  return own ? { from: own.from, to: own.to } : { from: startOfBusinessDay(found.date).toISOString(), to: startOfBusinessDay(found.date, 1).toISOString() };
}

function StretchText({ found, items }: { found: DayCloseCheckAnswer; items: DayClosesAnswer['items'] }) {
  const { t } = useTranslation(['finance']);
  const w = windowOf(found, items);
  return (
    <p className="text-sm text-slate-700" data-testid="close-stretch">
      {w.from ? t('finance:dayClose.stretch', { from: formatDateTime(w.from), to: formatDateTime(w.to) }) : t('finance:dayClose.stretchFirst', { to: formatDateTime(w.to) })}
    </p>
  );
}

function DayCloseContent({ answer, proposals }: { answer: DayClosesAnswer; proposals: readonly ProposalView[] }) {
  const { t } = useTranslation(['finance', 'sidebar', 'common']);
  const toast = useToast();
  const mayClose = useCan('closeBusinessDay');
  const [date, setDate] = useState(() => nextToClose(answer));
  const [confirming, setConfirming] = useState(false);
  const valid = isBusinessDateText(date);
  const check = useDayCloseCheck(date, valid);
  const close = useCloseDay();
  const onClose = () =>
    close.mutate(
      { date },
      {
        onSuccess: (closed) => {
          setConfirming(false);
          toast.success(t('finance:dayClose.closed', { date: formatDate(closed.date) }));
          // on to the next day (today's too: its checks show it has not ended)
          setDate(dayAfter(closed.date));
        },
        onError: (e) => {
          setConfirming(false);
          toast.error(t('finance:dayClose.notClosed', { date: formatDate(date) }), errorMessage(e));
        },
      },
    );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:dayClose')} subtitle={t('finance:dayClose.subtitle')} />
      <DetailList
        items={[
          { label: t('finance:dayClose.lastClosed'), value: answer.lastClosed ? formatDate(answer.lastClosed) : t('finance:dayClose.noneClosed'), testId: 'last-closed' },
          { label: t('finance:dayClose.firstOpenDay'), value: formatDate(answer.firstOpenDay), testId: 'first-open-day' },
        ]}
      />
      <TitledCard title={t('finance:dayClose.checks.title')}>
        <div className="flex flex-col gap-4">
          <DateField
            label={t('finance:dayClose.date')}
            hint={t('finance:dayClose.dateHint')}
            className="w-full max-w-xs"
            value={date}
            max={answer.today}
            onChange={setDate}
            error={valid ? undefined : date === '' ? ValidationMessage.required : ValidationMessage.invalidDate}
          />
          {valid ? (
            <QueryContent query={check}>
              {(found) => (
                <div className={`flex flex-col gap-3 ${check.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={check.isFetching}>
                  <StretchText found={found} items={answer.items} />
                  {found.refusal ? <RefusalText refusal={found.refusal} date={found.date} /> : null}
                  {found.checks.length > 0 ? <DayCloseChecks checks={found.checks} /> : null}
                  {mayClose ? (
                    <div>
                      <Button disabled={!found.closable || check.isPlaceholderData} onClick={() => setConfirming(true)}>
                        {t('finance:dayClose.closeButton', { date: formatDate(found.date) })}
                      </Button>
                    </div>
                  ) : null}
                </div>
              )}
            </QueryContent>
          ) : null}
        </div>
      </TitledCard>
      <TitledCard title={t('finance:periods.title')}>
        <PeriodCloseCard answer={answer} proposals={proposals} />
      </TitledCard>
      <TitledCard title={t('finance:proposals.pending')}>
        <ProposalsCard items={proposals} />
      </TitledCard>
      <TitledCard title={t('finance:dayClose.table.title')}>
        <ClosedDaysTable
          items={answer.items}
          closed={{ day: answer.lastClosed, month: answer.lastClosedMonth, year: answer.lastClosedYear, firstDay: null }}
          pendingReopens={proposals.filter((p) => p.status === 'pending' && p.kind === 'dayReopen').map((p) => p.target)}
        />
      </TitledCard>
      <JournalExportCard key={answer.lastClosed ?? ''} lastClosed={answer.lastClosed} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('finance:dayClose.confirm.title', { date: formatDate(date) })}
        message={t('finance:dayClose.confirm.message')}
        confirmLabel={t('finance:dayClose.confirm.submit')}
        loading={close.isPending}
        onConfirm={onClose}
      />
    </div>
  );
}

/**
 * Day close (Finance > Day close, /finance/day-close/; decisions 1001, 1041): the last closed day,
 * the checks of the day to close as the server finds them now, the close (finance approvers), the
 * month and year closes and the reopening of any closed day (each a proposal a second admin
 * decides in the pending proposals), the closed days, and the accounting export of closed days.
 */
export function DayClosePage() {
  const closes = useDayCloses();
  const proposals = useProposals();
  return (
    <QueryContent query={closes}>
      {(answer) => <QueryContent query={proposals}>{(listed) => <DayCloseContent answer={answer} proposals={listed.items} />}</QueryContent>}
    </QueryContent>
  );
}
