import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlMappingAnswer } from '@aurum/domain/finance/gl-mapping';
import { GL_MAPPING_REASONS } from '@aurum/domain/finance/gl-mapping';
import { ActionButton } from '#shared/access/action-button.tsx';
import { useCan } from '#shared/access/use-can.ts';
import { ExportButton } from '#shared/export/export-button.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { ErrorAlert } from '#shared/ui/error-alert.tsx';
import { FieldShell, INPUT_CLASSES, inputBorder } from '#shared/ui/field.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useGlMapping, useReplaceGlMapping } from '../api/gl-mapping.ts';

/** The fields named in words; the others are the file's column names, shown as they are. */
const FIELDS = ['header', 'row'] as const;
const FILE_RULES = ['tooLarge', 'empty', 'notUtf8'] as const;

/** What a refused upload says: the line, the field and why (the refusal's detail), else the catalogue's message. */
function useRefusalText() {
  const { t } = useTranslation(['finance']);
  return (error: unknown): string => {
    const detail = isApiError(error) ? error.detail : undefined;
    if (detail?.rule === 'glMapping') {
      const reason = (GL_MAPPING_REASONS as readonly string[]).includes(String(detail.reason)) ? String(detail.reason) : 'other';
      const field = (FIELDS as readonly string[]).includes(String(detail.field)) ? t(`finance:glMapping.fields.${detail.field as (typeof FIELDS)[number]}`) : String(detail.field);
      const count = Number(detail.problems ?? 1);
      const first = t('finance:glMapping.refusedLine', {
        line: detail.line,
        field,
        reason: t(`finance:glMapping.reasons.${reason as (typeof GL_MAPPING_REASONS)[number] | 'other'}`, { column: detail.column ?? '', firstLine: detail.firstLine ?? '' }),
      });
      return count > 1 ? `${first} ${t('finance:glMapping.problems', { count, lines: String(detail.lines ?? detail.line).split(',').join(', ') })}` : first;
    }
    if (detail && (FILE_RULES as readonly string[]).includes(detail.rule)) return t(`finance:glMapping.file.${detail.rule as (typeof FILE_RULES)[number]}`, { kb: Math.round(Number(detail.maxBytes ?? 0) / 1024) });
    return errorMessage(error);
  };
}

function MappingState({ answer }: { answer: GlMappingAnswer }) {
  const { t } = useTranslation(['finance']);
  const mapped = answer.accounts.length - answer.unmapped.length;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p data-testid="gl-mapping-state">
        {answer.mapping
          ? t('finance:glMapping.inForce', { file: answer.mapping.fileName, by: answer.mapping.uploadedBy ?? '-', at: formatDateTime(answer.mapping.uploadedAt), mapped, total: answer.accounts.length })
          : t('finance:glMapping.none')}
      </p>
      {answer.unmapped.length > 0 ? (
        <details className="rounded border border-slate-200 px-3 py-2" data-testid="gl-mapping-unmapped">
          <summary className="cursor-pointer text-slate-800">{t('finance:glMapping.unmapped', { count: answer.unmapped.length })}</summary>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 font-mono text-xs text-slate-700" translate="no">
            {answer.unmapped.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="text-emerald-700">{t('finance:glMapping.allMapped')}</p>
      )}
    </div>
  );
}

/**
 * The accountant's mapping of GL codes (decision 1018) in the accounting export card: what is in
 * force and what is left unmapped (exported under our codes), its template to fill in, and the upload
 * that replaces it whole (editGlMapping); a refused file shows its line, field and reason.
 */
export function GlMappingSection() {
  const { t } = useTranslation(['finance', 'common']);
  const toast = useToast();
  const query = useGlMapping();
  const replace = useReplaceGlMapping();
  const allowed = useCan('editGlMapping');
  const refusalText = useRefusalText();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const submit = () => {
    if (!file) return;
    replace.mutate(file, {
      onSuccess: (answer) => {
        toast.success(t('finance:glMapping.replaced', { count: answer.accounts.length - answer.unmapped.length }));
        setFile(null);
        setInputKey((k) => k + 1);
      },
    });
  };
  return (
    <section className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-labelledby="gl-mapping-title">
      <h3 id="gl-mapping-title" className="text-sm font-semibold text-slate-900">
        {t('finance:glMapping.title')}
      </h3>
      <div className="flex flex-col gap-1 text-xs text-slate-600">
        <p>{t('finance:glMapping.explain')}</p>
        <p className="font-mono text-slate-800" translate="no">
          glCode, accountCode, accountName
        </p>
        <p>{t('finance:glMapping.explainAfter')}</p>
      </div>
      <QueryContent query={query}>{(answer) => <MappingState answer={answer} />}</QueryContent>
      <ExportButton list="gl_mapping" search="" label={t('finance:glMapping.template')} testId="export-gl-mapping" align="start" />
      <div className="flex flex-wrap items-end gap-4">
        <FieldShell label={t('finance:glMapping.fileLabel')} htmlFor="gl-mapping-file" className="w-full max-w-xs">
          <input
            key={inputKey}
            id="gl-mapping-file"
            type="file"
            accept=".csv,text/csv"
            disabled={!allowed}
            className={`${INPUT_CLASSES} ${inputBorder(replace.isError)}`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              replace.reset();
            }}
          />
        </FieldShell>
        <ActionButton variant="primary" permission="editGlMapping" disabled={file === null} loading={replace.isPending} align="start" onClick={submit} data-testid="gl-mapping-upload">
          {t('finance:glMapping.upload')}
        </ActionButton>
      </div>
      {replace.isError ? (
        <ErrorAlert testId="gl-mapping-refused">{refusalText(replace.error)}</ErrorAlert>
      ) : null}
    </section>
  );
}
