import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RequestAction } from '@aurum/domain/assets/request-schemas';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { Card } from '#shared/ui/card.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useRequestList } from '../api/list-requests.ts';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { requestListPath, requestPath, requestValue } from './request-labels.ts';

const LATEST = 5;

/** A dashboard widget: the count of pending requests of a kind, the latest few, and 'view all' (the filtered list). Live. */
function PendingRequestsWidget({ action }: { action: RequestAction }) {
  const { t } = useTranslation(['dashboard']);
  const requests = useRequestList(new URLSearchParams({ action, status: 'pending', page: '1', limit: '10', sort: 'createdAt', order: 'desc' }).toString());
  useRequestsLive();
  const title = t(`dashboard:requests.${action}`);
  return (
    <Card className="h-full">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          {title}
          {requests.data ? (
            <span className="ml-2 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900" data-testid={`pending-${action}-count`} aria-label={t('dashboard:requests.count', { n: requests.data.total })}>
              {requests.data.total}
            </span>
          ) : null}
        </h2>
        <Link to={requestListPath(action, { status: 'pending' })} className="text-sm font-medium text-amber-700 hover:underline">
          {t('dashboard:viewAll')}
        </Link>
      </div>
      <QueryContent query={requests} compact>
        {(page) => (page.items.length === 0 ? (
          <p className="text-sm text-slate-500">{t('dashboard:requests.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={title}>
            {page.items.slice(0, LATEST).map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link to={requestPath(r.id)} className="min-w-0 truncate font-medium text-amber-700 hover:underline">
                  #{r.id} · {orDash((r.action === 'deposit' ? r.receiver : r.sender)?.username)}
                </Link>
                <span className="shrink-0 text-slate-900 tabular-nums">{requestValue(r)}</span>
                <span className="hidden shrink-0 text-xs text-slate-500 sm:inline">{formatDateTime(r.createdAt)}</span>
              </li>
            ))}
          </ul>
        ))}
      </QueryContent>
    </Card>
  );
}

export function DepositRequestsWidget() {
  return <PendingRequestsWidget action="deposit" />;
}

export function WithdrawalRequestsWidget() {
  return <PendingRequestsWidget action="withdrawal" />;
}
