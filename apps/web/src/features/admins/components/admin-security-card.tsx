import { useTranslation } from 'react-i18next';
import { useCan } from '#shared/access/use-can.ts';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { deviceLabel } from '#shared/format/device.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#shared/ui/button.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useAdminSessions, useEndAdminSession, useResetSecondFactor } from '../api/admin-security.ts';

/** An admin's live sessions (ended one by one with logoutAdmin) and the reset of its second factor (not one's own; decisions 0210, 0222). */
export function AdminSecurityCard({ adminId }: { adminId: number }) {
  const { t } = useTranslation(['admin', 'common', 'shell']);
  const me = useAdmin();
  const canEnd = useCan('logoutAdmin');
  const canReset = useCan('resetAdminSecondFactor') && me?.id !== adminId;
  const sessions = useAdminSessions(adminId, canEnd);
  const end = useEndAdminSession(adminId);
  const reset = useResetSecondFactor(adminId);
  const toast = useToast();
  if (me?.id === adminId) {
    // one's own profile: the second factor and the sessions are on the security page
    return (
      <TitledCard title={t('admin:security.title')}>
        <Link to="/account/security/" className={buttonVariants({ variant: 'secondary' })}>
          {t('admin:security.manageOwn')}
        </Link>
      </TitledCard>
    );
  }
  if (!canEnd && !canReset) return null;
  return (
    <TitledCard
      title={t('admin:security.title')}
      action={
        canReset ? (
          <Button
            variant="secondary"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => toast.success(t('admin:security.resetDone')),
                onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
              })
            }
          >
            {t('admin:security.resetFactor')}
          </Button>
        ) : null
      }
    >
      {canEnd ? (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm" data-testid="admin-sessions">
          {(sessions.data?.items ?? []).length === 0 ? <li className="py-2 text-slate-500">{t('admin:security.none')}</li> : null}
          {(sessions.data?.items ?? []).map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                {s.device ? deviceLabel(t, s.device) : '-'} · {s.ip ?? '-'} · {formatDateTime(s.lastSeenAt)}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={end.isPending}
                onClick={() =>
                  end.mutate(s.id, {
                    onSuccess: () => toast.success(t('admin:security.ended')),
                    onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
                  })
                }
              >
                {t('admin:security.end')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </TitledCard>
  );
}
