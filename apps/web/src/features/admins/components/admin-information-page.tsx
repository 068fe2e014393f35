import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PERMISSIONS, permissionsOf } from '@aurum/domain/access/permissions';
import { roleFromServer } from '@aurum/domain/access/roles';
import type { AdminDetail } from '@aurum/domain/admins/admin-views';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useCan } from '#shared/access/use-can.ts';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { PasswordDialog } from '#shared/form/password-dialog.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button, buttonVariants } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useAdminDetail } from '../api/get-admin.ts';
import { useDeleteAdmin } from '../api/delete-admin.ts';
import { useLogoutAdmin } from '../api/logout-admin.ts';
import { useResetAdminPassword } from '../api/reset-admin-password.ts';

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
        <Card>
          <p className="text-sm text-slate-600">{t('admin:notFound')}</p>
        </Card>
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

type Dialog = 'password' | 'logout' | 'delete' | null;

function AdminActions({ admin }: { admin: AdminDetail }) {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const toast = useToast();
  const me = useAdmin();
  const [dialog, setDialog] = useState<Dialog>(null);
  const can = { edit: useCan('editAdmin'), reset: useCan('resetAdminPassword'), logout: useCan('logoutAdmin'), remove: useCan('deleteAdmin') };
  const reset = useResetAdminPassword();
  const logout = useLogoutAdmin();
  const remove = useDeleteAdmin();
  const self = me?.id === admin.id;
  const username = admin.username;
  const noPermission = t('common:noPermission');
  const showFailure = useFailureToast();
  const fail = (error: unknown) => {
    setDialog(null);
    showFailure(error);
  };
  return (
    <>
      {can.edit ? (
        <Link to={`/account/admin/edit/?adminId=${admin.id}`} className={buttonVariants({ variant: 'secondary' })}>
          {t('common:edit')}
        </Link>
      ) : (
        <Button variant="secondary" disabled title={noPermission}>
          {t('common:edit')}
        </Button>
      )}
      <Button variant="secondary" disabled={!can.reset} title={can.reset ? undefined : noPermission} onClick={() => setDialog('password')}>
        {t('admin:actions.resetPassword')}
      </Button>
      <Button variant="secondary" disabled={!can.logout} title={can.logout ? undefined : noPermission} onClick={() => setDialog('logout')}>
        {t('admin:actions.logout')}
      </Button>
      <Button variant="danger" disabled={!can.remove || self} title={!can.remove ? noPermission : self ? t('admin:actions.notSelf') : undefined} onClick={() => setDialog('delete')}>
        {t('common:delete')}
      </Button>
      <PasswordDialog
        open={dialog === 'password'}
        onOpenChange={(open) => setDialog(open ? 'password' : null)}
        title={t('admin:actions.resetPassword')}
        description={t('admin:actions.resetPasswordText', { username })}
        loading={reset.isPending}
        onSubmit={(password) =>
          reset.mutate(
            { adminId: admin.id, password },
            {
              onSuccess: () => {
                setDialog(null);
                toast.success(t('admin:toast.passwordReset', { username }));
              },
              onError: fail,
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'logout'}
        onOpenChange={(open) => setDialog(open ? 'logout' : null)}
        title={t('admin:actions.logout')}
        message={t('admin:actions.logoutText', { username })}
        confirmLabel={t('admin:actions.logout')}
        loading={logout.isPending}
        onConfirm={() =>
          logout.mutate(admin.id, {
            onSuccess: () => {
              setDialog(null);
              toast.success(t('admin:toast.loggedOut', { username }));
            },
            onError: fail,
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('admin:actions.deleteTitle')}
        message={t('admin:actions.deleteText', { username })}
        confirmLabel={t('common:delete')}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(admin.id, {
            onSuccess: () => {
              setDialog(null);
              toast.success(t('admin:toast.deleted', { username }));
              void navigate('/account/admin/', { replace: true });
            },
            onError: fail,
          })
        }
      />
    </>
  );
}
