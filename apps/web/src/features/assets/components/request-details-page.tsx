import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import { REQUEST_NOTE_MAX } from '@aurum/domain/assets/request-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { userQueries } from '#shared/queries/user-queries.ts';
import { ReviewSections } from '#shared/ui/review-dialog.tsx';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { FieldShell } from '#shared/ui/field.tsx';
import { ImageUpload } from '#shared/ui/image-upload.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { ActionModal } from '#shared/form/action-modal.tsx';
import { useCallOutcome } from '#shared/form/use-call-outcome.ts';
import { useApproveRequest } from '../api/approve-request.ts';
import { useDeclineRequest } from '../api/decline-request.ts';
import { useRequest } from '../api/get-request.ts';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { decisionBlock, requestListPath, requestPermission, requestValue } from './request-labels.ts';
import { ReceiptPreview } from './receipt-preview.tsx';
import { RequestStatusBadge } from './request-status-badge.tsx';
import { RequestBars } from './request-bars.tsx';
import { approvalEffect } from '../model/request-effect.ts';

/**
 * Deposit, Withdrawal and Transfer Details (/asset/:requestId): every field of the request, both
 * receipts, and approve (with the verified receipt) or decline (with an optional reason), each
 * behind its permission, only while pending and never by the admin who submitted it.
 */
export function RequestDetailsPage() {
  const { t } = useTranslation(['asset', 'common']);
  const requestId = Number(useParams().requestId);
  const request = useRequest(requestId);
  const from = usePreviousPath();
  useRequestsLive();
  const r = request.data;
  const title = r ? t(`asset:details.${r.action}`) : t('asset:details.title');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} back={from ?? (r ? requestListPath(r.action) : '/asset/')} subtitle={r ? `#${r.id}` : undefined} actions={r ? <Decisions request={r} /> : null} />
      <QueryContent query={request}>
        {(found) => (
          <RequestBody request={found} />
        )}
      </QueryContent>
    </div>
  );
}

function RequestBody({ request: r }: { request: RequestView }) {
  const { t } = useTranslation(['asset', 'common']);
  const party = (p: RequestView['sender']) =>
    p ? (
      <Link to={`/account/user/${p.id}`} className="font-medium text-amber-700 hover:underline">
        {p.username}
      </Link>
    ) : (
      orDash(null)
    );
  return (
    <>
      <Card>
        <DetailList
          columns={3}
          items={[
            { label: t('asset:fields.id'), value: r.id, testId: 'request-id' },
            { label: t('asset:fields.action'), value: t(`asset:${r.action}`) },
            { label: t('asset:fields.method'), value: r.method ? t(`asset:methods.${r.method}`) : orDash(null), testId: 'request-method' },
            { label: t('asset:fields.type'), value: r.type },
            { label: t('asset:fields.amount'), value: r.type === 'MYR' ? requestValue(r) : orDash(null), testId: 'request-amount' },
            { label: t('asset:fields.quantity'), value: r.type === 'XAU' ? requestValue(r) : orDash(null), testId: 'request-quantity' },
            { label: t('asset:fields.status'), value: <RequestStatusBadge status={r.status} />, testId: 'request-status' },
            { label: t('asset:fields.sender'), value: party(r.sender), testId: 'request-sender' },
            { label: t('asset:fields.receiver'), value: party(r.receiver), testId: 'request-receiver' },
            { label: t('asset:fields.note'), value: orDash(r.note), testId: 'request-note' },
            { label: t('asset:fields.submittedBy'), value: orDash(r.submittedBy), testId: 'request-submitted-by' },
            { label: t('asset:fields.verifiedBy'), value: orDash(r.verifiedBy), testId: 'request-verified-by' },
            { label: t('asset:fields.createdAt'), value: formatDateTime(r.createdAt) },
            { label: t('asset:fields.decidedAt'), value: formatDateTime(r.decidedAt) },
            ...(r.status === 'declined' ? [{ label: t('asset:fields.declineReason'), value: orDash(r.declineReason), testId: 'request-decline-reason' }] : []),
          ]}
        />
      </Card>
      <Card>
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t('asset:receipt.title')}</h2>
        <div className="flex flex-wrap gap-8">
          <ReceiptPreview requestId={r.id} which="user" available={r.userReceiptUrl !== null} label={t('asset:fields.userReceipt')} />
          <ReceiptPreview key={r.verifiedReceiptUrl ?? 'none'} requestId={r.id} which="verified" available={r.verifiedReceiptUrl !== null} label={t('asset:fields.verifiedReceipt')} />
        </div>
      </Card>
      {r.type === 'XAU' && r.action !== 'transfer' ? <RequestBars requestId={r.id} /> : null}
    </>
  );
}

type Dialog = 'approve' | 'decline' | null;

/**
 * The decision on a request: a pending one offers Approve and Decline, with the reason on the screen
 * when they are off (the admin's own submission, or a role that may not: naming the roles that may);
 * a decided one says who decided it and when instead of greyed buttons.
 */
function Decisions({ request }: { request: RequestView }) {
  const { t } = useTranslation(['asset', 'common']);
  const admin = useAdmin();
  const [dialog, setDialog] = useState<Dialog>(null);
  const own = decisionBlock(request, admin?.id ?? null) === 'ownSubmission' ? t('asset:details.ownSubmission') : null;
  // one tree whatever the status: the open dialog stays mounted when the decision lands (the
  // answer's toast and the close are its own)
  return (
    <div className="flex flex-col items-end gap-2">
      {request.status !== 'pending' ? (
        <p className="text-sm text-slate-700" data-testid="request-decision">
          {t(request.status === 'approved' ? 'asset:details.approvedBy' : 'asset:details.declinedBy', { by: orDash(request.verifiedBy), at: formatDateTime(request.decidedAt) })}
        </p>
      ) : (
        <ActionGroup>
          <ActionButton permission={requestPermission('approve', request.action)} blocked={own} onClick={() => setDialog('approve')}>
            {t('asset:actions.approve')}
          </ActionButton>
          <ActionButton variant="danger" permission={requestPermission('decline', request.action)} blocked={own} onClick={() => setDialog('decline')}>
            {t('asset:actions.decline')}
          </ActionButton>
        </ActionGroup>
      )}
      {dialog === 'approve' ? <ApproveDialog request={request} onClose={() => setDialog(null)} /> : null}
      {dialog === 'decline' ? <DeclineDialog request={request} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** What approving posts to each customer's wallet, book by book, as the wallets are now (decision 0751). */
function ApprovalEffect({ request }: { request: RequestView }) {
  const { t } = useTranslation(['asset', 'user']);
  const ids = [...new Set([request.userId, ...(request.receiver ? [request.receiver.id] : [])])];
  const users = useQueries({ queries: ids.map((id) => userQueries.detail(id)) });
  const wallets = new Map(users.flatMap((u) => (u.data ? [[u.data.profile.id, { username: u.data.profile.username, wallet: u.data.wallet }] as const] : [])));
  const changes = approvalEffect(request, wallets);
  if (changes === null) return null;
  const decimals = request.type === 'MYR' ? 2 : 4;
  return (
    <div className="mb-4" data-testid="approval-effect">
      <ReviewSections
        sections={[
          {
            title: t('asset:approve.effect'),
            lines: changes.map((c) => ({
              label: `${c.username} · ${t(`user:wallet.books.${c.book}`)}`,
              value: `${formatDecimal(c.before, decimals)} → ${formatDecimal(c.after, decimals)}`,
              testId: `effect-${c.username}-${c.book}`,
            })),
          },
        ]}
      />
    </div>
  );
}

function ApproveDialog({ request, onClose }: { request: RequestView; onClose: () => void }) {
  const { t } = useTranslation(['asset', 'common']);
  const approve = useApproveRequest();
  const outcome = useCallOutcome(onClose, true);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <ActionModal
      pending={approve.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!receipt) {
          setMissing(true);
          return;
        }
        approve.mutate({ action: request.action, requestId: request.id, receipt }, outcome(t(`asset:toast.approved.${request.action}`, { id: request.id })));
      }}
      submitLabel={t('asset:actions.approve')}
      title={t('asset:approve.title', { kind: t(`asset:${request.action}`), id: request.id })}
      description={t('asset:approve.text', { value: requestValue(request) })}
      testId="approve-dialog"
    >
      <ApprovalEffect request={request} />
      <ImageUpload
        label={t('asset:fields.verifiedReceipt')}
        required
        hint={t('asset:receipt.hint')}
        value={receipt}
        error={missing && !receipt ? 'required' : undefined}
        onChange={(file) => {
          setReceipt(file);
          setMissing(false);
        }}
      />
    </ActionModal>
  );
}

function DeclineDialog({ request, onClose }: { request: RequestView; onClose: () => void }) {
  const { t } = useTranslation(['asset', 'common']);
  const decline = useDeclineRequest();
  const outcome = useCallOutcome(onClose, true);
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > REQUEST_NOTE_MAX;
  return (
    <ActionModal
      pending={decline.isPending}
      onClose={onClose}
      onSubmit={() => decline.mutate({ action: request.action, requestId: request.id, reason }, outcome(t(`asset:toast.declined.${request.action}`, { id: request.id })))}
      submitLabel={t('asset:actions.decline')}
      variant="danger"
      disabled={tooLong}
      title={t('asset:decline.title', { kind: t(`asset:${request.action}`), id: request.id })}
      description={t(request.action === 'deposit' ? 'asset:decline.text' : 'asset:decline.textHeld', { value: requestValue(request) })}
      testId="confirm-dialog"
    >
      <FieldShell label={t('asset:decline.reason')} htmlFor="decline-reason" hint={t('asset:decline.reasonHint')} error={tooLong ? 'maxLength' : undefined} errorValues={{ length: REQUEST_NOTE_MAX }}>
        <textarea
          id="decline-reason"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
        />
      </FieldShell>
    </ActionModal>
  );
}
