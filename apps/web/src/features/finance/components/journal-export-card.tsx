import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBusinessDateText } from '@aurum/domain/system/business-time';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { LEDGER_ASSETS, type LedgerAsset } from '@aurum/domain/wallet/ledger';
import { ExportButton } from '#shared/export/export-button.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { GlMappingSection } from './gl-mapping-section.tsx';

/**
 * The accounting exports of closed days (decisions 1004, 1016, 1017): a range up to the last closed
 * day and a unit, as the journal lines an accounting package imports or as each day's sums per
 * account (CSV, through the list export). One unit a file: ringgit and grams never share one. Below,
 * the accountant's mapping both exports apply.
 */
export function JournalExportCard({ lastClosed }: { lastClosed: string | null }) {
  const { t } = useTranslation(['finance']);
  const [from, setFrom] = useState(lastClosed ?? '');
  const [to, setTo] = useState(lastClosed ?? '');
  const [unit, setUnit] = useState<LedgerAsset>('MYR');
  const valid = isBusinessDateText(from) && isBusinessDateText(to) && from <= to;
  const dateError = (value: string) => (isBusinessDateText(value) ? undefined : value === '' ? ValidationMessage.required : ValidationMessage.invalidDate);
  const search = new URLSearchParams({ from, to, unit }).toString();
  return (
    <TitledCard title={t('finance:journalExport.title')}>
      <div className="flex flex-col gap-4">
        {lastClosed === null ? (
          <p className="text-sm text-slate-600">{t('finance:journalExport.noneClosed')}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t('finance:journalExport.explain', { lastClosed })}</p>
            <div className="flex flex-wrap items-end gap-4">
              <DateField label={t('finance:journalExport.from')} className="w-full max-w-xs" value={from} max={lastClosed} onChange={setFrom} error={dateError(from)} />
              <DateField label={t('finance:journalExport.to')} className="w-full max-w-xs" value={to} max={lastClosed} onChange={setTo} error={dateError(to)} />
              <Select
                label={t('finance:journalExport.unit')}
                className="w-full max-w-xs"
                options={LEDGER_ASSETS.map((u) => ({ value: u, label: t(`finance:journalExport.units.${u}`) }))}
                value={unit}
                onChange={(v) => setUnit(LEDGER_ASSETS.find((u) => u === v) ?? 'MYR')}
              />
            </div>
            <p className="text-xs text-slate-600">{t('finance:journalExport.oneUnit')}</p>
            {valid ? (
              <div className="flex flex-wrap items-start gap-4">
                <ExportButton list="journal" search={search} label={t('finance:journalExport.lines')} testId="export-journal" align="start" />
                <ExportButton list="journal_daily" search={search} label={t('finance:journalExport.daily')} testId="export-journal-daily" align="start" />
              </div>
            ) : null}
          </>
        )}
        <GlMappingSection />
      </div>
    </TitledCard>
  );
}
