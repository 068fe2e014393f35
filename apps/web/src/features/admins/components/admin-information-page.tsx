import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PERMISSIONS, permissionsOf } from '@aurum/domain/access/permissions';
import { roleFromServer } from '@aurum/domain/access/roles';
import type { AdminDetail } from '@aurum/domain/admins/admin-views';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { ActionButton } from '#shared/access/action-button.tsx';
import { useCan } from '#shared/access/use-can.ts';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { AccountActions } from '#shared/form/account-actions.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { Badge } from '#shared/ui/badge.tsx';
import { buttonVariants } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { useAdminDetail } from '../api/get-admin.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useLogoutAdmin } from '../api/logout-admin.ts';
import { useResetAdminPassword } from '../api/reset-admin-password.ts';
import { AdminSecurityCard } from './admin-security-card.tsx';

/** Admin Information (/account/admin/info/?adminId=): details, what its role grants, actions. */
export function AdminInformationPage() {
  const { t } = useTranslation(['admin', 'common']);
  const adminId = Number(useSearchParams()[0].get('adminId'));
  const from = usePreviousPath();
  const admin = useAdminDetail(adminId);
  const valid = Number.isSafeInteger(adminId) && adminId > 0;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('admin:information')} back={from ?? '/account/admin/'} subtitle={admin.data?.username} actions={admin.data ? <AdminActions admin={admin.data} /> : null} />
      {!valid ? (
        <Notice>{t('admin:notFound')}</Notice>
      ) : (
        <QueryContent query={admin}>
          {(found) => (
            <>
              <Card>
                <DetailList
                  columns={3}
                  items={[
                    { label: t('admin:fields.id'), value: found.id },
                    { label: t('admin:fields.username'), value: found.username, testId: 'admin-username' },
                    { label: t('admin:fields.fullName'), value: found.fullName },
                    { label: t('admin:fields.email'), value: found.email },
                    { label: t('admin:fields.role'), value: <Badge>{t(`common:roles.${roleFromServer(found.role)}`)}</Badge>, testId: 'admin-role' },
                    { label: t('admin:fields.createdAt'), value: formatDateTime(found.createdAt) },
                    { label: t('admin:fields.createdBy'), value: orDash(found.createdBy) },
                  ]}
                />
              </Card>
              <PermissionTable admin={found} />
              <AdminSecurityCard adminId={found.id} />
            </>
          )}
        </QueryContent>
      )}
    </div>
  );
}

/** Every permission with whether the admin's role grants it (DECISIONS.md §8). */
function PermissionTable({ admin }: { admin: AdminDetail }) {
  const { t } = useTranslation(['admin']);
  const role = roleFromServer(admin.role);
  const granted = new Set(permissionsOf(role));
  return (
    <Card>
      <h2 className="mb-1 text-base font-semibold text-slate-900">{t('admin:permissions.title')}</h2>
      <p className="mb-4 text-sm text-slate-600">{t('admin:permissions.text', { count: granted.size })}</p>
      <div className="overflow-hidden rounded-lg border border-slate-200">
        <table aria-label={t('admin:permissions.title')} className="min-w-full divide-y divide-slate-200 text-sm" data-testid="permission-table">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-4 py-2 text-left text-xs font-semibold text-slate-600 uppercase">
                {t('admin:permissions.permission')}
              </th>
              <th scope="col" className="px-4 py-2 text-left text-xs font-semibold text-slate-600 uppercase">
                {t('admin:permissions.allowed')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {PERMISSIONS.map((permission) => (
              <tr key={permission} data-permission={permission}>
                <td className="px-4 py-2 text-slate-800">{t(`admin:permissionNames.${permission}`)}</td>
                <td className="px-4 py-2">
                  {granted.has(permission) ? <Badge variant="approved">{t('admin:permissions.yes')}</Badge> : <Badge variant="gray">{t('admin:permissions.no')}</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function AdminActions({ admin }: { admin: AdminDetail }) {
  const { t } = useTranslation(['admin', 'common']);
  const me = useAdmin();
  const canEdit = useCan('editAdmin');
  const reset = useResetAdminPassword();
  const logout = useLogoutAdmin();
  const remove = useDeleteAdmin();
  const showFailure = useFailureToast();
  return (
    <AccountActions
      ns="admin"
      username={admin.username}
      permissions={{ reset: 'resetAdminPassword', logout: 'logoutAdmin', remove: 'deleteAdmin' }}
      deleteBlocked={me?.id === admin.id ? t('admin:actions.notSelf') : undefined}
      calls={{
        reset: { run: (password) => reset.mutateAsync({ adminId: admin.id, password }), pending: reset.isPending },
        logout: { run: () => logout.mutateAsync(admin.id), pending: logout.isPending },
        remove: { run: () => remove.mutateAsync(admin.id), pending: remove.isPending },
      }}
      afterDelete="/account/admin/"
      onFailure={(error, _action, close) => {
        close();
        showFailure(error);
      }}
    >
      {canEdit ? (
        <Link to={`/account/admin/edit/?adminId=${admin.id}`} className={buttonVariants({ variant: 'secondary' })}>
          {t('common:edit')}
        </Link>
      ) : (
        <ActionButton variant="secondary" permission="editAdmin">
          {t('common:edit')}
        </ActionButton>
      )}
    </AccountActions>
  );
}
