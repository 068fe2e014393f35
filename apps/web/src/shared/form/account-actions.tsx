import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Permission } from '@aurum/domain/access/permissions';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { PasswordDialog } from './password-dialog.tsx';

export type AccountAction = 'password' | 'logout' | 'delete';

/** One action's call and whether it is running. */
export interface AccountCall<A extends unknown[] = []> {
  run: (...args: A) => Promise<unknown>;
  pending: boolean;
}

export interface AccountActionsProps {
  /** Whose texts: the admin or user namespace (both hold the same action and toast keys). */
  ns: 'admin' | 'user';
  username: string;
  /** What each action needs: without it the action is off, naming the roles that have it. */
  permissions: { reset: Permission; logout: Permission; remove: Permission };
  /** Why delete is off although permitted (one's own account, a wallet with money). */
  deleteBlocked?: string;
  calls: { reset: AccountCall<[password: string]>; logout: AccountCall; remove: AccountCall };
  /** The list to open once the account is deleted. */
  afterDelete: string;
  /** A failed action; `close` closes its dialog. */
  onFailure: (error: unknown, action: AccountAction, close: () => void) => void;
  /** Actions before these in the same tool bar (edit, new order). */
  children?: ReactNode;
}

/**
 * Reset password, force logout and delete of an account (admins and users), each behind its
 * permission and a confirmation; one tool bar with the actions before them, whose reasons for
 * being off are written under it.
 */
export function AccountActions({ ns, username, permissions, deleteBlocked, calls, afterDelete, onFailure, children }: AccountActionsProps) {
  const { t } = useTranslation([ns, 'common']);
  const navigate = useNavigate();
  const toast = useToast();
  const [dialog, setDialog] = useState<AccountAction | null>(null);
  const close = () => setDialog(null);
  const dialogOf = (action: AccountAction) => ({ open: dialog === action, onOpenChange: (open: boolean) => setDialog(open ? action : null) });
  const run = (action: AccountAction, call: Promise<unknown>, done: string) =>
    void call.then(
      () => {
        close();
        toast.success(done);
        if (action === 'delete') void navigate(afterDelete, { replace: true });
      },
      (error: unknown) => onFailure(error, action, close),
    );
  return (
    <>
      <ActionGroup>
        {children}
        <ActionButton variant="secondary" permission={permissions.reset} onClick={() => setDialog('password')}>
          {t(`${ns}:actions.resetPassword`)}
        </ActionButton>
        <ActionButton variant="secondary" permission={permissions.logout} onClick={() => setDialog('logout')}>
          {t(`${ns}:actions.logout`)}
        </ActionButton>
        <ActionButton variant="danger" permission={permissions.remove} blocked={deleteBlocked} onClick={() => setDialog('delete')}>
          {t('common:delete')}
        </ActionButton>
      </ActionGroup>
      <PasswordDialog
        strength={ns === 'admin'}
        {...dialogOf('password')}
        title={t(`${ns}:actions.resetPassword`)}
        description={t(`${ns}:actions.resetPasswordText`, { username })}
        loading={calls.reset.pending}
        onSubmit={(password) => run('password', calls.reset.run(password), t(`${ns}:toast.passwordReset`, { username }))}
      />
      <ConfirmDialog
        {...dialogOf('logout')}
        title={t(`${ns}:actions.logout`)}
        message={t(`${ns}:actions.logoutText`, { username })}
        confirmLabel={t(`${ns}:actions.logout`)}
        loading={calls.logout.pending}
        onConfirm={() => run('logout', calls.logout.run(), t(`${ns}:toast.loggedOut`, { username }))}
      />
      <ConfirmDialog
        {...dialogOf('delete')}
        title={t(`${ns}:actions.deleteTitle`)}
        message={t(`${ns}:actions.deleteText`, { username })}
        confirmLabel={t('common:delete')}
        danger
        loading={calls.remove.pending}
        onConfirm={() => run('delete', calls.remove.run(), t(`${ns}:toast.deleted`, { username }))}
      />
    </>
  );
}
