import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { roleFromServer } from '@aurum/domain/access/roles';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { useAccountSave } from '#shared/form/use-account-save.ts';
import { useAdminDetail } from '../api/get-admin.ts';
import { useEditAdmin } from '../api/edit-admin.ts';
import { AdminForm } from './admin-form.tsx';

/** Admin Edit (/account/admin/edit/?adminId=): e-mail, names, role (never the username). */
export function AdminEditPage() {
  const { t } = useTranslation(['admin', 'common']);
  const adminId = Number(useSearchParams()[0].get('adminId'));
  const navigate = useNavigate();
  const from = usePreviousPath();
  const save = useAccountSave();
  const admin = useAdminDetail(adminId);
  const edit = useEditAdmin();
  const whyNot = useWhyNot('editAdmin');
  const info = `/account/admin/info/?adminId=${adminId}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('admin:edit')} back={from ?? info} subtitle={admin.data?.username} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : !Number.isSafeInteger(adminId) || adminId <= 0 ? (
        <Notice>{t('admin:notFound')}</Notice>
      ) : (
        <QueryContent query={admin}>
          {(found) => (
            <AdminForm
              mode="edit"
              defaultValues={{ username: found.username, email: found.email, firstName: found.firstName, lastName: found.lastName, role: roleFromServer(found.role) }}
              submitting={edit.isPending}
              submitLabel={t('common:save')}
              onCancel={() => void navigate(info)}
              onSubmit={({ email, firstName, lastName, role }) =>
                save(async () => {
                  await edit.mutateAsync({ adminId, body: { email, firstName, lastName, role } });
                  return { toast: t('admin:toast.edited', { username: found.username }), to: info };
                })
              }
            />
          )}
        </QueryContent>
      )}
    </div>
  );
}
