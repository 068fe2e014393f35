import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { roleFromServer } from '@aurum/domain/access/roles';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useCan } from '#shared/access/use-can.ts';
import { duplicateOf } from '#shared/form/server-errors.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Card } from '#shared/ui/card.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useAdminDetail } from '../api/get-admin.ts';
import { useEditAdmin } from '../api/edit-admin.ts';
import { AdminForm } from './admin-form.tsx';

/** Admin Edit (/account/admin/edit/?adminId=): e-mail, names, role (never the username). */
export function AdminEditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const adminId = Number(useSearchParams()[0].get('adminId'));
  const navigate = useNavigate();
  const from = usePreviousPath();
  const toast = useToast();
  const fail = useFailureToast();
  const admin = useAdminDetail(adminId);
  const edit = useEditAdmin();
  const allowed = useCan('editAdmin');
  const info = `/account/admin/info/?adminId=${adminId}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('admin:edit')} back={from ?? info} subtitle={admin.data?.username} />
      {!allowed ? (
        <Card>
          <p className="text-sm text-slate-600" data-testid="no-permission">
            {t('common:noPermission')}
          </p>
        </Card>
      ) : !Number.isSafeInteger(adminId) || adminId <= 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('admin:notFound')}</p>
        </Card>
      ) : (
        <QueryContent query={admin}>
          {(found) => (
            <AdminForm
              mode="edit"
              defaultValues={{ username: found.username, email: found.email, firstName: found.firstName, lastName: found.lastName, role: roleFromServer(found.role) }}
              submitting={edit.isPending}
              submitLabel={t('common:save')}
              onCancel={() => void navigate(info)}
              onSubmit={async ({ email, firstName, lastName, role }) => {
                try {
                  await edit.mutateAsync({ adminId, body: { email, firstName, lastName, role } });
                  toast.success(t('admin:toast.edited', { username: found.username }));
                  void navigate(info);
                  return null;
                } catch (error) {
                  if (!duplicateOf(error)) fail(error);
                  return error;
                }
              }}
            />
          )}
        </QueryContent>
      )}
    </div>
  );
}
