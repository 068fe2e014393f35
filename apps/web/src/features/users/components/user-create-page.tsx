import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserCreateBody } from '@aurum/domain/users/user-schemas';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { useAccountSave } from '#shared/form/use-account-save.ts';
import { useCreateUser } from '../api/create-user.ts';
import { UserForm, type UserCreateValues } from './user-form.tsx';

/** User Create (/account/user/create/): every field, password twice, optional address. */
export function UserCreatePage() {
  const { t } = useTranslation(['user', 'common']);
  const navigate = useNavigate();
  const from = usePreviousPath();
  const save = useAccountSave();
  const create = useCreateUser();
  const whyNot = useWhyNot('addUser');
  const back = from ?? '/account/user/';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('user:create')} back={back} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <UserForm
          mode="create"
          submitLabel={t('user:create')}
          submitting={create.isPending}
          defaultValues={{ category: 'individual', internal: false, preferredLanguage: 'en', phone: { countryCode: '', number: '' } }}
          onCancel={() => void navigate(back)}
          onSubmit={(values) => {
            const { confirmPassword: _confirm, ...body } = values as UserCreateValues;
            return save(async () => {
              const { id } = await create.mutateAsync(body as UserCreateBody);
              return { toast: t('user:toast.created', { username: body.username }), to: `/account/user/${id}` };
            });
          }}
        />
      )}
    </div>
  );
}
