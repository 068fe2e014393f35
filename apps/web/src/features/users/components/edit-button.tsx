import type { ReactNode } from 'react';
import { ActionButton } from '#shared/access/action-button.tsx';

/** A section's edit button: off without editUser, saying why and who may. */
export function EditButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <ActionButton variant="secondary" permission="editUser" onClick={onClick}>
      {children}
    </ActionButton>
  );
}
