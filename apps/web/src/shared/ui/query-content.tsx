import type { ReactNode } from 'react';
import { errorMessage } from '#shared/http/api-error.ts';
import { ErrorAlert } from './error-alert.tsx';
import { SectionSpinner } from './spinner.tsx';

/** What a section needs of a query to show it: TanStack's query result fits. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/** A section that loads: the spinner (or `pending`) while it loads, the alert when it failed (`compact` in a small card), else `children(data)`. */
export function QueryContent<T>({ query, pending, compact, children }: { query: QueryLike<T>; pending?: ReactNode; compact?: boolean; children: (data: T) => ReactNode }) {
  if (query.isPending) return pending ?? <SectionSpinner />;
  if (query.isError) return <ErrorAlert compact={compact}>{errorMessage(query.error)}</ErrorAlert>;
  return children(query.data as T);
}
