import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserCreateBody } from '@aurum/domain/users/user-schemas';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useCan } from '#shared/access/use-can.ts';
import { duplicateOf } from '#shared/form/server-errors.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Card } from '#shared/ui/card.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { UserForm, type UserCreateValues } from './user-form.tsx';

/** User Create (/account/user/create/): every field, password twice, optional address. */
export function UserCreatePage() {
  const { t } = useTranslation(['user', 'common']);
  const navigate = useNavigate();
  const from = usePreviousPath();
  const toast = useToast();
  const fail = useFailureToast();
  const create = useCreateUser();
  const allowed = useCan('addUser');
  const back = from ?? '/account/user/';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('user:create')} back={back} />
      {!allowed ? (
        <Card>
          <p className="text-sm text-slate-600">{t('common:noPermission')}</p>
        </Card>
      ) : (
        <UserForm
          mode="create"
          submitLabel={t('user:create')}
          submitting={create.isPending}
          defaultValues={{ category: 'individual', internal: false, phone: { countryCode: '', number: '' } }}
          onCancel={() => void navigate(back)}
          onSubmit={async (values) => {
            const { confirmPassword: _confirm, ...body } = values as UserCreateValues;
            try {
              const { id } = await create.mutateAsync(body as UserCreateBody);
              toast.success(t('user:toast.created', { username: body.username }));
              void navigate(`/account/user/${id}`);
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
