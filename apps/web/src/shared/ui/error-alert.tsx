import type { ReactNode } from 'react';

/** The red alert that replaces a section whose data could not be loaded; `compact` inside a small card. */
export function ErrorAlert({ children, testId, compact = false }: { children: ReactNode; testId?: string; compact?: boolean }) {
  return (
    <p role="alert" data-testid={testId} className={compact ? 'text-sm text-red-700' : 'rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800'}>
      {children}
    </p>
  );
}
