import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '#shared/access/use-can.ts';
import { Button } from '#shared/ui/button.tsx';

/** A section's edit button: off, saying why, without editUser. */
export function EditButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  const { t } = useTranslation(['common']);
  const canEdit = useCan('editUser');
  return (
    <Button variant="secondary" disabled={!canEdit} title={canEdit ? undefined : t('common:noPermission')} onClick={onClick}>
      {children}
    </Button>
  );
}
