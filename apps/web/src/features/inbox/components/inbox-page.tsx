import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '@aurum/domain/errors/catalogue';
import { Button } from '#shared/ui/button.tsx';
import { ErrorAlert } from '#shared/ui/error-alert.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { useInboxList } from '../api/inbox-api.ts';
import { useInboxDecision } from '../model/use-inbox-decision.ts';
import { useInboxReceipts } from '../model/use-inbox-receipts.ts';
import { useInboxSelection } from '../model/use-inbox-selection.ts';
import { InboxConfirm } from './inbox-confirm.tsx';
import { InboxDecided } from './inbox-decided.tsx';
import { InboxTable } from './inbox-table.tsx';

const PAGE_SIZE = 50;

/**
 * The checker inbox (/inbox): everything awaiting a decision this admin may take, oldest first,
 * with a checkbox column, select all on the page, one confirm dialog with totals per currency and
 * metal; a decline takes one reason, an approval one receipt per payment request (dropped onto its
 * row or chosen). Shortcuts a and d open approve and decline for the selection.
 */
export function InboxPage() {
  const { t } = useTranslation(['inbox', 'common']);
  const [page, setPage] = useState(1);
  const list = useInboxList(page, PAGE_SIZE);
  const selection = useInboxSelection(list.data?.items);
  const receipts = useInboxReceipts();
  const flow = useInboxDecision(selection, receipts);
  const { selected } = selection;

  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('inbox:title')}
        subtitle={t('inbox:subtitle')}
        actions={
          <>
            <Button data-testid="inbox-approve" disabled={selected.size === 0} aria-keyshortcuts="a" onClick={() => flow.open('approve')}>
              {t('inbox:approve')}
              {selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
            <Button data-testid="inbox-decline" variant="danger" disabled={selected.size === 0} aria-keyshortcuts="d" onClick={() => flow.open('decline')}>
              {t('inbox:decline')}
              {selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
          </>
        }
      />
      {list.isError ? <ErrorAlert>{messageFor(0)}</ErrorAlert> : null}
      {receipts.problem ? <ErrorAlert testId="inbox-drop-problem">{receipts.problem}</ErrorAlert> : null}
      <p className="text-sm text-slate-600">
        {t('inbox:selected', { count: selected.size })} · {t('inbox:dropHint')}
      </p>
      <InboxDecided decided={flow.decided} />
      <InboxTable items={list.data?.items ?? []} loaded={list.isSuccess} selection={selection} receipts={receipts} results={flow.results} />
      {lastPage > 1 ? (
        <nav aria-label={t('common:list.pagination')} className="flex items-center justify-end gap-2 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('common:list.previous')}
          </Button>
          <span>
            {page} / {lastPage}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
            {t('common:list.next')}
          </Button>
        </nav>
      ) : null}
      <InboxConfirm chosen={[...selected.values()]} flow={flow} receipts={receipts} />
    </div>
  );
}
