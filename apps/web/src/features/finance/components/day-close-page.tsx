import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayAfter } from '@aurum/domain/finance/day-close';
import type { DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import { isBusinessDateText } from '@aurum/domain/system/business-time';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { useCan } from '#shared/access/use-can.ts';
import { formatDateTime } from '#shared/format/display.ts';
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
import { ClosedDaysTable } from './closed-days-table.tsx';
import { DayCloseChecks, RefusalText } from './day-close-checks.tsx';
import { JournalExportCard } from './journal-export-card.tsx';

/** The day to offer first: the day after the last closed one, or yesterday when none is closed or that day has not ended. */
function nextToClose(answer: DayClosesAnswer): string {
  const yesterday = dayAfter(answer.today, -1);
  if (answer.lastClosed === null) return yesterday;
  const next = dayAfter(answer.lastClosed);
  return next < answer.today ? next : yesterday;
}

function DayCloseContent({ answer }: { answer: DayClosesAnswer }) {
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
          toast.success(t('finance:dayClose.closed', { date: closed.date }));
          setDate(dayAfter(closed.date) < answer.today ? dayAfter(closed.date) : closed.date);
        },
        onError: (e) => {
          setConfirming(false);
          toast.error(t('finance:dayClose.notClosed', { date }), errorMessage(e));
        },
      },
    );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:dayClose')} subtitle={t('finance:dayClose.subtitle')} />
      <DetailList
        items={[
          { label: t('finance:dayClose.lastClosed'), value: answer.lastClosed ?? t('finance:dayClose.noneClosed'), testId: 'last-closed' },
          { label: t('finance:dayClose.firstOpenDay'), value: answer.firstOpenDay, testId: 'first-open-day' },
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
                  <p className="text-sm text-slate-700">
                    {found.from
                      ? t('finance:dayClose.stretch', { from: formatDateTime(found.from), to: formatDateTime(found.to) })
                      : t('finance:dayClose.stretchFirst', { to: formatDateTime(found.to) })}
                  </p>
                  {found.refusal ? <RefusalText refusal={found.refusal} date={found.date} /> : null}
                  {found.checks.length > 0 ? <DayCloseChecks checks={found.checks} /> : null}
                  {mayClose ? (
                    <div>
                      <Button disabled={!found.closable || check.isPlaceholderData} onClick={() => setConfirming(true)}>
                        {t('finance:dayClose.closeButton', { date: found.date })}
                      </Button>
                    </div>
                  ) : null}
                </div>
              )}
            </QueryContent>
          ) : null}
        </div>
      </TitledCard>
      <TitledCard title={t('finance:dayClose.table.title')}>
        <ClosedDaysTable items={answer.items} />
      </TitledCard>
      <JournalExportCard key={answer.lastClosed ?? ''} lastClosed={answer.lastClosed} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('finance:dayClose.confirm.title', { date })}
        message={t('finance:dayClose.confirm.message')}
        confirmLabel={t('finance:dayClose.confirm.submit')}
        loading={close.isPending}
        onConfirm={onClose}
      />
    </div>
  );
}

/**
 * Day close (Finance > Day close, /finance/day-close/; decision 1001): the last closed day, the
 * checks of the day to close as the server finds them now, the close (finance approvers), and the
 * closed days, the latest of which a superAdmin may reopen with a reason, and the accounting export
 * of closed days.
 */
export function DayClosePage() {
  const closes = useDayCloses();
  return <QueryContent query={closes}>{(answer) => <DayCloseContent answer={answer} />}</QueryContent>;
}
