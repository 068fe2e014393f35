import { useTranslation } from 'react-i18next';
import { rolesWith, type Permission } from '@aurum/domain/access/permissions';
import { ADMIN_ROLES } from '@aurum/domain/access/roles';
import { useCanCheck } from './use-can.ts';

/**
 * Why an action is off for the signed-in admin, naming the roles that may take it ("Your role
 * cannot do this. Roles that can: Super admin and Finance approver."): a new maker learns whom to ask.
 * Several permissions mean any of them will do (a list offering deposits, withdrawals and
 * transfers); no permission means nothing to explain.
 */
export function useWhyNot(permission: Permission | readonly Permission[] | undefined): string | null {
  const { t, i18n } = useTranslation(['common', 'shell']);
  const can = useCanCheck();
  if (permission === undefined) return null;
  const wanted: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  if (wanted.some(can)) return null;
  const granted = new Set(wanted.flatMap((p) => rolesWith(p)));
  const names: string[] = ADMIN_ROLES.filter((role) => granted.has(role)).map((role) => t(`common:roles.${role}`));
  return t('shell:whoMay', { roles: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names) });
}

/** The reason an action is off, on the screen beside it (not only in a tooltip). */
export function BlockedReason({ reason, testId = 'blocked-reason', id }: { reason: string | null; testId?: string; id?: string }) {
  if (!reason) return null;
  return (
    <p id={id} className="text-sm text-slate-700" data-testid={testId}>
      {reason}
    </p>
  );
}
