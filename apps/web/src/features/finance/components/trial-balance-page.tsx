import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { businessDate, isBusinessDateText, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { Notice } from '#shared/ui/notice.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useTrialBalance } from '../api/trial-balance.ts';
import { TrialBalanceUnit } from './trial-balance-unit.tsx';

/** Yesterday in Kuala Lumpur: the last business day that is over, what finance checks first. */
function yesterday(now: Date): string {
  return businessDate(startOfBusinessDay(businessDate(now), -1));
}

/**
 * Trial balance (Finance > Trial balance, /finance/trial-balance/; decision 1000): a business day's
 * GL accounts per unit with their totals and whether each unit balances. Read-only, for every
 * signed-in admin. The day is kept in the address (?date=) so a day can be linked to.
 */
export function TrialBalancePage() {
  const { t } = useTranslation(['finance', 'sidebar']);
  const [params, setParams] = useSearchParams();
  const [date, setDate] = useState(() => params.get('date') ?? yesterday(new Date()));
  const valid = isBusinessDateText(date);
  const trial = useTrialBalance(date, valid);
  const onDate = (next: string) => {
    setDate(next);
    if (isBusinessDateText(next)) setParams({ date: next }, { replace: true });
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:trialBalance')} subtitle={t('finance:trialBalance.subtitle')} />
      <DateField
        label={t('finance:trialBalance.date')}
        hint={t('finance:trialBalance.dateHint')}
        className="w-full max-w-xs"
        value={date}
        max={businessDate(new Date())}
        onChange={onDate}
        error={valid ? undefined : date === '' ? ValidationMessage.required : ValidationMessage.invalidDate}
      />
      {valid ? (
        <QueryContent query={trial}>
          {(answer) =>
            answer.units.length === 0 ? (
              <Notice testId="trial-balance-empty">{t('finance:trialBalance.noUnits')}</Notice>
            ) : (
              <div className={`flex flex-col gap-8 ${trial.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={trial.isFetching}>
                {answer.units.map((unit) => (
                  <TrialBalanceUnit key={unit.unit} unit={unit} />
                ))}
              </div>
            )
          }
        </QueryContent>
      ) : null}
    </div>
  );
}
