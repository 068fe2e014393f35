import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INCOME_STATEMENT_MAX_DAYS, type IncomeStatementAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import { businessDate } from '@aurum/domain/system/business-time';
import { formatDate } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { DateRangeField } from '#shared/ui/date-range-field.tsx';
import { rangeProblem, type DateRange } from '#shared/ui/date-range.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useDayCloses } from '../api/day-closes.ts';
import { useIncomeStatement } from '../api/income-statement.ts';
import { sectionRows, StatementUnit } from './statement-unit.tsx';

function IncomeStatement({ answer, stale }: { answer: IncomeStatementAnswer; stale: boolean }) {
  const { t } = useTranslation(['finance']);
  return (
    <div className={`flex flex-col gap-8 ${stale ? 'opacity-60' : ''}`}>
      <DetailList
        items={[
          { label: t('finance:incomeStatement.period'), value: `${formatDate(answer.from)} – ${formatDate(answer.to)}`, testId: 'income-statement-period' },
          { label: t('finance:incomeStatement.netMyr'), value: formatDecimal(answer.netMyr, 2), testId: 'income-statement-net-myr' },
        ]}
      />
      {answer.units.map((u) => (
        <StatementUnit
          key={u.unit}
          unit={u.unit}
          testId={`income-statement-${u.unit}`}
          rows={[
            ...sectionRows('income', t('finance:incomeStatement.income'), u.income),
            ...sectionRows('expenses', t('finance:incomeStatement.expenses'), u.expenses),
            { key: 'net', account: null, label: t('finance:incomeStatement.net'), amount: u.net.amount, myr: u.net.myr, strong: true },
          ]}
        />
      ))}
    </div>
  );
}

/**
 * Income statement (Finance > Income statement, /finance/income-statement/; decision 1047): income
 * and expense over closed days, per unit, and the MYR net (the P&L's total of the same range).
 */
export function IncomeStatementPage() {
  const { t } = useTranslation(['finance', 'sidebar']);
  const closes = useDayCloses();
  const [params, setParams] = useSearchParams();
  const lastClosed = closes.data?.lastClosed ?? null;
  const [chosen, setChosen] = useState<DateRange | null>(() => {
    const from = params.get('from');
    const to = params.get('to');
    return from && to ? { from, to } : null;
  });
  const range = chosen ?? (lastClosed ? { from: `${lastClosed.slice(0, 7)}-01`, to: lastClosed } : { from: '', to: '' });
  // an empty range is no filter to the range field; a statement needs both ends
  const valid = range.from !== '' && rangeProblem(range, { maxDays: INCOME_STATEMENT_MAX_DAYS }) === null;
  const statement = useIncomeStatement(range, valid);
  const onRange = (next: DateRange) => {
    setChosen(next);
    if (next.from !== '' && rangeProblem(next, { maxDays: INCOME_STATEMENT_MAX_DAYS }) === null) setParams({ from: next.from, to: next.to }, { replace: true });
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:incomeStatement')} subtitle={t('finance:incomeStatement.subtitle')} />
      {closes.isSuccess && lastClosed === null ? <Notice testId="income-statement-none">{t('finance:statements.noneClosed')}</Notice> : null}
      <DateRangeField
        label={t('finance:incomeStatement.range')}
        hint={lastClosed ? t('finance:statements.closedThrough', { date: formatDate(lastClosed) }) : undefined}
        className="w-full max-w-sm"
        value={range}
        maxDays={INCOME_STATEMENT_MAX_DAYS}
        max={lastClosed ?? businessDate(new Date())}
        onChange={onRange}
      />
      {valid ? <QueryContent query={statement}>{(answer) => <IncomeStatement answer={answer} stale={statement.isPlaceholderData} />}</QueryContent> : null}
    </div>
  );
}
