import { useTranslation } from 'react-i18next';
import { rolesWith, type Permission } from '@aurum/domain/access/permissions';
import { useCan } from './use-can.ts';

/**
 * Why an action is off for the signed-in admin, naming the roles that may take it ("Your role
 * cannot do this. Roles that can: Super admin and Finance approver."): a new maker learns whom to ask.
 */
export function useWhyNot(permission: Permission): string | null {
  const { t, i18n } = useTranslation(['common', 'shell']);
  const allowed = useCan(permission);
  if (allowed) return null;
  const names: string[] = rolesWith(permission).map((role) => t(`common:roles.${role}`));
  return t('shell:whoMay', { roles: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names) });
}

/** The reason an action is off, on the screen beside it (not only in a tooltip). */
export function BlockedReason({ reason, testId = 'blocked-reason' }: { reason: string | null; testId?: string }) {
  if (!reason) return null;
  return (
    <p className="text-sm text-slate-700" data-testid={testId}>
      {reason}
    </p>
  );
}
