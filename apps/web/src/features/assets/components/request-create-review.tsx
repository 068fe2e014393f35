import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RequestAction, RequestType } from '@aurum/domain/assets/request-schemas';
import { SCALE, isDecimalText, roundTo } from '@aurum/domain/money/decimal';
import { formatDecimal, stripSeparators } from '#shared/format/number.ts';
import { userQueries } from '#shared/queries/user-queries.ts';
import { ReviewDialog, type ReviewLine } from '#shared/ui/review-dialog.tsx';
import { holdEffect } from '../model/request-effect.ts';

export interface RequestDraft {
  action: RequestAction;
  type: RequestType;
  /** As typed (separators allowed). */
  value: string;
  userId: number;
  receiverUserId: number | null;
}

/**
 * The review before a request is submitted (decision 0751): who and what, and what moves now — a
 * withdrawal or transfer holds its value on the customer's books at once (the fund or gold before and
 * after, and the held book), a deposit moves nothing until an approver approves it.
 */
export function RequestCreateReview({ draft, loading, onCancel, onConfirm }: { draft: RequestDraft; loading: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation(['asset', 'user', 'common']);
  const user = useQuery(userQueries.detail(draft.userId));
  const receiver = useQuery(userQueries.detail(draft.receiverUserId ?? 0));
  const text = stripSeparators(draft.value);
  const value = isDecimalText(text) ? roundTo(text, SCALE[draft.type]) : null;
  const decimals = draft.type === 'MYR' ? 2 : 4;
  const shown = value === null ? '-' : draft.type === 'MYR' ? `${formatDecimal(value, 2)} MYR` : `${formatDecimal(value, 4)} g`;
  const owner = user.data ? { username: user.data.profile.username, wallet: user.data.wallet } : null;
  const changes =
    value === null ? null : holdEffect({ action: draft.action, type: draft.type, value, userId: draft.userId, receiverUserId: draft.receiverUserId }, owner);
  const head: ReviewLine[] = [
    { label: t('asset:review.customer'), value: owner?.username ?? `#${draft.userId}`, testId: 'review-customer' },
    { label: t('asset:review.what'), value: t(`asset:${draft.action}`), testId: 'review-what' },
    ...(draft.receiverUserId !== null ? [{ label: t('asset:review.receiver'), value: receiver.data?.profile.username ?? `#${draft.receiverUserId}`, testId: 'review-receiver' }] : []),
    { label: t('asset:review.value'), value: shown, total: true, testId: 'review-value' },
  ];
  const now: ReviewLine[] =
    changes === null
      ? []
      : changes.length === 0
        ? [{ label: t('asset:review.nothingYet'), value: '' }]
        : changes.map((c) => ({
            label: t(`user:wallet.books.${c.book}`),
            value: `${formatDecimal(c.before, decimals)} → ${formatDecimal(c.after, decimals)}`,
            testId: `review-${c.book}`,
          }));
  return (
    <ReviewDialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('asset:review.title', { kind: t(`asset:${draft.action}`) })}
      description={t(`asset:review.afterApproval.${draft.action}`)}
      sections={[{ lines: head }, ...(now.length > 0 ? [{ title: t('asset:review.now'), lines: now }] : [])]}
      blocked={user.isPending ? t('asset:balance.loading') : changes === null ? t('asset:review.notAvailable') : undefined}
      confirmLabel={t('asset:review.confirm')}
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
