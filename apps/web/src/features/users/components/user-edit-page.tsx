import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { UserEditBody } from '@aurum/domain/users/user-schemas';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useCan } from '#shared/access/use-can.ts';
import { duplicateOf } from '#shared/form/server-errors.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Card } from '#shared/ui/card.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { useUser } from '../api/get-user.ts';
import { useEditUser } from '../api/edit-user.ts';
import { UserForm } from './user-form.tsx';

/** User Edit (/account/user/:userId/edit/): profile fields; address and fees are edited on the information page. */
export function UserEditPage() {
  const { t } = useTranslation(['user', 'common']);
  const userId = Number(useParams().userId);
  const navigate = useNavigate();
  const toast = useToast();
  const fail = useFailureToast();
  const user = useUser(userId);
  const edit = useEditUser();
  const allowed = useCan('editUser');
  const back = `/account/user/${userId}`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('user:edit')} back={back} subtitle={user.data?.profile.username} />
      {!allowed ? (
        <Card>
          <p className="text-sm text-slate-600">{t('common:noPermission')}</p>
        </Card>
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
              }}
              onCancel={() => void navigate(back)}
              onSubmit={async (values) => {
                try {
                  await edit.mutateAsync({ userId, body: values as UserEditBody });
                  toast.success(t('user:toast.edited', { username: (values as UserEditBody).username }));
                  void navigate(back);
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
