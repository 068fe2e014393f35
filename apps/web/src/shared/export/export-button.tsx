import { useTranslation } from 'react-i18next';
import type { ExportList } from '@aurum/domain/export/export-schemas';
import { ActionButton } from '#shared/access/action-button.tsx';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { formatBytes } from './csv-progress.ts';
import { useListExport } from './export-list.ts';

/**
 * The export button of every list screen: GET export/{list} with the list's current filter (the
 * query string the list itself sends; paging is ignored by the server, which sends every matching
 * row), the progress while the file streams in (size, rows; cancel), then the saved file's name.
 * Off without the exportData permission, saying why and who may (in the tool bar's ActionGroup when
 * it stands in one, else under itself). A screen with two
 * exports names each (`label`) and tells them apart (`testId`); inside a form it sits at the start (`align`).
 */
export function ExportButton({
  list,
  search,
  label,
  testId = 'export-csv',
  align = 'end',
}: {
  list: ExportList;
  search: string;
  label?: string;
  testId?: string;
  /** The button and its progress line at the end of their row (a list's tool bar), or at its start (inside a form). */
  align?: 'start' | 'end';
}) {
  const { t } = useTranslation(['shell', 'common']);
  const toast = useToast();
  const exporter = useListExport(list);
  const { state } = exporter;
  const running = state.status === 'running';
  return (
    <div className={align === 'end' ? 'flex flex-col items-end gap-1' : 'flex flex-col items-start gap-1'}>
      <div className="flex gap-2">
        {running ? (
          <Button variant="secondary" onClick={exporter.cancel}>
            {t('shell:export.cancel')}
          </Button>
        ) : null}
        <ActionButton
          variant="secondary"
          loading={running}
          permission="exportData"
          align={align}
          onClick={() => {
            exporter.start(search).catch((error: unknown) => toast.error(t('common:failed'), errorMessage(error)));
          }}
          data-testid={testId}
        >
          {label ?? t('shell:export.button')}
        </ActionButton>
      </div>
      <div aria-live="polite" className={align === 'end' ? 'text-right text-xs text-slate-600' : 'text-xs text-slate-600'} data-testid={testId === 'export-csv' ? 'export-progress' : `${testId}-progress`}>
        {state.status === 'running' ? (
          <span className="flex items-center gap-2">
            <span className="relative block h-1.5 w-32 overflow-hidden rounded-full bg-amber-100" role="progressbar" aria-label={t('shell:export.progressLabel')}>
              <span className="absolute inset-y-0 left-0 w-1/3 animate-pulse rounded-full bg-amber-500" />
            </span>
            {t('shell:export.running', { size: formatBytes(state.progress.bytes), count: state.progress.rows })}
          </span>
        ) : state.status === 'done' ? (
          t('shell:export.done', { file: state.filename, size: formatBytes(state.progress.bytes), count: state.progress.rows })
        ) : null}
      </div>
    </div>
  );
}
