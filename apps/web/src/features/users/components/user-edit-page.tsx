import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { UserEditBody } from '@aurum/domain/users/user-schemas';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { useAccountSave } from '#shared/form/use-account-save.ts';
import { useUser } from '../api/get-user.ts';
import { useEditUser } from '../api/edit-user.ts';
import { UserForm } from './user-form.tsx';

/** User Edit (/account/user/:userId/edit/): profile fields; address and fees are edited on the information page. */
export function UserEditPage() {
  const { t } = useTranslation(['user', 'common']);
  const userId = Number(useParams().userId);
  const navigate = useNavigate();
  const save = useAccountSave();
  const user = useUser(userId);
  const edit = useEditUser();
  const whyNot = useWhyNot('editUser');
  const back = `/account/user/${userId}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('user:edit')} back={back} subtitle={user.data?.profile.username} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <QueryContent query={user}>
          {(found) => (
            <UserForm
              mode="edit"
              submitLabel={t('common:save')}
              submitting={edit.isPending}
              defaultValues={{
                username: found.profile.username,
                email: found.profile.email,
                firstName: found.profile.firstName,
                lastName: found.profile.lastName,
                phone: found.profile.phone ?? { countryCode: '', number: '' },
                category: found.profile.category,
                companyName: found.profile.companyName ?? '',
                companyRegistrationNumber: found.profile.companyRegistrationNumber ?? '',
                companyPhoneNumber: found.profile.companyPhoneNumber ?? '',
                internal: found.profile.internal,
                preferredLanguage: found.profile.preferredLanguage,
              }}
              onCancel={() => void navigate(back)}
              onSubmit={(values) =>
                save(async () => {
                  await edit.mutateAsync({ userId, body: values as UserEditBody });
                  return { toast: t('user:toast.edited', { username: (values as UserEditBody).username }), to: back };
                })
              }
            />
          )}
        </QueryContent>
      )}
    </div>
  );
}
