import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBusinessDateText } from '@aurum/domain/system/business-time';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { ExportButton } from '#shared/export/export-button.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';

/**
 * The accounting export of closed days (decision 1004): a range up to the last closed day, as the
 * journal lines an accounting package imports (CSV, through the list export).
 */
export function JournalExportCard({ lastClosed }: { lastClosed: string | null }) {
  const { t } = useTranslation(['finance']);
  const [from, setFrom] = useState(lastClosed ?? '');
  const [to, setTo] = useState(lastClosed ?? '');
  const valid = isBusinessDateText(from) && isBusinessDateText(to) && from <= to;
  const dateError = (value: string) => (isBusinessDateText(value) ? undefined : value === '' ? ValidationMessage.required : ValidationMessage.invalidDate);
  return (
    <TitledCard title={t('finance:journalExport.title')}>
      {lastClosed === null ? (
        <p className="text-sm text-slate-600">{t('finance:journalExport.noneClosed')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('finance:journalExport.explain', { lastClosed })}</p>
          <div className="flex flex-wrap items-end gap-4">
            <DateField label={t('finance:journalExport.from')} className="w-full max-w-xs" value={from} max={lastClosed} onChange={setFrom} error={dateError(from)} />
            <DateField label={t('finance:journalExport.to')} className="w-full max-w-xs" value={to} max={lastClosed} onChange={setTo} error={dateError(to)} />
            {valid ? <ExportButton list="journal" search={new URLSearchParams({ from, to }).toString()} /> : null}
          </div>
        </div>
      )}
    </TitledCard>
  );
}
