import type { ReactNode } from 'react';
import { Card } from './card.tsx';

/** A card that only says something (no permission, not found) in place of a page's content. */
export function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-600" data-testid={testId}>
        {children}
      </p>
    </Card>
  );
}
