import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { ActionButton } from '#shared/access/action-button.tsx';
import { useCan } from '#shared/access/use-can.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { AccountActions } from '#shared/form/account-actions.tsx';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { buttonVariants } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { TabList } from '#shared/ui/tab-list.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { USER_TAB_SLOTS, userTabComponent, type UserTabSlot } from '#shared/slots/slots.ts';
import { QueryContent } from '#shared/ui/query-content.tsx';
import type { UserDetail } from '@aurum/domain/users/user-views';
import { isWalletEmpty } from '@aurum/domain/wallet/wallet-view';
import { useUser } from '../api/get-user.ts';
import { useWalletLive } from '../api/use-wallet-live.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useLogoutUser } from '../api/logout-user.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';
import { AddressSection } from './address-section.tsx';
import { BankSection } from './bank-section.tsx';
import { TradeConfigSection } from './trade-config-section.tsx';
import { WalletSection } from './wallet-section.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';

export const USER_TABS = ['profile', ...USER_TAB_SLOTS] as const;
type UserTab = (typeof USER_TABS)[number];

/** User Information (/account/user/:userId): tabs; the profile tab holds every section of the user. */
export function UserInformationPage() {
  const { t } = useTranslation(['user', 'common']);
  const userId = Number(useParams().userId);
  const [query, setQuery] = useSearchParams();
  const tabParam = query.get('tab');
  const tab: UserTab = (USER_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as UserTab) : 'profile';
  const user = useUser(userId);
  useWalletLive(userId);
  const from = usePreviousPath();
  // back to the list as it was left (its search, filters and page), else the plain list
  const back = from !== null && /^\/account\/user\/?(\?|$)/.test(from) ? from : '/account/user/';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('user:information')} back={back} subtitle={
          user.data ? (
            <>
              {`${user.data.profile.username} · #${user.data.profile.id}`}
              {user.data.complianceHold ? (
                <span className="ml-2" data-testid="compliance-hold">
                  <Badge variant="declined">{t('user:complianceHold')}</Badge>
                </span>
              ) : null}
            </>
          ) : undefined
        } actions={user.data ? <UserActions user={user.data} /> : null} />
      <TabList
        label={t('user:information')}
        tabs={USER_TABS.map((name) => ({ value: name, label: t(`user:tabs.${name}`) }))}
        value={tab}
        onChange={(name) => setQuery(name === 'profile' ? new URLSearchParams() : new URLSearchParams({ tab: name }))}
      />
      <div role="tabpanel" aria-label={t(`user:tabs.${tab}`)}>
        <QueryContent query={user}>
          {(found) => (tab === 'profile' ? (
            <div className="flex flex-col gap-6">
              <ProfileSection user={found} />
              <AddressSection userId={userId} address={found.address} />
              <BankSection userId={userId} bank={found.bankAccount} />
              <TradeConfigSection userId={userId} config={found.tradeConfig} />
              <WalletSection userId={userId} />
            </div>
          ) : (
            <SlotTab name={tab} userId={userId} />
          ))}
        </QueryContent>
      </div>
    </div>
  );
}

/** A tab another feature fills (src/app/slots.ts registers it); "coming soon" until one does. */
function SlotTab({ name, userId }: { name: UserTabSlot; userId: number }) {
  const { t } = useTranslation(['common']);
  const Tab = userTabComponent(name);
  if (!Tab) {
    return (
      <Card>
        <p className="text-sm text-slate-600" data-testid="coming-tab">
          {t('common:comingSoon')}
        </p>
      </Card>
    );
  }
  return (
    <Suspense fallback={<SectionSpinner />}>
      <Tab userId={userId} />
    </Suspense>
  );
}

function ProfileSection({ user }: { user: UserDetail }) {
  const { t } = useTranslation(['user', 'common']);
  const canEdit = useCan('editUser');
  const p = user.profile;
  return (
    <TitledCard
      title={t('user:sections.profile')}
      action={
        canEdit ? (
          <Link to={`/account/user/${p.id}/edit/`} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
            {t('common:edit')}
          </Link>
        ) : (
          <ActionButton variant="secondary" permission="editUser">
            {t('common:edit')}
          </ActionButton>
        )
      }
    >
      <DetailList
        columns={3}
        items={[
          { label: t('user:fields.id'), value: p.id },
          { label: t('user:fields.username'), value: p.username, testId: 'profile-username' },
          { label: t('user:fields.name'), value: `${p.firstName} ${p.lastName}` },
          { label: t('user:fields.email'), value: p.email },
          { label: t('user:fields.phone'), value: p.phone ? `+${p.phone.countryCode} ${p.phone.number}` : orDash(null), testId: 'profile-phone' },
          { label: t('user:fields.category'), value: <Badge>{t(`user:categories.${p.category}`)}</Badge> },
          { label: t('user:fields.companyName'), value: orDash(p.companyName) },
          { label: t('user:fields.companyRegistrationNumber'), value: orDash(p.companyRegistrationNumber) },
          { label: t('user:fields.companyPhoneNumber'), value: orDash(p.companyPhoneNumber) },
          { label: t('user:fields.internal'), value: p.internal ? t('common:yes') : t('common:no') },
          { label: t('user:fields.preferredLanguage'), value: t(`user:languages.${p.preferredLanguage}`), testId: 'profile-language' },
          { label: t('user:fields.acceptedTermsVersion'), value: orDash(p.acceptedTermsVersion) },
          { label: t('user:fields.createdAt'), value: formatDateTime(p.createdAt) },
          { label: t('user:fields.createdBy'), value: orDash(p.createdBy) },
        ]}
      />
    </TitledCard>
  );
}

/**
 * New order, reset password, force logout and delete, each behind its permission and a
 * confirmation; delete is off while the wallet holds anything (the server refuses it too, and also
 * while requests are pending, which this page does not know).
 */
function UserActions({ user }: { user: UserDetail }) {
  const toast = useToast();
  const reset = useResetUserPassword();
  const logout = useLogoutUser();
  const remove = useDeleteUser();
  const id = user.profile.id;
  const fail = useFailureToast();
  const { t } = useTranslation('user');
  const canTrade = useCan('createOrder');
  return (
    <AccountActions
      ns="user"
      username={user.profile.username}
      permissions={{ reset: 'resetUserPassword', logout: 'logoutUser', remove: 'deleteUser' }}
      deleteBlocked={isWalletEmpty(user.wallet) ? undefined : t('actions.walletNotEmpty')}
      calls={{
        reset: { run: (password) => reset.mutateAsync({ userId: id, password }), pending: reset.isPending },
        logout: { run: () => logout.mutateAsync(id), pending: logout.isPending },
        remove: { run: () => remove.mutateAsync(id), pending: remove.isPending },
      }}
      afterDelete="/account/user/"
      onFailure={(error, action, close) => {
        if (action !== 'delete') return fail(error);
        close();
        toast.error(errorMessage(error));
      }}
    >
      {canTrade ? (
        <Link to={`/order/create?userId=${id}`} className={buttonVariants({ size: 'sm' })} data-testid="user-new-order">
          {t('newOrder')}
        </Link>
      ) : null}
    </AccountActions>
  );
}
