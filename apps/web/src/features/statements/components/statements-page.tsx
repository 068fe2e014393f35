import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ValidationMessage } from '@aurum/domain/validation/rules';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { UserPicker, type UserLabel } from '#shared/form/user-picker.tsx';
import { formatDate } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useStatement } from '../api/statement.ts';
import { downloadStatement, type StatementFormat } from '../api/download-statement.ts';
import { currentMonth, isMonthText, userIdOf } from '../model/statement-month.ts';
import { StatementBatchDownload } from './statement-batch-download.tsx';
import { StatementTable } from './statement-table.tsx';
import { StatementHeading, StatementValuation } from './statement-document.tsx';

const userLabel: UserLabel = (u) => [u.username, `${u.firstName} ${u.lastName}`.trim()].filter(Boolean).join(' · ');

/**
 * Statements (Finance > Statements, /finance/statements/?userId=&month=; decision 1010): a user's
 * month with its opening, every movement with running balances and its closing; its letterhead, number, INTERIM mark and the metal held at the closing mid
 * (decisions 1014, 1015); downloads as CSV or as a PDF in the customer's preferred language (exportData); every user's statements of the month in one
 * download (decision 1012). The user and month are kept in the address.
 */
export function StatementsPage() {
  const { t } = useTranslation(['statements', 'sidebar', 'common']);
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [userId, setUserId] = useState<number | null>(() => userIdOf(params.get('userId')));
  const [month, setMonth] = useState(() => params.get('month') ?? currentMonth(new Date()));
  const [downloading, setDownloading] = useState<StatementFormat | null>(null);
  const valid = isMonthText(month);
  const statement = useStatement(userId, month, valid);
  const keep = (next: { userId: number | null; month: string }) => {
    if (next.userId !== null && isMonthText(next.month)) setParams({ userId: String(next.userId), month: next.month }, { replace: true });
  };
  const download = async (format: StatementFormat) => {
    if (userId === null) return;
    setDownloading(format);
    try {
      const file = await downloadStatement(userId, month, format, new AbortController().signal);
      toast.success(t('statements:downloaded', { file }));
    } catch (error) {
      toast.error(t('common:failed'), errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };
  const ready = userId !== null && valid;
  const downloadButton = (format: StatementFormat) => (
    <ActionButton
      variant="secondary"
      loading={downloading === format}
      permission="exportData"
      disabled={!ready || downloading !== null}
      onClick={() => void download(format)}
      data-testid={`statement-${format}`}
    >
      {t(`statements:download.${format}`)}
    </ActionButton>
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('sidebar:statements')}
        subtitle={t('statements:subtitle')}
        actions={
          <ActionGroup>
            {downloadButton('csv')}
            {downloadButton('pdf')}
          </ActionGroup>
        }
      />
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-full max-w-sm">
          <UserPicker
            label={t('statements:user')}
            required
            optionLabel={userLabel}
            value={userId === null ? null : String(userId)}
            onChange={(value) => {
              const next = userIdOf(value);
              setUserId(next);
              keep({ userId: next, month });
            }}
          />
        </div>
        <TextField
          label={t('statements:month')}
          hint={t('statements:monthHint')}
          type="month"
          className="w-full max-w-xs"
          value={month}
          onChange={(e) => {
            setMonth(e.target.value);
            keep({ userId, month: e.target.value });
          }}
          error={valid ? undefined : month === '' ? ValidationMessage.required : ValidationMessage.invalidDate}
        />
      </div>
      <StatementBatchDownload month={month} ready={valid} />
      {userId === null ? (
        <Notice testId="statement-pick-user">{t('statements:pickUser')}</Notice>
      ) : valid ? (
        <QueryContent query={statement}>
          {(answer) => (
            <div className={`flex flex-col gap-3 ${statement.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={statement.isFetching}>
              <p className="text-sm text-slate-600" data-testid="statement-period">
                {t('statements:period', { name: answer.user.name || answer.user.username, from: formatDate(answer.from), to: formatDate(answer.to) })}
              </p>
              <StatementHeading statement={answer} />
              <StatementTable statement={answer} />
              <StatementValuation statement={answer} />
            </div>
          )}
        </QueryContent>
      ) : null}
    </div>
  );
}
