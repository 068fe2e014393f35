import { useTranslation } from 'react-i18next';
import type { StatementBatchFormat } from '@aurum/domain/statements/statement-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { useStatementBatch } from '../model/use-statement-batch.ts';

/**
 * Every user's statements of the month in one download (decision 1012): a CSV, or a ZIP of PDFs, each in its
 * customer's preferred language. While it streams: n of N users (N announced by the server first), a bar, and
 * a cancel that stops the server too. Disabled without exportData or a valid month.
 */
export function StatementBatchDownload({ month, ready }: { month: string; ready: boolean }) {
  const { t } = useTranslation(['statements', 'common']);
  const toast = useToast();
  const batch = useStatementBatch();
  const { state } = batch;
  const running = state.status === 'running';
  const start = (format: StatementBatchFormat) => {
    batch
      .start(month, format)
      .then((file) => (file ? toast.success(t('statements:downloaded', { file })) : undefined))
      .catch((error: unknown) => toast.error(t('common:failed'), errorMessage(error)));
  };
  const button = (format: StatementBatchFormat) => (
    <ActionButton
      variant="secondary"
      loading={running && state.format === format}
      permission="exportData"
      disabled={!ready || running}
      onClick={() => start(format)}
      data-testid={`statement-batch-${format}`}
    >
      {t(`statements:batch.${format}`)}
    </ActionButton>
  );
  const percent = running && state.progress.total ? Math.round((100 * state.progress.done) / state.progress.total) : 0;
  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 p-4" aria-labelledby="statement-batch-title">
      <h2 id="statement-batch-title" className="text-sm font-semibold">
        {t('statements:batch.title')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('statements:batch.hint', { month })} {t('statements:batchLanguages')}
      </p>
      <ActionGroup align="start">
        {button('csv')}
        {button('pdf')}
        {running ? (
          <Button variant="secondary" onClick={batch.cancel} data-testid="statement-batch-cancel">
            {t('statements:batch.cancel')}
          </Button>
        ) : null}
      </ActionGroup>
      <div aria-live="polite" className="text-xs text-slate-600" data-testid="statement-batch-progress">
        {running ? (
          <span className="flex items-center gap-2">
            <span
              className="relative block h-1.5 w-40 overflow-hidden rounded-full bg-amber-100"
              role="progressbar"
              aria-label={t('statements:batch.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={state.progress.total ?? undefined}
              aria-valuenow={state.progress.done}
            >
              <span className="absolute inset-y-0 left-0 rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
            </span>
            {state.progress.total === null ? t('statements:batch.starting') : t('statements:batch.running', { done: state.progress.done, count: state.progress.total })}
          </span>
        ) : state.status === 'done' ? (
          t('statements:batch.done', { file: state.filename, count: state.total })
        ) : null}
      </div>
    </section>
  );
}
