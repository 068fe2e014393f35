import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A table row's action at its end: a small ghost button in a right-aligned cell. */
export function RowActionCell({ onClick, label, children }: { onClick: () => void; label?: string; children: ReactNode }) {
  return (
    <td className="px-4 py-3 text-right">
      <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onClick} aria-label={label}>
        {children}
      </Button>
    </td>
  );
}
