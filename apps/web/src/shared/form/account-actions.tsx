import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
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
  can: { reset: boolean; logout: boolean; remove: boolean };
  /** Why delete is off although permitted (one's own account). */
  deleteBlocked?: string;
  calls: { reset: AccountCall<[password: string]>; logout: AccountCall; remove: AccountCall };
  /** The list to open once the account is deleted. */
  afterDelete: string;
  /** A failed action; `close` closes its dialog. */
  onFailure: (error: unknown, action: AccountAction, close: () => void) => void;
  /** Actions before these (edit). */
  children?: ReactNode;
}

/** Reset password, force logout and delete of an account (admins and users), each behind its permission and a confirmation. */
export function AccountActions({ ns, username, can, deleteBlocked, calls, afterDelete, onFailure, children }: AccountActionsProps) {
  const { t } = useTranslation([ns, 'common']);
  const navigate = useNavigate();
  const toast = useToast();
  const [dialog, setDialog] = useState<AccountAction | null>(null);
  const noPermission = t('common:noPermission');
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
      {children}
      <Button variant="secondary" disabled={!can.reset} title={can.reset ? undefined : noPermission} onClick={() => setDialog('password')}>
        {t(`${ns}:actions.resetPassword`)}
      </Button>
      <Button variant="secondary" disabled={!can.logout} title={can.logout ? undefined : noPermission} onClick={() => setDialog('logout')}>
        {t(`${ns}:actions.logout`)}
      </Button>
      <Button variant="danger" disabled={!can.remove || deleteBlocked !== undefined} title={!can.remove ? noPermission : deleteBlocked} onClick={() => setDialog('delete')}>
        {t('common:delete')}
      </Button>
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
