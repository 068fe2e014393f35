import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BalanceSheetAnswer } from '@aurum/domain/finance/financial-statement-schemas';
import { businessDate, isBusinessDateText } from '@aurum/domain/system/business-time';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { formatDate, formatDateTime } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { DateField } from '#shared/ui/date-field.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useBalanceSheet } from '../api/balance-sheet.ts';
import { useDayCloses } from '../api/day-closes.ts';
import { sectionRows, StatementUnit, type StatementRow } from './statement-unit.tsx';

type Unit = BalanceSheetAnswer['units'][number];

function unitRows(u: Unit, t: (key: 'assets' | 'liabilities' | 'equity' | 'result' | 'totalAssets' | 'totalLiabilitiesAndEquity') => string): StatementRow[] {
  return [
    ...sectionRows('assets', t('assets'), u.assets),
    { key: 'total-assets', account: null, label: t('totalAssets'), amount: u.totals.assets, myr: u.totals.assetsMyr, strong: true },
    ...sectionRows('liabilities', t('liabilities'), u.liabilities),
    ...sectionRows('equity', t('equity'), u.equity),
    { key: 'result', account: null, label: t('result'), amount: u.result.amount, myr: u.result.myr },
    { key: 'total-le', account: null, label: t('totalLiabilitiesAndEquity'), amount: u.totals.liabilitiesAndEquity, myr: u.totals.liabilitiesAndEquityMyr, strong: true },
  ];
}

function BalanceSheet({ answer, stale }: { answer: BalanceSheetAnswer; stale: boolean }) {
  const { t } = useTranslation(['finance']);
  const words = (key: Parameters<Parameters<typeof unitRows>[1]>[0]) => t(`finance:balanceSheet.${key}`);
  return (
    <div className={`flex flex-col gap-8 ${stale ? 'opacity-60' : ''}`}>
      <DetailList
        items={[
          { label: t('finance:balanceSheet.at'), value: formatDateTime(answer.at), testId: 'balance-sheet-at' },
          { label: t('finance:balanceSheet.assetsMyr'), value: answer.myr ? formatDecimal(answer.myr.assets, 2) : t('finance:balanceSheet.noPrice'), testId: 'balance-sheet-assets-myr' },
          { label: t('finance:balanceSheet.liabilitiesAndEquityMyr'), value: answer.myr ? formatDecimal(answer.myr.liabilitiesAndEquity, 2) : '-', testId: 'balance-sheet-le-myr' },
          {
            label: t('finance:balanceSheet.balancedMyr'),
            value: answer.myr ? (answer.myr.balanced ? t('finance:trialBalance.balanced') : t('finance:trialBalance.notBalanced')) : '-',
            testId: 'balance-sheet-balanced',
          },
          ...answer.prices.map((p) => ({
            label: t('finance:statements.price', { metal: p.metal }),
            value: p.myrPerGram ? t('finance:statements.priceAt', { price: formatDecimal(p.myrPerGram, 4), at: formatDateTime(p.at) }) : '-',
          })),
        ]}
      />
      {answer.units.map((u) => (
        <StatementUnit key={u.unit} unit={u.unit} rows={unitRows(u, words)} balanced={u.balanced} testId={`balance-sheet-${u.unit}`} />
      ))}
    </div>
  );
}

/**
 * Balance sheet (Finance > Balance sheet, /finance/balance-sheet/; decision 1047): the books at a
 * closed day's end, each unit on its own and the whole in MYR. The day is kept in the address.
 */
export function BalanceSheetPage() {
  const { t } = useTranslation(['finance', 'sidebar']);
  const closes = useDayCloses();
  const [params, setParams] = useSearchParams();
  const lastClosed = closes.data?.lastClosed ?? null;
  const [chosen, setChosen] = useState<string | null>(() => params.get('date'));
  const date = chosen ?? lastClosed ?? '';
  const valid = isBusinessDateText(date);
  const sheet = useBalanceSheet(date, valid);
  const onDate = (next: string) => {
    setChosen(next);
    if (isBusinessDateText(next)) setParams({ date: next }, { replace: true });
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:balanceSheet')} subtitle={t('finance:balanceSheet.subtitle')} />
      {closes.isSuccess && lastClosed === null ? <Notice testId="balance-sheet-none">{t('finance:statements.noneClosed')}</Notice> : null}
      <DateField
        label={t('finance:balanceSheet.date')}
        hint={lastClosed ? t('finance:statements.closedThrough', { date: formatDate(lastClosed) }) : undefined}
        className="w-full max-w-xs"
        value={date}
        max={lastClosed ?? businessDate(new Date())}
        onChange={onDate}
        error={valid || (chosen === null && lastClosed === null) ? undefined : date === '' ? ValidationMessage.required : ValidationMessage.invalidDate}
      />
      {valid ? <QueryContent query={sheet}>{(answer) => <BalanceSheet answer={answer} stale={sheet.isPlaceholderData} />}</QueryContent> : null}
    </div>
  );
}
