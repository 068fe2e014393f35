import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { useAccountSave } from '#shared/form/use-account-save.ts';
import { useCreateAdmin } from '../api/create-admin.ts';
import { AdminForm } from './admin-form.tsx';

/** Admin Create (/account/admin/create/, addAdmin). */
export function AdminCreatePage() {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const from = usePreviousPath();
  const save = useAccountSave();
  const create = useCreateAdmin();
  const whyNot = useWhyNot('addAdmin');
  const back = from ?? '/account/admin/';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('admin:create')} back={back} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <AdminForm
          mode="create"
          defaultValues={{}}
          submitting={create.isPending}
          submitLabel={t('admin:create')}
          onCancel={() => void navigate(back)}
          onSubmit={({ confirmPassword: _confirm, ...body }) =>
            save(async () => {
              const { id } = await create.mutateAsync(body);
              return { toast: t('admin:toast.created', { username: body.username }), to: `/account/admin/info/?adminId=${id}` };
            })
          }
        />
      )}
    </div>
  );
}
