import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useCan } from '#shared/access/use-can.ts';
import { duplicateOf } from '#shared/form/server-errors.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Card } from '#shared/ui/card.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { useCreateAdmin } from '../api/create-admin.ts';
import { AdminForm } from './admin-form.tsx';

/** Admin Create (/account/admin/create/, addAdmin). */
export function AdminCreatePage() {
  const { t } = useTranslation(['admin', 'common']);
  const navigate = useNavigate();
  const from = usePreviousPath();
  const toast = useToast();
  const fail = useFailureToast();
  const create = useCreateAdmin();
  const allowed = useCan('addAdmin');
  const back = from ?? '/account/admin/';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('admin:create')} back={back} />
      {!allowed ? (
        <Card>
          <p className="text-sm text-slate-600">{t('common:noPermission')}</p>
        </Card>
      ) : (
        <AdminForm
          mode="create"
          defaultValues={{}}
          submitting={create.isPending}
          submitLabel={t('admin:create')}
          onCancel={() => void navigate(back)}
          onSubmit={async ({ confirmPassword: _confirm, ...body }) => {
            try {
              const { id } = await create.mutateAsync(body);
              toast.success(t('admin:toast.created', { username: body.username }));
              void navigate(`/account/admin/info/?adminId=${id}`);
              return null;
            } catch (error) {
              if (!duplicateOf(error)) fail(error);
              return error;
            }
          }}
        />
      )}
    </div>
  );
}
