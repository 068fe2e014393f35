import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessDate } from '@aurum/domain/system/business-time';
import type { ImportAnswer, ImportProblem, VaultView } from '@aurum/domain/vault/vault-schemas';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { FormActions } from '#shared/form/form-actions.tsx';
import { Button } from '#shared/ui/button.tsx';
import { CheckboxField } from '#shared/ui/checkbox-field.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from '#shared/ui/field.tsx';
import { Select } from '#shared/ui/select.tsx';
import { useImportWeightList, type ImportInput } from '../api/import-weight-list.ts';
import { usePreviewWeightList } from '../api/preview-weight-list.ts';

const REASONS = ['required', 'invalidNumber', 'lessThanOrEqual', 'greaterThanZero', 'decimalPlaces', 'maxLength', 'invalidMetal', 'missingColumn', 'empty', 'tooMany'] as const;
const COLUMNS = ['serial', 'refiner', 'metal', 'form', 'year', 'grossWeight', 'fineness', 'fineWeight', 'refinerWeight', 'vaultWeight', 'header', 'rows', 'row'] as const;


function ProblemTable({ problems }: { problems: readonly ImportProblem[] }) {
  const { t } = useTranslation('treasury-vault');
  const reason = (r: string) => {
    const duplicate = /^duplicateOfLine(\d+)$/.exec(r);
    if (duplicate) return t('importForm.reasons.duplicate', { line: duplicate[1] });
    return (REASONS as readonly string[]).includes(r) ? t(`importForm.reasons.${r as (typeof REASONS)[number]}`) : t('importForm.reasons.other');
  };
  const column = (c: string) => ((COLUMNS as readonly string[]).includes(c) ? t(`importForm.columns.${c as (typeof COLUMNS)[number]}`) : c);
  return (
    <div className="max-h-60 overflow-auto rounded border border-red-200 focus-visible:outline-2 focus-visible:outline-amber-600" tabIndex={0} role="region" aria-label={t('importForm.problems', { count: problems.length })} data-testid="import-problems">
      <p className="bg-red-50 px-3 py-2 text-sm font-medium text-red-700">{t('importForm.problems', { count: problems.length })}</p>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-600">
          <tr>
            <th className="px-3 py-1 font-medium">{t('importForm.line')}</th>
            <th className="px-3 py-1 font-medium">{t('importForm.field')}</th>
            <th className="px-3 py-1 font-medium">{t('importForm.reason')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {problems.map((p) => (
            <tr key={`${p.line}-${p.field}`} data-testid="import-problem">
              <td className="px-3 py-1 tabular-nums">{p.line}</td>
              <td className="px-3 py-1">{column(p.field)}</td>
              <td className="px-3 py-1">{reason(p.reason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Import a custodian's weight list: Check reads it and lists every problem by line (nothing saved);
 * Import stores it (and, when asked, records a pending receive of the bars not held yet).
 */
export function ImportForm({ vaults, onDone }: { vaults: readonly VaultView[]; onDone: () => void }) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const toast = useToast();
  const preview = usePreviewWeightList();
  const save = useImportWeightList();
  const [file, setFile] = useState<File | null>(null);
  const [vaultId, setVaultId] = useState<string | null>(vaults.length === 1 ? String(vaults[0]!.id) : null);
  const [asOf, setAsOf] = useState(() => businessDate(new Date()));
  const [unit, setUnit] = useState<'g' | 'oz'>('g');
  const [receive, setReceive] = useState(false);
  const [checked, setChecked] = useState<ImportAnswer | null>(null);
  const input = (): ImportInput | null => (file && vaultId ? { file, vaultId: Number(vaultId), asOf, unit, receive } : null);
  const ready = input() !== null && /^\d{4}-\d{2}-\d{2}$/.test(asOf);
  const check = (then?: (answer: ImportAnswer) => void) => {
    const i = input();
    if (!i) return;
    preview.mutate(i, {
      onSuccess: (answer) => {
        setChecked(answer);
        then?.(answer);
      },
      onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
    });
  };
  const submit = () =>
    check((answer) => {
      if (answer.problems.length > 0) return;
      save.mutate(input()!, {
        onSuccess: () => {
          toast.success(t('treasury-vault:toast.imported'));
          onDone();
        },
        onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
      });
    });
  const changed = () => setChecked(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      data-testid="import-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Select
        label={t('treasury-vault:fields.vault')}
        required
        options={vaults.map((v) => ({ value: String(v.id), label: `${v.code} · ${v.name}` }))}
        value={vaultId}
        onChange={(v) => {
          setVaultId(v);
          changed();
        }}
      />
      <FieldShell label={t('treasury-vault:importForm.file')} htmlFor="weight-list-file" required>
        <input
          id="weight-list-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className={`${INPUT_CLASSES} ${inputBorder(false)}`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            changed();
          }}
        />
      </FieldShell>
      <DateField label={t('treasury-vault:importForm.asOf')} required value={asOf} onChange={(v) => setAsOf(v)} />
      <Select
        label={t('treasury-vault:importForm.unit')}
        options={[
          { value: 'g', label: t('treasury-vault:importForm.grams') },
          { value: 'oz', label: t('treasury-vault:importForm.ounces') },
        ]}
        value={unit}
        onChange={(v) => {
          setUnit(v === 'oz' ? 'oz' : 'g');
          changed();
        }}
      />
      <CheckboxField label={t('treasury-vault:importForm.receiveToo')} checked={receive} onChange={(e) => setReceive(e.target.checked)} />
      {checked && checked.problems.length > 0 ? <ProblemTable problems={checked.problems} /> : null}
      {checked && checked.problems.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="import-ready">
          {t('treasury-vault:importForm.ready', { rows: checked.rows, notHeld: checked.notHeld })}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={!ready} loading={preview.isPending && !save.isPending} onClick={() => check()} data-testid="import-check">
          {t('treasury-vault:importForm.check')}
        </Button>
        <FormActions onCancel={onDone} pending={save.isPending} disabled={!ready || (checked !== null && checked.problems.length > 0)} submitLabel={t('treasury-vault:import')} />
      </div>
    </form>
  );
}
